/**
 * The one step number a person sees (verdict, canvas, inspector, timeline, URL, exports, CLI):
 * "step N", N the 1-based position of the step in the canonical trace's `steps` array, the order
 * the engine receives. Step ids (span ids, "s3", hex) are shown only in the inspector's details.
 */

/** "step 4" for the step at 0-based position 3. */
export function stepLabel(position: number): string {
  return `step ${position + 1}`;
}

/** "Step 4": the label at the start of a sentence or a heading. */
export function stepTitle(position: number): string {
  return `Step ${position + 1}`;
}

/** "steps 39–59" for the 0-based inclusive range [38, 58]. */
export function stepRangeLabel(range: readonly [number, number]): string {
  return range[0] === range[1] ? stepLabel(range[0]) : `steps ${range[0] + 1}–${range[1] + 1}`;
}

/** Step id → 0-based position, for steps given in trace order. */
export function stepPositions(stepIds: readonly string[], offset = 0): Map<string, number> {
  return new Map(stepIds.map((id, i) => [id, offset + i]));
}

/**
 * The step's label when its position is known, else a neutral "a step" (never the raw id): a
 * large run's window may not hold every step a sentence refers to.
 */
export function labelOf(positions: ReadonlyMap<string, number>, stepId: string): string {
  const at = positions.get(stepId);
  return at === undefined ? "a step" : stepLabel(at);
}

// Tokens that can be step ids in the engine's notes: word characters, dots, colons and dashes.
const TOKEN = /[A-Za-z0-9_][A-Za-z0-9_.:-]*/g;
// Words that introduce a step id in the engine's notes ("tool output s2", "step s6", "in s10").
const LEAD_IN = /\b(?:tool output|the step|step)\s+$/i;

/**
 * Rewrites the step ids inside an engine note as step numbers: "tool output s2 failed; the call
 * was issued by s1" → "the tool output of step 3 failed; the call was issued by step 2". Only
 * tokens that are ids of this run's steps are replaced, so prose and values stay as written.
 */
export function humanizeStepRefs(text: string, positions: ReadonlyMap<string, number>): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0].replace(/[.:-]+$/, "");
    const at = positions.get(token);
    if (at === undefined) continue;
    const start = match.index;
    let before = text.slice(last, start);
    const lead = LEAD_IN.exec(before);
    if (lead) before = before.slice(0, lead.index) + (/^tool output/i.test(lead[0]) ? "the tool output of " : "");
    out += `${before}${stepLabel(at)}`;
    last = start + token.length;
  }
  return out + text.slice(last);
}
