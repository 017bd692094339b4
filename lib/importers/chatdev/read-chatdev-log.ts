/**
 * A ChatDev 1.0 `.log` read into its entries (ADR 0117): each `[time LEVEL]` line opens one, and its
 * lines run to the next. Tried by `parseInputText` before any other text reading (a ChatDev log never
 * parses as JSON, JSONL or a repr: its first character opens a JSON array that `2023-22-08` breaks),
 * recognised from the head only: the first line is a log header and some header in the head opens a
 * role's utterance. Anything else is left to the other readers, so a log of another tool that merely
 * shares Python's timestamp format keeps its JSON error.
 */
import { TraceInputError } from "../../trace/errors";
import { isRecord } from "../trace-builder";
import { countLines, isBlank, printedLines, printedText, stripAnsi } from "../chat/printed/printed-lines";
import { logHeader, utteranceHeader } from "./chatdev-headers";

/** Larger logs are refused before they are split into lines (the server's upload cap is 50 MB). */
export const MAX_CHATDEV_CHARS = 64 * 1024 * 1024;
/** More utterances and test reports than this are refused while reading (the server's default step cap). */
export const MAX_CHATDEV_STEPS = 200_000;
/** Recognition reads only this much of the head of the text. */
const HEAD_CHARS = 256 * 1024;

export interface LogEntry {
  /** 1-based line of the entry's header in the upload. */
  line: number;
  time: string;
  level: string;
  /** The header's text after the bracket, then the entry's further lines (ANSI codes removed). */
  lines: string[];
}

export interface ChatDevLog {
  entries: LogEntry[];
}

const CHATDEV = Symbol("chatdev log");

/** The ChatDev log `readChatDevLog` made, else undefined (a JSON value never carries the symbol). */
export function chatDevLogOf(value: unknown): ChatDevLog | undefined {
  return isRecord(value) ? ((value as Record<symbol, unknown>)[CHATDEV] as ChatDevLog | undefined) : undefined;
}

export const CHATDEV_LOG_EXPECTED =
  "a ChatDev log (`[YYYY-DD-MM HH:MM:SS INFO]` entries with `Role: **[Start Chat]**` and `Role: **A<->B on : Phase, turn N**` utterances)";

/** Whether the text opens as a ChatDev log with a role's utterance in its head. */
export function isChatDevLog(upload: string): boolean {
  const text = printedText(upload.length > HEAD_CHARS ? upload.slice(0, HEAD_CHARS) : upload);
  let start = 0;
  let seenHeader = false;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = stripAnsi(text.slice(start, end));
    start = end + 1;
    if (!seenHeader) {
      if (isBlank(line)) continue;
      if (!logHeader(line)) return false;
      seenHeader = true;
    }
    const header = logHeader(line);
    if (header && utteranceHeader(header.rest)) return true;
  }
  return false;
}

function tooLarge(what: string, limit: number): TraceInputError {
  return new TraceInputError(
    "too_large",
    `This ChatDev log has more than ${limit.toLocaleString("en")} ${what}; split it into smaller files.`,
  );
}

/** Entries that become steps: a role's utterance, a test report, the human's comments. */
export function opensStep(rest: string): boolean {
  return (
    utteranceHeader(rest) !== undefined ||
    rest.startsWith("**[Test Reports]**") ||
    rest.startsWith("**[User Provided Comments]**")
  );
}

/**
 * The entries of a ChatDev log, as a value only `chatDevLogOf` reads, or undefined when the text is
 * no ChatDev log. Throws `too_large` past the bounds.
 */
export function readChatDevLog(
  upload: string,
  limits: { maxChars: number; maxSteps: number } = { maxChars: MAX_CHATDEV_CHARS, maxSteps: MAX_CHATDEV_STEPS },
): Record<string, unknown> | undefined {
  // The size first: past it only the head is read, to tell a ChatDev log that is too large from other text.
  if (upload.length > limits.maxChars) {
    if (isChatDevLog(upload.slice(0, HEAD_CHARS))) throw tooLarge("characters", limits.maxChars);
    return undefined;
  }
  if (!isChatDevLog(upload)) return undefined;
  const entries: LogEntry[] = [];
  let steps = 0;
  let current: LogEntry | undefined;
  for (const { text, n } of printedLines(printedText(upload))) {
    const header = logHeader(text);
    if (header) {
      if (opensStep(header.rest) && ++steps > limits.maxSteps) throw tooLarge("utterances", limits.maxSteps);
      current = { line: n, time: header.time, level: header.level, lines: [header.rest] };
      entries.push(current);
    } else if (current) current.lines.push(text);
    // Recognition made the first non-blank line a header: nothing before it but blank lines.
  }
  const value: Record<string | symbol, unknown> = { form: "chatdev-log" };
  value[CHATDEV] = { entries } satisfies ChatDevLog;
  return value as Record<string, unknown>;
}

/**
 * Counts the entries that become steps without building anything, stopping past `limit` (0 when the
 * text is no ChatDev log): the sandbox refuses a log with more than the step cap before reading it.
 */
export function countChatDevSteps(upload: string, limit: number): number {
  if (!isChatDevLog(upload)) return 0;
  return countLines(printedText(upload), limit, (line) => {
    const header = line[0] === "[" ? logHeader(stripAnsi(line)) : undefined;
    return Boolean(header && opensStep(header.rest));
  });
}
