import { reportJsonSchema } from "@/lib/attribution/report-schema";

export const dynamic = "force-static";

/** GET /schema/report-v1.json — the JSON Schema of the analysis report (API, exports, `culprit analyze --json`). */
export function GET() {
  return Response.json(reportJsonSchema(), { headers: { "cache-control": "public, max-age=3600" } });
}
