import type { TOutcome } from "../../trace/schema";
import { isRecord } from "../trace-builder";
import { evaluationOutcome } from "../evaluation-verdict";

/**
 * Exports pass through Python and pandas on the way, so values may be JSON strings, Python
 * reprs (`'False'`, `'None'`, `{'a': 1}`) or real JSON. Returns the best structured reading.
 */
export function parseLoose(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (t === "None") return null;
  if (t === "True") return true;
  if (t === "False") return false;
  if (!/^[[{"]/.test(t)) return value;
  try {
    return JSON.parse(t);
  } catch {
    return value;
  }
}

/**
 * Run outcome from Langfuse scores (trace or observation level); undefined when none says.
 * Which scores count is `evaluationOutcome`'s rule, shared with span evaluations.
 */
export function scoreOutcome(scores: unknown): TOutcome | undefined {
  if (!Array.isArray(scores)) return undefined;
  for (const s of scores) {
    if (!isRecord(s)) continue;
    // Categorical scores carry the label in `stringValue` (older exports: in `value`).
    const label = s.stringValue ?? (typeof s.value === "string" || typeof s.value === "boolean" ? s.value : undefined);
    const verdict = evaluationOutcome(
      typeof s.name === "string" ? s.name : "score",
      label,
      typeof s.value === "number" ? s.value : undefined,
    );
    if (verdict) return verdict;
  }
  return undefined;
}
