import type { TOutcome } from "../../trace/schema";
import { evaluationOutcome } from "../evaluation-verdict";
import { isRecord } from "../trace-builder";

/** Keys an evaluation harness stores the expected answer under, beside the chat it checked. */
const EXPECTED_KEYS = ["correct_ans", "correct_answer", "expected_answer", "ground_truth"] as const;
/** The longest expected answer kept (a reference solution, not a log). */
const MAX_EXPECTED = 10_000;

/**
 * What a chat record states of its own run besides the messages: an evaluation harness's verdict
 * (`is_correct`, as AutoGen's MathChat and AgentEval records keep it) and the answer it was checked
 * against. A log without them says nothing of its outcome: unknown, as before.
 */
export function recordVerdict(value: unknown): { outcome: TOutcome; groundTruth?: string } {
  if (!isRecord(value)) return { outcome: "unknown" };
  const outcome = evaluationOutcome("is_correct", value.is_correct, undefined) ?? "unknown";
  for (const key of EXPECTED_KEYS) {
    const v = value[key];
    const text = typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : "";
    if (text && text.length <= MAX_EXPECTED) return { outcome, groundTruth: text };
  }
  return { outcome };
}
