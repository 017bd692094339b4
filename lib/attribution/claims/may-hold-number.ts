/**
 * Whether a text can hold a number value at all, before its claims are read: every number a text
 * writes normalizes (`normalizeNumber`) to digits the text shows in a row, unless it is written with
 * thousands commas, with an exponent, or with so many digits that it is read as a float and rounded
 * (`printedInFull`: 15 digits, or 11 after the point). A text with any of those is read in full;
 * so is a value written with an exponent ("1e-7", a tiny or huge number's normal form).
 */
const READ_IN_FULL_RE = /\d,\d|\d[eE][-+]?\d|\d(?:\.?\d){14}|\.\d{11}/;

/** `value`: a number's normalized form ("80", "-5", "17.82"). False only when the text cannot hold it. */
export function mayHoldNumber(text: string, value: string): boolean {
  if (value.includes("e")) return true;
  const digits = value.startsWith("-") ? value.slice(1) : value;
  return text.includes(digits) || READ_IN_FULL_RE.test(text);
}
