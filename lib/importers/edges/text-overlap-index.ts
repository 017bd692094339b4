import { shingleAt, writeShingles } from "./shingles";

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
 *
 * It is an open-addressing hash table over typed arrays rather than a `Map`: hundreds of
 * thousands of shingles per trace would otherwise dominate import time with allocation and GC.
 * A slot holds one step index directly; a second step sharing the shingle moves it to a list.
 */
export class TextOverlapIndex {
  private keys = new Int32Array(1 << 12);
  private used = new Uint8Array(1 << 12);
  /** ≥ 0: the only step with this shingle; < 0: -(list number + 1). */
  private values = new Int32Array(1 << 12);
  /** Per slot, the add/query pass that last touched it (de-duplicates repeated shingles). */
  private stamps = new Int32Array(1 << 12);
  private filled = 0;
  private pass = 0;
  private readonly lists: number[][] = [];
  private sizes = new Int32Array(64);
  private counts = new Int32Array(64);

  constructor(private readonly sampleMask: number) {}

  add(index: number, text: string): void {
    const n = writeShingles(text, this.sampleMask);
    if (n === 0) return;
    this.ensureSteps(index);
    if ((this.filled + n) * 2 > this.keys.length) this.grow(this.filled + n);
    const stamp = ++this.pass;
    let distinct = 0;
    for (let i = 0; i < n; i++) {
      const h = shingleAt(i);
      const slot = this.slotOf(h);
      if (!this.used[slot]) {
        this.used[slot] = 1;
        this.keys[slot] = h;
        this.values[slot] = index;
        this.stamps[slot] = stamp;
        this.filled++;
        distinct++;
        continue;
      }
      if (this.stamps[slot] === stamp) continue; // repeated within this text
      this.stamps[slot] = stamp;
      distinct++;
      const v = this.values[slot];
      if (v >= 0) {
        this.lists.push([v, index]);
        this.values[slot] = -this.lists.length;
      } else {
        const list = this.lists[-v - 1];
        if (list.length <= MAX_POSTINGS) list.push(index);
      }
    }
    this.sizes[index] = distinct;
  }

  /** Earlier steps sharing at least `minShared` shingles with `text`, best score first. */
  query(text: string, accept: (index: number) => boolean, minShared = this.sampleMask ? 2 : 3): OverlapMatch[] {
    const n = writeShingles(text, this.sampleMask);
    if (n === 0 || this.filled === 0) return [];
    const counts = this.counts;
    const touched: number[] = [];
    const stamp = ++this.pass;
    // Query size counts unindexed shingles per occurrence (no set): at worst slightly conservative scores.
    let querySize = 0;
    for (let i = 0; i < n; i++) {
      const h = shingleAt(i);
      const slot = this.slotOf(h);
      if (!this.used[slot]) {
        querySize++;
        continue;
      }
      if (this.stamps[slot] === stamp) continue;
      this.stamps[slot] = stamp;
      querySize++;
      const v = this.values[slot];
      if (v >= 0) {
        if (counts[v]++ === 0) touched.push(v);
      } else {
        const list = this.lists[-v - 1];
        if (list.length > MAX_POSTINGS) continue;
        for (let k = 0; k < list.length; k++) if (counts[list[k]]++ === 0) touched.push(list[k]);
      }
    }
    const matches: OverlapMatch[] = [];
    for (const index of touched) {
      const shared = counts[index];
      counts[index] = 0;
      if (shared < minShared || !accept(index)) continue;
      matches.push({ index, shared, score: shared / Math.min(this.sizes[index] || shared, querySize) });
    }
    // Stable order: best score, then the most recent source.
    return matches.sort((a, b) => b.score - a.score || b.index - a.index);
  }

  /** Linear probing; the table is kept at most half full. */
  private slotOf(h: number): number {
    const mask = this.keys.length - 1;
    let slot = Math.imul(h, 0x9e3779b1) >>> 0 & mask;
    while (this.used[slot] && this.keys[slot] !== h) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(needed: number): void {
    let size = this.keys.length;
    while (needed * 2 > size) size *= 2;
    const { keys, used, values, stamps } = this;
    this.keys = new Int32Array(size);
    this.used = new Uint8Array(size);
    this.values = new Int32Array(size);
    this.stamps = new Int32Array(size);
    for (let s = 0; s < keys.length; s++) {
      if (!used[s]) continue;
      const slot = this.slotOf(keys[s]);
      this.used[slot] = 1;
      this.keys[slot] = keys[s];
      this.values[slot] = values[s];
      this.stamps[slot] = stamps[s];
    }
  }

  private ensureSteps(index: number): void {
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
