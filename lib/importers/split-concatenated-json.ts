/**
 * Splits text holding several JSON documents written one after another (the OpenTelemetry Python
 * SDK's `ConsoleSpanExporter` prints each span's pretty-printed `to_json()` this way, with only a
 * newline between them) into the documents' text ranges. Linear, one pass, no recursion.
 *
 * Returns `undefined` unless the text is two or more top-level objects/arrays separated by
 * whitespace only: anything else (a lone document, a scalar, garbage between documents, an
 * unbalanced bracket) is left to the single-document parser, which reports the error's location.
 */
export function splitConcatenatedJson(text: string): Array<[start: number, end: number]> | undefined {
  const ranges: Array<[number, number]> = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (depth === 0) {
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff) continue;
      if (c !== 123 && c !== 91) return undefined; // only objects and arrays at the top level
      start = i;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) ranges.push([start, i + 1]);
    }
  }
  if (depth !== 0 || inString || ranges.length < 2) return undefined;
  return ranges;
}
