import { TraceInputError, type TextLocation } from "./errors";
import { locateJsonError } from "./locate-json-error";

/**
 * `JSON.parse` that reports line and column on failure. V8 reports a character position
 * ("... in JSON at position 1234" or "(line 3 column 5)"); we convert it to line/column so users
 * can find the spot in their editor.
 */
export function parseJsonText(text: string, what = "input"): unknown {
  try {
    return JSON.parse(stripBom(text));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const location = locate(text, message);
    const where = location ? ` at line ${location.line}, column ${location.column}` : "";
    throw new TraceInputError("malformed_json", `Malformed JSON in ${what}${where}: ${cleanV8Message(message)}`, {
      location,
    });
  }
}

/**
 * Parses newline-delimited JSON: one value per non-blank line. Errors name the line.
 */
export function parseJsonLines(text: string, what = "input"): unknown[] {
  const values: unknown[] = [];
  const lines = stripBom(text).split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    try {
      values.push(JSON.parse(line));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const col = locate(line, message)?.column ?? 1;
      throw new TraceInputError(
        "malformed_json",
        `Malformed JSON in ${what} at line ${i + 1}, column ${col}: ${cleanV8Message(message)}`,
        {
          location: { line: i + 1, column: col },
        },
      );
    }
  }
  return values;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function locate(text: string, message: string): TextLocation | undefined {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  if (pos) return positionToLocation(text, Number(pos[1]));
  const offset = locateJsonError(text);
  return offset === undefined ? undefined : positionToLocation(text, offset);
}

/** Converts a 0-based character offset into 1-based line and column. */
export function positionToLocation(text: string, position: number): TextLocation {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(position, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

function cleanV8Message(message: string): string {
  // Drop V8's own location suffix and the echo of the input (it may be huge or hostile).
  return message
    .replace(/ (in|after) JSON at position \d+.*$/s, "")
    .replace(/, "[^]*" is not valid JSON$/, "")
    .replace(/ \(line \d+ column \d+\)$/, "")
    .trim();
}
