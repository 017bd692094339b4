/**
 * Step attributes with a meaning in the canonical model: importers (and anything that writes
 * culprit.trace/v1 directly) set them, the engine reads them. They carry facts a source states in
 * its own phrasing, so that no system's phrasing has to live in the engine (docs/trace-format.md).
 */

/**
 * Character offset into `content` where the step stops speaking for itself and quotes what it
 * observed (a page screenshot and its OCR text, program output, a file viewer). Values after it
 * are observations of the environment, like a tool result, not the author's claims. Absent: the
 * whole content is the author's.
 */
export const OBSERVATION_AT = "culprit.observation_at";

/** The resource (URL or path) the step's observation shows, when the source names it. */
export const OBSERVED_RESOURCE = "culprit.observed_resource";

/**
 * Character offset into `content` where the body of a program's reported output begins, after the
 * source's own framing (an exit-code line, an "Output:" label). The engine reads the body, not the
 * framing, to tell an empty result: "exitcode: 0\nCode output: " ran and printed nothing. Absent:
 * the whole text is the output.
 */
export const RESULT_AT = "culprit.result_at";

/**
 * `true` on a step that declares the run finished in its system's own words (AG2's "TERMINATE",
 * a GAIA-style "FINAL ANSWER"), as a `final` step does by its kind. Lets the engine find where an
 * agent ended the run without knowing any system's keyword.
 */
export const CLOSES_RUN = "culprit.closes_run";

/**
 * `true` on a step that carries the instructions a system gave its agent (a chat transcript's system
 * or developer prompt, put on the task giver's side): text everyone reads, not a turn anyone took.
 * A simulated user did not say its system prompt, so it is no work of the user's.
 */
export const INSTRUCTIONS = "culprit.instructions";

/** Whether a step carries a system's instructions (see INSTRUCTIONS). */
export function isInstructions(attributes: Record<string, unknown> | undefined): boolean {
  return attributes?.[INSTRUCTIONS] === true;
}

/**
 * The keyword whose mere mention stopped the team, in a system that stops on a mention (AutoGen
 * AgentChat's `TextMentionTermination`, which reports "Text 'TERMINATE' mentioned"). Set on the step
 * that reports the stop, or on the run's attributes when the stop is reported only as the run's stop
 * reason (then the stop follows the last step). Lets the engine find the message that stopped the
 * team without knowing any system's stop-reason phrasing.
 */
export const STOPPED_ON_MENTION = "culprit.stopped_on_mention";

/** The keyword a step or run reports the team stopped on (see STOPPED_ON_MENTION), or undefined. */
export function stoppedOnMention(attributes: Record<string, unknown> | undefined): string | undefined {
  const t = attributes?.[STOPPED_ON_MENTION];
  return typeof t === "string" && t.length > 0 && t.length <= 64 ? t : undefined;
}

/** Whether a step declares the run finished (see CLOSES_RUN). */
export function closesRun(attributes: Record<string, unknown> | undefined): boolean {
  return attributes?.[CLOSES_RUN] === true;
}

/** The offset at which a step's reported output body starts (see RESULT_AT), or undefined. */
export function resultAt(attributes: Record<string, unknown> | undefined): number | undefined {
  const at = attributes?.[RESULT_AT];
  return typeof at === "number" && Number.isInteger(at) && at >= 0 ? at : undefined;
}

/** The offset at which a step's quoted observation starts (see OBSERVATION_AT), or undefined. */
export function observationAt(attributes: Record<string, unknown> | undefined): number | undefined {
  const at = attributes?.[OBSERVATION_AT];
  return typeof at === "number" && Number.isInteger(at) && at >= 0 ? at : undefined;
}

/** The resource a step's observation shows (see OBSERVED_RESOURCE), or undefined. */
export function observedResourceOf(attributes: Record<string, unknown> | undefined): string | undefined {
  const r = attributes?.[OBSERVED_RESOURCE];
  return typeof r === "string" && r ? r : undefined;
}
