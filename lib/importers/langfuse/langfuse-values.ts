import type { TOutcome } from "../../trace/schema";
import { isRecord } from "../trace-builder";

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

const GOOD = /^(pass|passed|correct|true|success|yes|good|1)$/i;
const BAD = /^(fail|failed|incorrect|false|failure|no|bad|wrong|0)$/i;
const OUTCOME_SCORE = /(correct|success|pass|accuracy|resolved|outcome)/i;

/** Run outcome from Langfuse scores named like correctness/success; undefined when none says. */
export function scoreOutcome(scores: unknown): TOutcome | undefined {
  if (!Array.isArray(scores)) return undefined;
  for (const s of scores) {
    if (!isRecord(s) || typeof s.name !== "string" || !OUTCOME_SCORE.test(s.name)) continue;
    const label = s.stringValue ?? s.value;
    if (typeof label === "string" && GOOD.test(label)) return "success";
    if (typeof label === "string" && BAD.test(label)) return "failure";
    if (typeof s.value === "boolean") return s.value ? "success" : "failure";
    if (typeof s.value === "number") return s.value >= 0.5 ? "success" : "failure";
  }
  return undefined;
}
