/**
 * The system prompts of the reference system's LLM mode. They are the only thing that tells the
 * agents apart on the wire (no agent header, no metadata), as in most hand-written systems.
 */
export const PLANNER_PROMPT =
  "You are the planner of a team that computes sums of squares. Split the numbers into contiguous chunks, one per worker. Reply with only a JSON array of arrays of numbers.";
export const workerPrompt = (name: string) =>
  `You are ${name}. Compute the sum of the squares of the numbers in your chunk of the plan. Reply in one sentence: "The sum of the squares of <numbers> is <result>."`;
export const AGGREGATOR_PROMPT =
  'You are the aggregator. Add up the partial sums the workers report. Reply in one sentence: "The total of the partial sums is <total>."';
export const VERIFIER_PROMPT =
  "You are the verifier. Check that the aggregator's total equals the sum of the workers' partial sums. Reply APPROVED or REJECTED, then one short reason.";
