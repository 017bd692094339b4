/**
 * The trace as the engine reads it: typographic spaces and hyphens written as plain ones. Models
 * write "March 17–21" and "2022‑03‑17" with narrow no-break spaces (U+202F) and non-breaking hyphens
 * (U+2011), and "−5" with a minus sign; the readers of dates, numbers and ranges know the plain
 * characters, so such a date was read as loose numbers with no source. Each character maps to one
 * character, so offsets into a text (an observation's start) hold. The report quotes the text as read.
 */
import type { TStep, TTrace } from "../trace/schema";

/** No-break, narrow, thin, figure and other fixed-width spaces. */
const SPACES_RE = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;
/** Hyphen, non-breaking hyphen, minus sign. */
const HYPHENS_RE = /[\u2010\u2011\u2212]/g;
const ANY_RE = /[\u00a0\u2000-\u200a\u202f\u205f\u3000\u2010\u2011\u2212]/;

/** `text` with typographic spaces and hyphens made plain (the same string when it has none). */
export function plainText(text: string): string {
  return ANY_RE.test(text) ? text.replace(SPACES_RE, " ").replace(HYPHENS_RE, "-") : text;
}

const plain = (text: string | undefined) => (text === undefined ? undefined : plainText(text));

function readableStep(s: TStep): TStep {
  const content = plainText(s.content);
  const input = plain(s.input);
  const result = plain(s.tool?.result);
  const value = plain(s.state?.value);
  if (content === s.content && input === s.input && result === s.tool?.result && value === s.state?.value) return s;
  return {
    ...s,
    content,
    ...(input !== undefined ? { input } : {}),
    ...(s.tool ? { tool: { ...s.tool, ...(result !== undefined ? { result } : {}) } } : {}),
    ...(s.state ? { state: { ...s.state, ...(value !== undefined ? { value } : {}) } } : {}),
  };
}

/** The trace with its texts plain (task, answers, steps' content, input, tool results and state values). */
export function readableTrace(trace: TTrace): TTrace {
  const steps = trace.steps.map(readableStep);
  const { task, finalAnswer, groundTruth } = trace.run;
  const run = { ...trace.run };
  if (task !== undefined) run.task = plainText(task);
  if (finalAnswer !== undefined) run.finalAnswer = plainText(finalAnswer);
  if (groundTruth !== undefined) run.groundTruth = plainText(groundTruth);
  return { ...trace, run, steps };
}
