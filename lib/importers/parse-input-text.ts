import { TraceInputError } from "../trace/errors";
import { parseJsonLines, parseJsonText, positionToLocation } from "../trace/parse-json";
import { parseReprDocument } from "./python-repr/parse-repr-document";
import { splitConcatenatedJson } from "./split-concatenated-json";
import { PRINTED_FORMS_EXPECTED, parsePrintedChat } from "./chat/printed/printed-chat";
import { CHATDEV_LOG_EXPECTED, readChatDevLog } from "./chatdev/read-chatdev-log";

/**
 * Parses an uploaded file: one JSON document, or JSON Lines (one document per line, as the
 * OTel collector's file exporter and LangSmith dataset dumps write them), which becomes an array.
 * A single document is tried first; JSONL only when that fails and more than one line starts
 * with `{`, so a truncated single document still reports its own line/column. Then documents
 * written one after another, pretty-printed (Python `ConsoleSpanExporter` output, with or without
 * blank lines between them, whatever the file's extension), which also become an array: valid JSON
 * is never reported as malformed. Then a Python repr of a whole value
 * (AutoGen's printed `TaskResult(...)`). Last, a chat AutoGen printed to a terminal (an AG2 / 0.2
 * `initiate_chat` print or an AgentChat `Console` print, `chat/printed/`), recognised from its head;
 * other text that is not JSON keeps its JSON error, saying which printed forms are read too.
 * A ChatDev `.log` (`chatdev/`, ADR 0117) is tried first once JSON failed: its `[2023-22-08 14:46:15
 * INFO]` opening breaks JSON at once, and it can read as neither JSONL nor concatenated documents.
 */
export function parseInputText(text: string, fileName?: string): unknown {
  if (text.trim() === "") throw new TraceInputError("bad_input", `The file${fileName ? ` ${fileName}` : ""} is empty`);
  try {
    return parseJsonText(text, fileName ?? "input");
  } catch (err) {
    const chatdev = readChatDevLog(text);
    if (chatdev !== undefined) return chatdev;
    // Pretty-printed documents one after another (blank lines between them or not) are tried before
    // JSONL fails for good: a `.jsonl` name or lines that open with `{` do not make them JSONL.
    let linesErr: unknown;
    if (looksLikeJsonLines(text, fileName)) {
      try {
        return parseJsonLines(text, fileName ?? "input");
      } catch (e) {
        linesErr = e;
      }
    }
    const ranges = splitConcatenatedJson(text);
    if (ranges) return parseConcatenated(text, ranges, fileName ?? "input");
    if (linesErr) {
      // A notebook cell's print may open with dict lines before the chat (read from its head only).
      const printed = parsePrintedChat(text);
      if (printed !== undefined) return printed;
      throw linesErr;
    }
    // Python's print() of a TaskResult or state dict: read it only when all of it parses as one.
    const repr = parseReprDocument(text);
    if (repr !== undefined) return repr;
    const printed = parsePrintedChat(text);
    if (printed !== undefined) return printed;
    throw notJsonNorPrinted(err, text);
  }
}

/** Text that does not open like JSON: its JSON error also names the printed chats read. */
function notJsonNorPrinted(err: unknown, text: string): unknown {
  if (!(err instanceof TraceInputError) || err.code !== "malformed_json") return err;
  let at = 0;
  while (at < text.length && /\s/.test(text[at])) at++;
  const first = text[at];
  if (first === "{") return err;
  return new TraceInputError(
    "malformed_json",
    `${err.message}. The file is not JSON, nor ${PRINTED_FORMS_EXPECTED}, nor ${CHATDEV_LOG_EXPECTED}`,
    err.location ? { location: err.location, issues: err.issues } : { issues: err.issues },
  );
}

function looksLikeJsonLines(text: string, fileName?: string): boolean {
  if (fileName && /\.(jsonl|ndjson)$/i.test(fileName)) return true;
  let objectLines = 0;
  let start = 0;
  while (start < text.length && objectLines < 2) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const first = firstNonSpace(text, start, end);
    if (first === "{" || first === "[") objectLines++;
    else if (first !== "") return false;
    start = end + 1;
  }
  return objectLines >= 2;
}

function firstNonSpace(text: string, start: number, end: number): string {
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c !== " " && c !== "\t" && c !== "\r") return c;
  }
  return "";
}

/** Parses each document of a concatenation; a bad one is reported at its place in the whole text. */
function parseConcatenated(text: string, ranges: ReadonlyArray<[number, number]>, what: string): unknown[] {
  const values: unknown[] = new Array(ranges.length);
  for (let k = 0; k < ranges.length; k++) {
    const [start, end] = ranges[k];
    try {
      values[k] = JSON.parse(text.slice(start, end));
    } catch {
      const { line, column } = positionToLocation(text, start);
      throw new TraceInputError(
        "malformed_json",
        `Malformed JSON in ${what}: document ${k + 1} of ${ranges.length}, starting at line ${line}, column ${column}, does not parse`,
        {
          location: { line, column },
        },
      );
    }
  }
  // Several saved arrays concatenated (`cat a.json b.json` of span dumps) are one list of records.
  return values.every(Array.isArray) ? (values as unknown[][]).flat() : values;
}
