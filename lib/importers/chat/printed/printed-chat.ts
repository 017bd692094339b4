/**
 * Chats AutoGen printed to a terminal or notebook, read as the message lists the AG2 and AutoGen
 * importers already map (ADR 0116): an AG2 / AutoGen 0.2 `initiate_chat` print (`parse-ag2-print.ts`)
 * or an AgentChat 0.4+ `Console` print (`parse-console-print.ts`). Tried by `parseInputText` only
 * after every JSON and Python-repr reading failed, and recognised from the head of the text only, so
 * it never takes a file another reader could read, and other text still gets its JSON error.
 */
import { TraceInputError } from "../../../trace/errors";
import { isRecord } from "../../trace-builder";
import { ag2Header, isAg2Separator, parseAg2Print } from "./parse-ag2-print";
import { consoleHeader, parseConsolePrint } from "./parse-console-print";
import { countLines, isBlank, printedLines, printedText, stripAnsi } from "./printed-lines";

export type PrintedForm = "ag2-print" | "agentchat-console";

/** Larger prints are refused before they are split into lines (the server's upload cap is 50 MB). */
export const MAX_PRINTED_CHARS = 64 * 1024 * 1024;
/** More messages than this are refused while reading (the server's default step cap). */
export const MAX_PRINTED_MESSAGES = 200_000;
/** Recognition reads only this much of the head of the text. */
const HEAD_CHARS = 256 * 1024;
const HEAD_LINES = 2000;

/** What the importers read besides the message list: kept off the list's own keys (a symbol). */
export interface PrintedChatMeta {
  form: PrintedForm;
  warnings: string[];
  attributes: Record<string, unknown>;
  task?: string;
}
const PRINTED = Symbol("printed chat");

/** The printed form's description for error messages (what a printed upload must look like). */
export const PRINTED_FORMS_EXPECTED =
  "an AG2/AutoGen 0.2 printed chat (`sender (to recipient):` blocks, each closed by a line of 80 dashes) or an AutoGen AgentChat Console print (`---------- TextMessage (user) ----------` or `---------- user ----------` blocks)";

/** The meta of a value `parsePrintedChat` made, else undefined. */
export function printedChatMeta(value: unknown): PrintedChatMeta | undefined {
  return isRecord(value) ? ((value as Record<symbol, unknown>)[PRINTED] as PrintedChatMeta | undefined) : undefined;
}

/** Which printed form the text opens with (in its head), if any. */
export function printedForm(upload: string): PrintedForm | undefined {
  const text = printedText(upload);
  const head = text.length > HEAD_CHARS ? text.slice(0, HEAD_CHARS) : text;
  let start = 0;
  let previousWasAg2Header = false;
  // Whether the whole text holds a separator: looked up once, not once per header of the head.
  let separator: boolean | undefined;
  for (let k = 0; k < HEAD_LINES && start < head.length; k++) {
    let end = head.indexOf("\n", start);
    if (end < 0) end = head.length;
    const line = stripAnsi(head.slice(start, end));
    start = end + 1;
    if (previousWasAg2Header) {
      // AG2's header is followed by a blank line, and its messages are closed by 80 dashes.
      if (isBlank(line) && (separator ??= hasAg2Separator(text))) return "ag2-print";
      previousWasAg2Header = false;
    }
    if (ag2Header(line)) previousWasAg2Header = true;
    else if (consoleHeader(line)) return "agentchat-console";
  }
  return undefined;
}

function hasAg2Separator(text: string): boolean {
  const rule = "-".repeat(80);
  let at = text.indexOf(rule);
  while (at >= 0) {
    // One check per line that holds the rule, then on past that line: linear.
    const lineStart = text.lastIndexOf("\n", at) + 1;
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    if (isAg2Separator(stripAnsi(text.slice(lineStart, end)))) return true;
    at = text.indexOf(rule, end);
  }
  return false;
}

function tooLarge(what: string, limit: number): TraceInputError {
  return new TraceInputError(
    "too_large",
    `This printed chat has more than ${limit.toLocaleString("en")} ${what}; split it into smaller files.`,
  );
}

/**
 * The message list a printed AutoGen chat shows, as the AG2 (`{messages: [{name, content, …}]}`) or
 * AgentChat (`{messages: [{source, type, content}], stop_reason}`) value its importer reads, or
 * undefined when the text is neither form. Throws `too_large` past the bounds.
 */
export function parsePrintedChat(
  upload: string,
  limits: { maxChars: number; maxMessages: number } = {
    maxChars: MAX_PRINTED_CHARS,
    maxMessages: MAX_PRINTED_MESSAGES,
  },
): Record<string, unknown> | undefined {
  // The size first: past it only the head is read, to tell a printed chat that is too large from text
  // that is no printed chat at all.
  if (upload.length > limits.maxChars) {
    if (printedForm(upload.slice(0, HEAD_CHARS))) throw tooLarge("characters", limits.maxChars);
    return undefined;
  }
  const form = printedForm(upload);
  if (!form) return undefined;
  const lines = printedLines(printedText(upload));
  if (form === "ag2-print") {
    const parsed = parseAg2Print(lines, limits.maxMessages);
    if (parsed === "too_many") throw tooLarge("messages", limits.maxMessages);
    const value: Record<string | symbol, unknown> = { messages: parsed.messages };
    value[PRINTED] = { form, warnings: parsed.warnings, attributes: parsed.attributes, task: parsed.task };
    return value as Record<string, unknown>;
  }
  const parsed = parseConsolePrint(lines, limits.maxMessages);
  if (parsed === "too_many") throw tooLarge("messages", limits.maxMessages);
  if (parsed.messages.length === 0)
    throw new TraceInputError("schema", "This AgentChat Console print holds no message, only its summary", {
      issues: [{ path: "(text)", message: "no `---------- Type (source) ----------` block" }],
    });
  const value: Record<string | symbol, unknown> = { messages: parsed.messages };
  if (parsed.stopReason !== undefined) value.stop_reason = parsed.stopReason;
  value[PRINTED] = { form, warnings: parsed.warnings, attributes: parsed.attributes };
  return value as Record<string, unknown>;
}

/**
 * Counts the message headers of a printed chat without building anything, stopping past `limit`
 * (0 when the text is not a printed chat): the sandbox refuses a print with more messages than
 * steps allowed before parsing it, as it counts spans of JSON uploads.
 */
export function countPrintedMessages(upload: string, limit: number): number {
  const form = printedForm(upload);
  if (!form) return 0;
  return countLines(printedText(upload), limit, (raw) => {
    const line = stripAnsi(raw);
    return Boolean(form === "ag2-print" ? ag2Header(line) : consoleHeader(line));
  });
}
