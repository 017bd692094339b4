import type { RunTermination } from "../../trace/run-termination";
import { CLOSES_RUN } from "../../trace/canonical-attributes";
import type { TStepInput } from "../../trace/schema";

/**
 * How a chat log ended, from the closing messages' own words (AutoGen/AG2 and Magentic-One
 * conventions). Only the last few messages are read, and each only in its head and tail, so the
 * scan is bounded whatever the log's size.
 */
const LAST_MESSAGES = 3;
const EDGE_CHARS = 4000;

/** A budget ran out: Magentic-One's "Max time (1500s) reached", "Max rounds (30) reached", "Replan counter exceeded"; AG2's max turns/rounds. */
const LIMIT_RE =
  /\bmax(?:imum)?[ _](?:time|rounds?|turns?|steps?|tokens?|replans?)\b[^\n]{0,40}\b(?:reached|exceeded)\b|\breplan counter exceeded\b|\bmaximum number of (?:rounds|turns|steps) (?:reached|exceeded)\b/i;
/** An unhandled error ended the run: a Python traceback, AutoGen core's runtime error line. */
const ERROR_RE = /\bTraceback \(most recent call last\):|\bError processing publish message\b/;
/**
 * The team declared the task done: AG2's TERMINATE keyword, Magentic-One's "Request satisfied."
 * Only spaces within the line precede the phrase (a `^\s*` under `/m` is quadratic in blank lines);
 * a line-initial TERMINATE is a case of `\bTERMINATE`.
 */
const CONCLUDED_RE = /\bTERMINATE\s*$|^[^\S\r\n\u2028\u2029]*Request satisfied\.?\s*$/m;

function edges(text: string): string {
  return text.length <= 2 * EDGE_CHARS ? text : `${text.slice(0, EDGE_CHARS)}\n${text.slice(-EDGE_CHARS)}`;
}

/** Scans the last few messages from the end: the latest statement of how the run ended wins. */
export function chatTermination(steps: readonly { content?: string }[]): RunTermination | undefined {
  for (let i = steps.length - 1; i >= 0 && i >= steps.length - LAST_MESSAGES; i--) {
    const text = edges(steps[i].content ?? "");
    if (LIMIT_RE.test(text)) return "limit";
    if (ERROR_RE.test(text)) return "error";
    if (CONCLUDED_RE.test(text)) return "concluded";
  }
  return undefined;
}

/** AgentChat's `stop_reason` ("Text 'TERMINATE' mentioned", "Maximum number of messages 10 reached"), when it says how the run ended. */
export function stopReasonTermination(reason: string): RunTermination | undefined {
  if (/\bmaximum number of (?:messages|turns)\b/i.test(reason) || /\btimeout\b/i.test(reason)) return "limit";
  if (/\bTERMINATE\b/.test(reason)) return "concluded";
  return undefined;
}

/**
 * Keywords with which a team's agent ends the run: AG2/AutoGen's "TERMINATE", GAIA's "FINAL ANSWER".
 * Read in a step's last CLOSING_CHARS characters, where the keyword closes the message (moved from
 * the engine's TERMINATION_RE, same words, same window).
 */
const CLOSING_KEYWORD_RE = /\bTERMINATE\b|\bFINAL ANSWER\b/i;
const CLOSING_CHARS = 2000;

/** A step's whole text as the engine reads it: content, then a tool result, error message or state value. */
function wholeText(s: TStepInput): string {
  const parts = [s.content ?? ""];
  if (s.tool?.result) parts.push(s.tool.result);
  if (s.error?.message) parts.push(s.error.message);
  if (s.state?.value) parts.push(s.state.value);
  return parts.join("\n");
}

/**
 * Marks the steps that end the run with a closing keyword (`culprit.closes_run`), for every
 * imported format (`finalizeTrace`). Every step is read (in its last CLOSING_CHARS only): the
 * engine decides which of them ends the run, in its own step order.
 */
export function markClosingSteps(steps: TStepInput[]): void {
  for (const s of steps)
    if (CLOSING_KEYWORD_RE.test(wholeText(s).slice(-CLOSING_CHARS)))
      s.attributes = { ...s.attributes, [CLOSES_RUN]: true };
}
