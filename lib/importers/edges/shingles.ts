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
  if (!text) return out;
  const words: number[] = []; // ring of the last SHINGLE_WORDS word hashes
  let word = 0;
  let inWord = false;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    const isWordChar = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c > 127;
    if (isWordChar) {
      const lower = c >= 65 && c <= 90 ? c + 32 : c;
      word = inWord ? Math.imul(word ^ lower, 16777619) : Math.imul(2166136261 ^ lower, 16777619);
      inWord = true;
      continue;
    }
    if (!inWord) continue;
    inWord = false;
    words.push(word >>> 0);
    if (words.length > SHINGLE_WORDS) words.shift();
    if (words.length === SHINGLE_WORDS) {
      let h = 2166136261;
      for (let k = 0; k < SHINGLE_WORDS; k++) h = Math.imul(h ^ words[k], 16777619);
      h >>>= 0;
      if ((h & sampleMask) === 0) {
        out.add(h);
        if (out.size >= maxShingles) break;
      }
    }
  }
  return out;
}

/** Sampling mask for a trace: keep every shingle for normal traces, 1 in 4 or 1 in 16 for huge ones. */
export function sampleMaskFor(totalChars: number): number {
  if (totalChars > 200_000_000) return 15;
  if (totalChars > 20_000_000) return 3;
  return 0;
}
