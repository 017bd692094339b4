/**
 * Where a chat message stops speaking for itself and quotes what its author observed, in the
 * phrasings of the systems whose logs arrive as chat messages: Magentic-One's WebSurfer
 * ("Here is a screenshot of …", "The web browser is open to the page [title](url)", "The viewport
 * shows …", "Automatic OCR of the page screenshot has detected the following text:", "Viewport
 * position:", "Address: <url>"), AG2's code executor
 * ("exitcode: …", "Code output:"), and search/page dumps ("Search results:", "## Page content").
 * The importer turns them into the canonical step attributes `culprit.observation_at` and
 * `culprit.observed_resource` (lib/trace/canonical-attributes.ts); the engine reads only those.
 * Moved here from the engine (text-features.ts, dead-end.ts), unchanged in what they match.
 */
import { OBSERVATION_AT, OBSERVED_RESOURCE, RESULT_AT } from "../../trace/canonical-attributes";
import type { TStepInput } from "../../trace/schema";

/**
 * Only the start of a message is searched for its observation marker (bounded work per message).
 * A label is found at a line start after spaces within that line (`[^\S\r\n…]*`, not `\s*`, which
 * under `/m` rescans every following blank line from every line start: quadratic in blank lines).
 */
const MAX_SCAN_CHARS = 20_000;
const OBSERVATION_MARKER_RE =
  /(here is a screenshot of|the web browser is open to the page|the viewport shows|automatic ocr|detected the following text)|^[^\S\r\n\u2028\u2029]*(?:viewport position:|address: \S+:\/\/|(?:code )?output:|exitcode:|#+ ?(?:search results|page content)|(?:search results|page content)\s*:)/im;

/** Where an observation names what it shows: "Address: <url>", or a screenshot's "[title](<url>)", near its start. */
const LOCATION_RE = /(?:^|\n)[^\S\n]*(?:address|url|location)\s*:\s*(\S+:\/\/\S+)|\]\((https?:\/\/[^\s)]+)\)/i;
/** Only the head of an observation names its location; links further down are page content. */
const LOCATION_CHARS = 400;
/** The engine reads a step's resource from the start of its text only (dead-end.ts SCAN_CHARS). */
const RESOURCE_SCAN_CHARS = 4000;

/** The offset of the first observation marker in `content`, or undefined. */
export function observationOffset(content: string): number | undefined {
  const m = OBSERVATION_MARKER_RE.exec(content.slice(0, MAX_SCAN_CHARS));
  if (!m) return undefined;
  return m[1] === undefined ? blankLinesBefore(content, m.index) : m.index;
}

/**
 * A line-start label's observation begins with the blank lines before it (where `^\s*label` under
 * `/m` would have matched): the earliest line start from which only blanks precede `at`.
 */
function blankLinesBefore(content: string, at: number): number {
  let j = at;
  while (j > 0 && /\s/.test(content[j - 1])) j--;
  for (let k = j; k < at; k++) if (k === 0 || LINE_BREAKS.includes(content[k - 1])) return k;
  return at;
}

const LINE_BREAKS = "\n\r\u2028\u2029";

/**
 * The canonical attributes for a message's quoted observation: where it starts, and the resource
 * it shows (from the head of the observation, within the first RESOURCE_SCAN_CHARS of the message).
 */
export function observationMarks(content: string): Record<string, unknown> | undefined {
  const at = observationOffset(content);
  if (at === undefined) return undefined;
  const out: Record<string, unknown> = { [OBSERVATION_AT]: at };
  const head = content.slice(0, RESOURCE_SCAN_CHARS);
  if (at < head.length) {
    const m = LOCATION_RE.exec(head.slice(at, at + LOCATION_CHARS));
    if (m) out[OBSERVED_RESOURCE] = m[1] ?? m[2];
  }
  return out;
}

/**
 * AG2's code executor frames a run's output as "exitcode: 0 (execution succeeded)\nCode output: …";
 * other executors print "Output: …". The label is found at a line start (after spaces); its last
 * occurrence is where the output body begins (moved here from the engine's EMPTY_OUTPUT_RE, same
 * labels). Only spaces within the line are skipped before a label (`[^\S\n]*`, not `\s*`): the
 * labels found are the same, and a hostile run of blank lines cannot make the scan quadratic.
 */
const OUTPUT_LABEL_RE = /(?:^|\n)[^\S\n]*(?:code )?output:/gi;

/** Where the body of a reported program output begins in `text` (after its last output label), or undefined. */
export function resultOffset(text: string): number | undefined {
  let at: number | undefined;
  for (const m of text.matchAll(OUTPUT_LABEL_RE)) at = m.index + m[0].length;
  return at;
}

/**
 * Adds the canonical attributes of a chat step's text (in place): where it quotes an observation,
 * and where a reported program output's body begins. The output mark is set only when the content
 * is the step's whole text (no separate tool result, error or state value follows it).
 */
export function markObservation(step: TStepInput): TStepInput {
  const content = step.content ?? "";
  const marks = observationMarks(content);
  if (marks) step.attributes = { ...step.attributes, ...marks };
  const wholeText = !step.tool?.result && !step.error?.message && !step.state?.value;
  const body = wholeText ? resultOffset(content) : undefined;
  if (body !== undefined) step.attributes = { ...step.attributes, [RESULT_AT]: body };
  return step;
}
