/**
 * Every match of a global pattern in a text, in order, as `String.prototype.matchAll` gives them
 * from the text's start, one at a time.
 *
 * `matchAll` copies its pattern on every call (the spec builds a new RegExp), and the copy of a
 * long pattern costs more than scanning a short text with it. The engine scans every step with a
 * dozen such patterns; `exec` on the pattern itself copies nothing. The first match is looked for at
 * once: most texts have none, and then no iterator is made (one shared empty list is returned). The
 * rest are found lazily, as `matchAll` finds them, so a caller that stops early scans no further. The
 * position is kept here, not in the pattern: the caller may use the same pattern inside its loop, and
 * the pattern is left at lastIndex 0.
 */
export function allMatches(re: RegExp, text: string): Iterable<RegExpExecArray> {
  if (!re.global) throw new TypeError("allMatches needs a global pattern");
  re.lastIndex = 0;
  const first = re.exec(text);
  if (first === null) {
    re.lastIndex = 0;
    return NO_MATCHES;
  }
  const at = after(re, text, first);
  re.lastIndex = 0;
  return matchesFrom(re, text, first, at);
}

const NO_MATCHES: readonly RegExpExecArray[] = Object.freeze([]);

function* matchesFrom(re: RegExp, text: string, first: RegExpExecArray, from: number): Generator<RegExpExecArray> {
  yield first;
  let at = from;
  for (;;) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m === null) break;
    at = after(re, text, m);
    re.lastIndex = 0;
    yield m;
  }
  re.lastIndex = 0;
}

/** Where the next search starts: past the match, or one code point on from an empty one (found again otherwise). */
function after(re: RegExp, text: string, m: RegExpExecArray): number {
  return m[0] === "" ? nextIndex(text, re.lastIndex, re.unicode || re.flags.includes("v")) : re.lastIndex;
}

function nextIndex(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff ? at + 2 : at + 1;
}
