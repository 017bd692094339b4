/**
 * Every match of a global pattern in a text, in order, as `String.prototype.matchAll` gives them
 * from the text's start.
 *
 * `matchAll` copies its pattern on every call (the spec builds a new RegExp), about a microsecond
 * each. The engine scans every step with a dozen patterns, and on the short texts most steps hold
 * the copies cost more than the scans. `exec` on the pattern itself copies nothing. The matches are
 * collected before the caller reads them, so the caller may use the same pattern again inside its
 * loop, and the pattern is left at lastIndex 0.
 */
export function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  if (!re.global) throw new TypeError("allMatches needs a global pattern");
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m);
    // An empty match would be found again at the same place: step past it, a whole code point under u or v.
    if (m[0] === "") re.lastIndex = nextIndex(text, re.lastIndex, re.unicode || re.flags.includes("v"));
  }
  re.lastIndex = 0;
  return out;
}

function nextIndex(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff ? at + 2 : at + 1;
}
