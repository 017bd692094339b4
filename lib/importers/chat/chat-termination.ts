import type { RunTermination } from "../../trace/run-termination";
import { CLOSES_RUN, STOPPED_ON_MENTION } from "../../trace/canonical-attributes";
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

/**
 * The closing message states the team's answer, opening a line or a sentence ("Final answer: 56",
 * "All agree. **Final Answer:** Paris", or a vote's result as a debate harness reads it out:
 * "Majority vote: 56", "Consensus answer: Paris"): the team declared its answer, as a TERMINATE
 * would. Read only in the last message. Bounded repeats only, so no run of blanks is scanned twice per start.
 */
export const STATED_FINAL_ANSWER_RE =
  /(?:^[^\S\r\n]{0,8}|(?<=[.!?] ))(?:\*\*)?(?:final answer|majority (?:vote|answer)|consensus answer)(?:\*\*)?[^\S\r\n]{0,4}:(?:\*\*)?[^\S\r\n]{0,4}(\S[^\n]*)/im;

/**
 * A math solver's convention for its answer (`\boxed{26}`, as AG2's math agents and most debate
 * prompts ask for): in the closing message, a stated answer too. One level of braces, one line.
 */
const BOXED_ANSWER_RE = /\\boxed\{([^{}\n]{1,200})\}/g;

/** The last boxed answer of a text, or undefined. */
export function boxedAnswer(text: string): string | undefined {
  let found: string | undefined;
  for (const m of text.matchAll(BOXED_ANSWER_RE)) found = m[1].trim() || found;
  return found;
}

function edges(text: string): string {
  return text.length <= 2 * EDGE_CHARS ? text : `${text.slice(0, EDGE_CHARS)}\n${text.slice(-EDGE_CHARS)}`;
}

/**
 * Scans the last few messages from the end: the latest statement of how the run ended wins.
 * `statedAnswerConcludes`: whether a closing "Final answer: …" or `\boxed{…}` declares the task done. Not in
 * Magentic-One, whose orchestrator writes its final answer however the run ended (a stall or a
 * budget too); it declares success with "Request satisfied".
 */
export function chatTermination(
  steps: readonly { content?: string }[],
  statedAnswerConcludes = true,
): RunTermination | undefined {
  for (let i = steps.length - 1; i >= 0 && i >= steps.length - LAST_MESSAGES; i--) {
    const text = edges(steps[i].content ?? "");
    if (LIMIT_RE.test(text)) return "limit";
    if (ERROR_RE.test(text)) return "error";
    if (CONCLUDED_RE.test(text)) return "concluded";
  }
  // Only when no budget, crash or keyword says otherwise: an answer forced out by a budget is no conclusion.
  const last = steps[steps.length - 1];
  const closing = edges(last?.content ?? "");
  return statedAnswerConcludes && last && (STATED_FINAL_ANSWER_RE.test(closing) || boxedAnswer(closing) !== undefined)
    ? "concluded"
    : undefined;
}

/**
 * AgentChat's `TextMentionTermination` stop reason, "Text 'DONE_PLANNING' mentioned": the team stopped
 * because some message contained the keyword. Read at the end of a short notice (a log may put a
 * heading line before it); the keyword is captured.
 */
const MENTION_STOP_RE = /(?:^|\n)[^\S\n]*Text '([^'\n]{1,64})' mentioned\.?\s*$/;
/** A stop notice is short: longer text that ends with the phrase is a message quoting it. */
const MAX_NOTICE = 300;

/** The keyword a stop reason or stop notice says the team stopped on, or undefined. */
export function mentionStopToken(text: string): string | undefined {
  return text.length <= MAX_NOTICE ? MENTION_STOP_RE.exec(text)?.[1] : undefined;
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
 * Marks the steps that end the run with a closing keyword (`culprit.closes_run`) and the notices
 * that the team stopped on a keyword's mention (`culprit.stopped_on_mention`), for every imported
 * format (`finalizeTrace`). Every step is read (in its last CLOSING_CHARS only): the
 * engine decides which of them ends the run, in its own step order.
 */
export function markClosingSteps(steps: TStepInput[]): void {
  for (const s of steps) {
    if (CLOSING_KEYWORD_RE.test(wholeText(s).slice(-CLOSING_CHARS)))
      s.attributes = { ...s.attributes, [CLOSES_RUN]: true };
    // A log that keeps the stop notice as a message: which keyword's mention stopped the team.
    const token = mentionStopToken(s.content ?? "");
    if (token) s.attributes = { ...s.attributes, [STOPPED_ON_MENTION]: token };
  }
}
