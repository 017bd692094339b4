import { createHash } from "node:crypto";
import type { Intervention } from "./protocol";

/**
 * Canonical key of an intervention list: the list is a set (order does not change what is
 * replayed), so entries are normalized and sorted before hashing.
 */
export function interventionKey(interventions: readonly Intervention[]): string {
  // The instruction joins the key only when there is one, so keys of earlier interventions (and the cache) stay valid.
  const rows = interventions.map((iv) =>
    JSON.stringify([
      iv.agent,
      iv.stepId ?? null,
      iv.sourceRef ?? null,
      iv.mode,
      iv.output ?? null,
      ...(iv.instruction !== undefined ? [iv.instruction] : []),
    ]),
  );
  rows.sort();
  return createHash("sha256")
    .update(`[${[...new Set(rows)].join(",")}]`)
    .digest("hex");
}
