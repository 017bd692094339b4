/**
 * Word n-gram ("shingle") fingerprints for fast text-overlap tests. Comparing fingerprints
 * instead of strings keeps message-edge inference linear in the total text size: each text is
 * hashed once, and an inverted index answers "which earlier outputs share shingles with this
 * input" without pairwise string search.
 */

/** Words per shingle: long enough that a shared shingle is rarely a coincidence. */
export const SHINGLE_WORDS = 4;

/**
 * Returns the distinct shingle hashes of `text`. When `sampleMask` is non-zero only hashes with
 * `(hash & sampleMask) === 0` are kept; because the rule depends on the hash alone, both sides of
 * a comparison keep the same shingles, so overlap ratios stay unbiased on huge traces.
 * At most `maxShingles` hashes are returned (the first ones in text order).
 */
export function shingleHashes(text: string, sampleMask = 0, maxShingles = 20_000): Set<number> {
  const out = new Set<number>();
  const n = writeShingles(text, sampleMask, maxShingles);
  for (let i = 0; i < n; i++) out.add(buffer[i]);
  return out;
}

let buffer = new Int32Array(1024);

/**
 * Allocation-free variant for hot loops: writes the shingle hashes of `text` (in text order,
 * possibly repeated) into a shared buffer and returns how many; read them with `shingleAt`
 * before the next call.
 */
export function writeShingles(text: string, sampleMask = 0, maxShingles = 20_000): number {
  if (!text) return 0;
  let count = 0;
  let written = 0;
  let word = 0;
  let inWord = false;
  // The last SHINGLE_WORDS (= 4) word hashes, oldest first, in locals rather than a ring buffer.
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  let w3 = 0;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    // ASCII letters and digits (lowercased) and everything beyond ASCII are word characters.
    const lower = c < 128 ? WORD_CHAR[c] : c;
    if (lower !== 0) {
      word = inWord ? Math.imul(word ^ lower, 16777619) : Math.imul(2166136261 ^ lower, 16777619);
      inWord = true;
      continue;
    }
    if (!inWord) continue;
    inWord = false;
    w0 = w1;
    w1 = w2;
    w2 = w3;
    w3 = word | 0;
    count++;
    if (count < SHINGLE_WORDS) continue;
    // FNV-1a over the four word hashes, oldest first.
    let h = Math.imul(2166136261 ^ w0, 16777619);
    h = Math.imul(h ^ w1, 16777619);
    h = Math.imul(h ^ w2, 16777619);
    h = Math.imul(h ^ w3, 16777619) | 0; // signed int32 stays a small integer in V8 (no heap number per shingle)
    if ((h & sampleMask) !== 0) continue;
    if (written === buffer.length) {
      const bigger = new Int32Array(buffer.length * 2);
      bigger.set(buffer);
      buffer = bigger;
    }
    buffer[written++] = h;
    if (written >= maxShingles) break;
  }
  return written;
}

/** Per ASCII code: its lowercase form when it is a letter or digit, else 0 (a separator). */
const WORD_CHAR = new Uint8Array(128).map((_, c) =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) ? c : c >= 65 && c <= 90 ? c + 32 : 0,
);

export function shingleAt(i: number): number {
  return buffer[i];
}

/** Sampling mask for a trace: keep every shingle up to ~5 MB of text, then 1 in 4 (1 in 16 past 100 MB). */
export function sampleMaskFor(totalChars: number): number {
  if (totalChars > 100_000_000) return 15;
  if (totalChars > 5_000_000) return 3;
  return 0;
}
