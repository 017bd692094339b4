import type { TOutcome } from "../trace/schema";

const PASS = /^(pass|passed|correct|true|success|succeeded|yes|good|1)$/i;
const FAIL = /^(fail|failed|incorrect|false|failure|no|bad|wrong|0)$/i;
/** Evaluations whose number means "the run got it right": correctness, success, pass rate, accuracy. */
const CORRECTNESS_NAME = /(correct|success|pass|accura|resolved|outcome|exact.?match|task.?complet)/i;

/**
 * The run outcome one evaluation states, from any source (Langfuse scores, OpenInference
 * annotations and `eval.*` attributes, `gen_ai.evaluation.*`):
 * - a pass/fail label (or boolean) decides, whatever the evaluation is called;
 * - a number decides only for a correctness-like evaluation and only on the 0–1 scale,
 *   where ≥ 0.5 passes (a 1–5 helpfulness rating says nothing about success).
 * Returns `undefined` when the evaluation does not say.
 */
export function evaluationOutcome(name: unknown, label: unknown, score: unknown): TOutcome | undefined {
  if (typeof label === "boolean") return label ? "success" : "failure";
  if (typeof label === "string") {
    const l = label.trim();
    if (PASS.test(l)) return "success";
    if (FAIL.test(l)) return "failure";
  }
  if (typeof score === "boolean") return score ? "success" : "failure";
  const n = typeof score === "string" && score.trim() !== "" ? Number(score) : score;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 1) return undefined;
  if (typeof name === "string" && name !== "" && !CORRECTNESS_NAME.test(name)) return undefined;
  return n >= 0.5 ? "success" : "failure";
}
