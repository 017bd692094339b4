/** Fields of a Who&When record with a home of their own in the trace; everything else goes to `run.attributes` (both layouts). */
export const MAPPED_FIELDS: ReadonlySet<string> = new Set([
  "history",
  "question",
  "ground_truth",
  "is_correct",
  "is_corrected",
  "mistake_agent",
  "mistake_step",
  "mistake_reason",
  "system_prompt",
]);
