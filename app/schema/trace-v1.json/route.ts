import { traceJsonSchema } from "@/lib/trace/json-schema";

export const dynamic = "force-static";

/**
 * GET /schema/trace-v1.json — the JSON Schema of the native trace format. Public and static (built
 * once): it holds no data, so it is the one route outside defineRoute.
 */
export function GET() {
  return Response.json(traceJsonSchema(), {
    headers: { "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" },
  });
}
