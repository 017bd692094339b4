/**
 * The fix taxonomy (docs/fixes.md): what kind of change to an agent's instructions would have
 * prevented its mistake. Small on purpose: a fix type is what patterns across runs are grouped by,
 * so two runs with the same kind of mistake must land on the same type whatever the agents are called.
 * Every corrective instruction asks the agent to check one thing about its own work: a mistake
 * the agent made is one it did not check for.
 */
export const FIX_TYPES = [
  "ground-values-in-tool-output",
  "recompute-arithmetic-and-code-results",
  "check-before-approving",
  "check-before-rejecting",
  "follow-the-delegated-instruction",
  "handle-tool-errors",
  "keep-the-task-constraints",
  "stop-or-hand-off-correctly",
  "check-own-output",
] as const;
export type FixType = (typeof FIX_TYPES)[number];

/** One line per type, for people (the /patterns page, the CLI, docs/fixes.md). */
export const FIX_TYPE_TITLES: Record<FixType, string> = {
  "ground-values-in-tool-output": "Ground values in tool output",
  "recompute-arithmetic-and-code-results": "Recompute arithmetic and code results",
  "check-before-approving": "Check before approving",
  "check-before-rejecting": "Check before rejecting",
  "follow-the-delegated-instruction": "Follow the delegated instruction",
  "handle-tool-errors": "Handle tool errors",
  "keep-the-task-constraints": "Keep the task's constraints",
  "stop-or-hand-off-correctly": "Stop or hand off correctly",
  "check-own-output": "Check your own output",
};

/** Which detector or claim finding points to which fix type, most specific first. */
export const FINDING_FIX: ReadonlyArray<readonly [string, FixType]> = [
  ["tool-failure", "handle-tool-errors"],
  ["arithmetic-mismatch", "recompute-arithmetic-and-code-results"],
  ["miscomputed-aggregate", "recompute-arithmetic-and-code-results"],
  ["misreported-tally", "recompute-arithmetic-and-code-results"],
  ["dropped-constraint", "keep-the-task-constraints"],
  ["instruction-drift", "follow-the-delegated-instruction"],
  ["unmet-instruction", "follow-the-delegated-instruction"],
  ["missing-state", "follow-the-delegated-instruction"],
  ["ignored-reversal", "follow-the-delegated-instruction"],
  ["overreaching-call", "follow-the-delegated-instruction"],
  ["unconfirmed-action", "follow-the-delegated-instruction"],
  ["abandoned-verification", "check-before-approving"],
  ["false-success-claim", "check-before-approving"],
  ["unfounded-rejection", "check-before-rejecting"],
  ["premature-termination", "stop-or-hand-off-correctly"],
  ["premature-stop", "stop-or-hand-off-correctly"],
  ["repetition-loop", "stop-or-hand-off-correctly"],
  ["budget-exhaustion", "stop-or-hand-off-correctly"],
  ["empty-reply", "stop-or-hand-off-correctly"],
  ["contradicts-source", "ground-values-in-tool-output"],
  ["contradicts-output", "ground-values-in-tool-output"],
  ["unsupported-answer", "ground-values-in-tool-output"],
  ["overruled-consensus", "ground-values-in-tool-output"],
  ["overruled-majority", "check-own-output"],
  ["unfounded-ruling", "ground-values-in-tool-output"],
  ["wrong-extreme", "check-own-output"],
  ["unit-mismatch", "check-own-output"],
  ["fabricated-data", "ground-values-in-tool-output"],
  ["unsourced-value", "ground-values-in-tool-output"],
  ["ungrounded-value", "ground-values-in-tool-output"],
  ["ground-truth-divergence", "check-own-output"],
];

export function isFixType(v: unknown): v is FixType {
  return typeof v === "string" && (FIX_TYPES as readonly string[]).includes(v);
}
