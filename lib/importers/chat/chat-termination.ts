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

/** Scans from the last message back: the latest statement of how the run ended wins. */
export function chatTermination(contents: readonly string[]): RunTermination | undefined {
  for (let i = contents.length - 1; i >= 0 && i >= contents.length - LAST_MESSAGES; i--) {
    const text = edges(contents[i] ?? "");
    if (LIMIT_RE.test(text)) return "limit";
    if (ERROR_RE.test(text)) return "error";
    if (CONCLUDED_RE.test(text)) return "concluded";
  }
  return undefined;
}
