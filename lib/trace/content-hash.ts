import { createHash } from "node:crypto";
import type { TTrace } from "./schema";

/**
 * sha256 of the canonical trace. Two uploads of the same run (as a file, as a JSON body, with
 * different whitespace) normalize to the same trace and therefore the same hash, which is what
 * makes ingestion idempotent.
 */
export function contentHash(trace: TTrace): string {
  return createHash("sha256").update(JSON.stringify(trace)).digest("hex");
}
