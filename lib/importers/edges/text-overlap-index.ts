import { shingleHashes } from "./shingles";

/** Posting lists longer than this are boilerplate (system prompts, JSON keys): ignored. */
const MAX_POSTINGS = 64;

/** One earlier step whose output overlaps a query text. */
export interface OverlapMatch {
  index: number;
  /** Shingles of the source found in the query. */
  shared: number;
  /** shared / min(source shingles, query shingles): 1 = one text contains the other. */
  score: number;
}

/**
 * Inverted index from shingle hash to the steps whose output contains it. Steps are added in
 * global order and queried before being added, so every match points back in time.
 * Most shingles occur in one step only, so a posting is a plain number until a second step
 * shares it (keeps allocation, and GC, proportional to shared text rather than all text).
 */
export class TextOverlapIndex {
  private readonly postings = new Map<number, number | number[]>();
  private sizes = new Int32Array(64);
  private counts = new Int32Array(64);

  constructor(private readonly sampleMask: number) {}

  add(index: number, text: string): void {
    const hashes = shingleHashes(text, this.sampleMask);
    if (hashes.size === 0) return;
    this.ensure(index);
    this.sizes[index] = hashes.size;
    for (const h of hashes) {
      const p = this.postings.get(h);
      if (p === undefined) this.postings.set(h, index);
      else if (typeof p === "number") this.postings.set(h, [p, index]);
      else if (p.length <= MAX_POSTINGS) p.push(index);
    }
  }

  /** Earlier steps sharing at least `minShared` shingles with `text`, best score first. */
  query(text: string, accept: (index: number) => boolean, minShared = this.sampleMask ? 2 : 3): OverlapMatch[] {
    const hashes = shingleHashes(text, this.sampleMask);
    if (hashes.size === 0) return [];
    const counts = this.counts;
    const touched: number[] = [];
    for (const h of hashes) {
      const p = this.postings.get(h);
      if (p === undefined) continue;
      if (typeof p === "number") {
        if (counts[p]++ === 0) touched.push(p);
      } else if (p.length <= MAX_POSTINGS) {
        for (let k = 0; k < p.length; k++) if (counts[p[k]]++ === 0) touched.push(p[k]);
      }
    }
    const matches: OverlapMatch[] = [];
    for (const index of touched) {
      const shared = counts[index];
      counts[index] = 0;
      if (shared < minShared || !accept(index)) continue;
      matches.push({ index, shared, score: shared / Math.min(this.sizes[index] || shared, hashes.size) });
    }
    // Stable order: best score, then the most recent source.
    return matches.sort((a, b) => b.score - a.score || b.index - a.index);
  }

  private ensure(index: number): void {
    if (index < this.sizes.length) return;
    let n = this.sizes.length;
    while (n <= index) n *= 2;
    const sizes = new Int32Array(n);
    sizes.set(this.sizes);
    this.sizes = sizes;
    const counts = new Int32Array(n);
    counts.set(this.counts);
    this.counts = counts;
  }
}
