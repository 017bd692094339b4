/**
 * The lines of a chat a terminal or notebook printed: split once, ANSI colour codes removed, each
 * line keeping its 1-based number for warnings. Hand-written scanning, no regex: the text is the
 * upload itself, and every pass here is linear in its length.
 */
export interface PrintedLine {
  /** The line without its line break, trailing `\r` or ANSI escape sequences. */
  text: string;
  /** 1-based line number in the uploaded text. */
  n: number;
}

const ESC = 0x1b;

/**
 * Removes ANSI escape sequences: CSI (`ESC [ params final`, the colours `termcolor` prints), OSC
 * (`ESC ] … BEL` or `ESC \`) and two-character escapes. Everything else is kept verbatim.
 */
export function stripAnsi(line: string): string {
  if (line.indexOf("\x1b") < 0) return line;
  let out = "";
  let i = 0;
  // Set once an OSC found no terminator up to the line's end: no later one can find one either.
  let oscUnterminated = false;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c !== ESC) {
      const next = line.indexOf("\x1b", i);
      const end = next < 0 ? line.length : next;
      out += line.slice(i, end);
      i = end;
      continue;
    }
    const kind = line[i + 1];
    if (kind === "[") {
      // parameters and intermediates (0x20–0x3f), then one final byte (0x40–0x7e)
      let j = i + 2;
      while (j < line.length && line.charCodeAt(j) >= 0x20 && line.charCodeAt(j) <= 0x3f) j++;
      i = j < line.length && line.charCodeAt(j) >= 0x40 && line.charCodeAt(j) <= 0x7e ? j + 1 : j;
    } else if (kind === "]") {
      let j = oscUnterminated ? line.length : i + 2;
      while (j < line.length && line[j] !== "\x07" && !(line[j] === "\x1b" && line[j + 1] === "\\")) j++;
      // Unterminated on this line: not a sequence a terminal would have hidden; only `ESC ]` goes.
      if (j >= line.length) oscUnterminated = true;
      i = j >= line.length ? i + 2 : line[j] === "\x07" ? j + 1 : j + 2;
    } else i += kind === undefined ? 1 : 2;
  }
  return out;
}

/**
 * The upload as the printed-chat readers scan it: without a leading byte order mark (Windows
 * editors save one; it would hide the first header), and with lone `\r` line ends (a print saved
 * with classic Mac line ends: no `\n` anywhere) read as line breaks. Linear; the text itself when
 * neither applies.
 */
export function printedText(text: string): string {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return t.indexOf("\n") < 0 && t.indexOf("\r") >= 0 ? t.replaceAll("\r", "\n") : t;
}

/** The text's lines, ANSI-free; a final line break does not make an empty last line. */
export function printedLines(text: string): PrintedLine[] {
  const lines: PrintedLine[] = [];
  let start = 0;
  let n = 1;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    if (end === text.length && start === text.length && text.length > 0) break;
    let raw = text.slice(start, end);
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    lines.push({ text: stripAnsi(raw), n });
    n++;
    start = end + 1;
  }
  return lines;
}

export function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c !== " " && c !== "\t" && c !== "\r") return false;
  }
  return true;
}

/** True when `line`, without trailing spaces, is exactly `count` copies of `ch`. */
export function isRuleOf(line: string, ch: string, count: number): boolean {
  const t = line.trimEnd();
  if (t.length !== count) return false;
  for (let i = 0; i < t.length; i++) if (t[i] !== ch) return false;
  return true;
}

/** At most this many line numbers are listed in one warning. */
const LISTED_LINES = 12;

/** "lines 3, 7, 9 (and 40 more)" for a warning. */
export function lineList(numbers: readonly number[]): string {
  const shown = numbers.slice(0, LISTED_LINES).join(", ");
  const more = numbers.length > LISTED_LINES ? ` (and ${numbers.length - LISTED_LINES} more)` : "";
  return `${numbers.length === 1 ? "line" : "lines"} ${shown}${more}`;
}

/**
 * The lines of `text` that `counts` accepts, counted without building
 * anything and stopping past `limit`: how the sandbox sizes a text upload before parsing it.
 */
export function countLines(text: string, limit: number, counts: (line: string) => boolean): number {
  let count = 0;
  let start = 0;
  while (start < text.length && count <= limit) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (counts(line)) count++;
  }
  return count;
}
