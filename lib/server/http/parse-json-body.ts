import "server-only";
import type { z } from "zod";
import { ApiError } from "../api-errors";
import { readBodyLimited } from "../read-body";

/**
 * A bounded JSON body validated by `schema`: 413 over `maxBytes`, 400 when it is not JSON, 422
 * (`code`) naming up to three problems when it does not fit.
 */
export async function parseJsonBody<S extends z.ZodType>(
  req: Request,
  maxBytes: number,
  schema: S,
  code: string,
  what: string,
): Promise<z.infer<S>> {
  const bytes = await readBodyLimited(req, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(400, "malformed_json", "The body must be JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ApiError(
      422,
      code,
      `Not ${what}: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ")}`,
    );
  return parsed.data;
}
