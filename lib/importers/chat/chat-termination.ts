import type { RunTermination } from "../../trace/run-termination";

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
/** The team declared the task done: AG2's TERMINATE keyword, Magentic-One's "Request satisfied." */
const CONCLUDED_RE = /(?:^|\n)\s*TERMINATE\s*$|\bTERMINATE\s*$|^\s*Request satisfied\.?\s*$/m;

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
