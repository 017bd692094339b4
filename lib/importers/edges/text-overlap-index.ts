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
 */
export class TextOverlapIndex {
  private readonly postings = new Map<number, number[]>();
  private readonly sizes = new Map<number, number>();

  constructor(private readonly sampleMask: number) {}

  add(index: number, text: string): void {
    const hashes = shingleHashes(text, this.sampleMask);
    if (hashes.size === 0) return;
    this.sizes.set(index, hashes.size);
    for (const h of hashes) {
      const list = this.postings.get(h);
      if (!list) this.postings.set(h, [index]);
      else if (list.length <= MAX_POSTINGS) list.push(index);
    }
  }

  /** Earlier steps sharing at least `minShared` shingles with `text`, best score first. */
  query(text: string, accept: (index: number) => boolean, minShared = 3): OverlapMatch[] {
    const hashes = shingleHashes(text, this.sampleMask);
    if (hashes.size === 0) return [];
    const counts = new Map<number, number>();
    for (const h of hashes) {
      const list = this.postings.get(h);
      if (!list || list.length > MAX_POSTINGS) continue;
      for (const index of list) counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    const matches: OverlapMatch[] = [];
    for (const [index, shared] of counts) {
      if (shared < minShared || !accept(index)) continue;
      const size = this.sizes.get(index) ?? shared;
      matches.push({ index, shared, score: shared / Math.min(size, hashes.size) });
    }
    // Stable order: best score, then the most recent source.
    return matches.sort((a, b) => b.score - a.score || b.index - a.index);
  }
}
