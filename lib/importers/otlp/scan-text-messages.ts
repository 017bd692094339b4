/**
 * Fast path of `renderMessages` for the commonest GenAI content attribute: a compact JSON string
 * of text-only messages, `[{"role":"user","parts":[{"type":"text","content":"..."}]}, ...]`.
 * Reading the text straight out of the string skips building (and collecting) the parsed arrays
 * and objects of every message. Anything else — whitespace, escapes, other keys or part types,
 * control characters JSON.parse would reject — returns `NOT_SIMPLE`, and the caller parses the
 * string as usual, so the result is always exactly what the parse-and-render path gives.
 */
export const NOT_SIMPLE = Symbol("not a simple text message list");

const ROLE_OPEN = '{"role":"';
const PARTS_OPEN = '","parts":[';
const PART_OPEN = '{"type":"text","content":"';

/** Rendered text (`role: text` blocks, as `renderMessages`), `undefined` when empty, or `NOT_SIMPLE`. */
export function scanTextMessages(s: string): string | undefined | typeof NOT_SIMPLE {
  if (s.charCodeAt(0) !== 91 /* [ */) return NOT_SIMPLE;
  const blocks: string[] = [];
  let i = 1;
  if (s.charCodeAt(i) === 93 /* ] */) return i + 1 === s.length ? undefined : NOT_SIMPLE;
  for (;;) {
    if (!s.startsWith(ROLE_OPEN, i)) return NOT_SIMPLE;
    const roleStart = i + ROLE_OPEN.length;
    const roleEnd = plainStringEnd(s, roleStart);
    if (roleEnd < 0 || !s.startsWith(PARTS_OPEN, roleEnd)) return NOT_SIMPLE;
    i = roleEnd + PARTS_OPEN.length;
    const pieces: string[] = [];
    if (s.charCodeAt(i) !== 93) {
      for (;;) {
        if (!s.startsWith(PART_OPEN, i)) return NOT_SIMPLE;
        const start = i + PART_OPEN.length;
        const end = plainStringEnd(s, start);
        if (end < 0 || s.charCodeAt(end + 1) !== 125 /* } */) return NOT_SIMPLE;
        if (end > start) pieces.push(s.slice(start, end)); // empty parts are filtered out, as in renderMessage
        i = end + 2;
        if (s.charCodeAt(i) !== 44 /* , */) break;
        i++;
      }
    }
    if (s.charCodeAt(i) !== 93 || s.charCodeAt(i + 1) !== 125) return NOT_SIMPLE;
    i += 2;
    const body = pieces.length === 1 ? pieces[0] : pieces.join("\n");
    const role = s.slice(roleStart, roleEnd);
    // join, not a template: one flat string (see renderMessage).
    const block = role ? [role, ": ", body].join("") : body;
    if (block) blocks.push(block);
    const c = s.charCodeAt(i);
    if (c === 44) {
      i++;
      continue;
    }
    if (c !== 93 || i + 1 !== s.length) return NOT_SIMPLE;
    break;
  }
  return blocks.length ? blocks.join("\n\n") : undefined;
}

/** Index of the closing quote of a JSON string body starting at `from` that needs no unescaping, or -1. */
function plainStringEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 /* " */) return i;
    if (c === 92 /* \ */ || c < 32) return -1;
  }
  return -1;
}
