import type { TOutcome } from "../trace/schema";

/** Labels that are a verdict whatever the evaluation measures. */
const PASS = /^(pass|passed|correct|success|succeeded)$/i;
const FAIL = /^(fail|failed|incorrect|failure|wrong)$/i;
/** Labels whose sense depends on the question ("hallucination: true" is bad news): only for correctness-like evaluations. */
const YES = /^(true|yes|good|1)$/i;
const NO = /^(false|no|bad|0)$/i;
/** Evaluations whose number means "the run got it right": correctness, success, pass rate, accuracy. */
const CORRECTNESS_NAME = /(correct|success|pass|accura|resolved|outcome|exact.?match|task.?complet)/i;

/**
 * The run outcome one evaluation states, from any source (Langfuse scores, OpenInference
 * annotations and `eval.*` attributes, `gen_ai.evaluation.*`):
 * - a pass/fail label (pass, correct, success / fail, incorrect, failure, wrong) decides, whatever
 *   the evaluation is called;
 * - yes/no-like labels and booleans, and numbers, decide only for a correctness-like evaluation
 *   (or one without a name); numbers only on the 0–1 scale, where ≥ 0.5 passes (a 1–5
 *   helpfulness rating, or "hallucination: true", says nothing about success).
 * Returns `undefined` when the evaluation does not say.
 */
export function evaluationOutcome(name: unknown, label: unknown, score: unknown): TOutcome | undefined {
  const l = typeof label === "string" ? label.trim() : undefined;
  if (l !== undefined && PASS.test(l)) return "success";
  if (l !== undefined && FAIL.test(l)) return "failure";
  if (typeof name === "string" && name !== "" && !CORRECTNESS_NAME.test(name)) return undefined;
  if (typeof label === "boolean") return label ? "success" : "failure";
  if (l !== undefined && YES.test(l)) return "success";
  if (l !== undefined && NO.test(l)) return "failure";
  if (typeof score === "boolean") return score ? "success" : "failure";
  const n = typeof score === "string" && score.trim() !== "" ? Number(score) : score;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 1) return undefined;
  return n >= 0.5 ? "success" : "failure";
}
