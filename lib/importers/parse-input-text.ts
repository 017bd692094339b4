import { TraceInputError } from "../trace/errors";
import { parseJsonLines, parseJsonText, positionToLocation } from "../trace/parse-json";
import { parseReprDocument } from "./python-repr/parse-repr-document";
import { splitConcatenatedJson } from "./split-concatenated-json";

/**
 * Parses an uploaded file: one JSON document, or JSON Lines (one document per line, as the
 * OTel collector's file exporter and LangSmith dataset dumps write them), which becomes an array.
 * A single document is tried first; JSONL only when that fails and more than one line starts
 * with `{`, so a truncated single document still reports its own line/column. Then documents
 * written one after another, pretty-printed (Python `ConsoleSpanExporter` output, with or without
 * blank lines between them, whatever the file's extension), which also become an array: valid JSON
 * is never reported as malformed. Last, a Python repr of a whole value
 * (AutoGen's printed `TaskResult(...)`).
 */
export function parseInputText(text: string, fileName?: string): unknown {
  if (text.trim() === "") throw new TraceInputError("bad_input", `The file${fileName ? ` ${fileName}` : ""} is empty`);
  try {
    return parseJsonText(text, fileName ?? "input");
  } catch (err) {
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
    if (linesErr) throw linesErr;
    // Python's print() of a TaskResult or state dict: read it only when all of it parses as one.
    const repr = parseReprDocument(text);
    if (repr !== undefined) return repr;
    throw err;
  }
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
