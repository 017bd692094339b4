/**
 * Every match of a global pattern in a text, in order, as `String.prototype.matchAll` gives them
 * from the text's start, one at a time.
 *
 * `matchAll` copies its pattern on every call (the spec builds a new RegExp), and the copy of a
 * long pattern costs more than scanning a short text with it. The engine scans every step with a
 * dozen such patterns; `exec` on the pattern itself copies nothing. Lazy as `matchAll` is, so a
 * caller that stops early scans no further. The position is kept here, not in the pattern: the
 * caller may use the same pattern inside its loop, and the pattern is left at lastIndex 0.
 */
export function* allMatches(re: RegExp, text: string): Generator<RegExpExecArray, void, undefined> {
  if (!re.global) throw new TypeError("allMatches needs a global pattern");
  let at = 0;
  for (;;) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m === null) break;
    // An empty match would be found again at the same place: step past it, a whole code point under u or v.
    at = m[0] === "" ? nextIndex(text, re.lastIndex, re.unicode || re.flags.includes("v")) : re.lastIndex;
    re.lastIndex = 0;
    yield m;
  }
  re.lastIndex = 0;
}

function nextIndex(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff ? at + 2 : at + 1;
}
