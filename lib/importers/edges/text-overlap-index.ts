import { shingleAt, writeShingles } from "./shingles";

/** Bits of the presence filter: 2^21 bits = 256 KB. */
const SEEN_BITS = 1 << 21;
const SEEN_SHIFT = 32 - 21;
/** Ints per slot: stamp, key, value. */
const SLOT = 3;
/** Upper bound of the pre-sized table (12 bytes a slot); beyond it the table grows on demand. */
const MAX_INITIAL_SLOTS = 1 << 20;
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
 * It is an open-addressing hash table over one typed array rather than a `Map`: hundreds of
 * thousands of shingles per trace would otherwise dominate import time with allocation and GC.
 * A slot is three consecutive ints (stamp, key, value), so a probe costs one cache miss, not three.
 * A slot holds one step index directly; a second step sharing the shingle moves it to a list.
 */
export class TextOverlapIndex {
  /**
   * Per slot: [stamp, key, value]. stamp = the add/query pass that last touched the slot (it
   * de-duplicates repeated shingles), 0 for an empty slot; value ≥ 0 is the only step with this
   * shingle, < 0 is -(list number + 1).
   */
  private table: Int32Array;
  private mask: number;
  /**
   * One bit per hash (a Bloom filter with one function), small enough to stay in cache: most
   * shingles of a query that are not in the table are rejected here without a probe that would
   * miss the cache. A set bit may be a collision, a clear bit is certain absence.
   */
  private readonly seen = new Int32Array(SEEN_BITS >>> 5);
  private filled = 0;
  private pass = 0;
  private readonly lists: number[][] = [];
  private sizes = new Int32Array(64);
  private counts = new Int32Array(64);

  /**
   * `expectedShingles` sizes the table up front (growing means rehashing everything); it is a
   * hint, capped so a huge trace does not reserve memory it may never use.
   */
  constructor(
    private readonly sampleMask: number,
    expectedShingles = 0,
  ) {
    let size = 1 << 12;
    while (size < expectedShingles * 2 && size < MAX_INITIAL_SLOTS) size *= 2;
    this.table = new Int32Array(size * SLOT);
    this.mask = size - 1;
  }

  add(index: number, text: string): void {
    const n = writeShingles(text, this.sampleMask);
    if (n === 0) return;
    this.ensureSteps(index);
    if ((this.filled + n) * 2 > this.mask + 1) this.grow(this.filled + n);
    const table = this.table;
    const stamp = ++this.pass;
    let distinct = 0;
    for (let i = 0; i < n; i++) {
      const h = shingleAt(i);
      const at = this.slotOf(h) * SLOT;
      if (table[at] === 0) {
        const bit = Math.imul(h, 0x85ebca6b) >>> SEEN_SHIFT; // top bits: sampled hashes share their low bits
        this.seen[bit >>> 5] |= 1 << (bit & 31);
        table[at] = stamp;
        table[at + 1] = h;
        table[at + 2] = index;
        this.filled++;
        distinct++;
        continue;
      }
      if (table[at] === stamp) continue; // repeated within this text
      table[at] = stamp;
      distinct++;
      const v = table[at + 2];
      if (v >= 0) {
        this.lists.push([v, index]);
        table[at + 2] = -this.lists.length;
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
    const table = this.table;
    const counts = this.counts;
    const touched: number[] = [];
    const stamp = ++this.pass;
    // Query size counts unindexed shingles per occurrence (no set): at worst slightly conservative scores.
    let querySize = 0;
    const seen = this.seen;
    for (let i = 0; i < n; i++) {
      const h = shingleAt(i);
      const bit = Math.imul(h, 0x85ebca6b) >>> SEEN_SHIFT; // top bits: sampled hashes share their low bits
      if ((seen[bit >>> 5] & (1 << (bit & 31))) === 0) {
        querySize++;
        continue;
      }
      const at = this.slotOf(h) * SLOT;
      if (table[at] === 0) {
        querySize++;
        continue;
      }
      if (table[at] === stamp) continue;
      table[at] = stamp;
      querySize++;
      const v = table[at + 2];
      if (v >= 0) {
        if (counts[v]++ === 0) touched.push(v);
      } else {
        const list = this.lists[-v - 1];
        if (list.length > MAX_POSTINGS) continue;
        for (let k = 0; k < list.length; k++) if (counts[list[k]]++ === 0) touched.push(list[k]);
      }
    }
    if (touched.length === 0) return [];
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

  /** Linear probing; the table is kept at most half full. Returns the slot number. */
  private slotOf(h: number): number {
    const table = this.table;
    const mask = this.mask;
    let slot = (Math.imul(h, 0x9e3779b1) >>> 0) & mask;
    while (table[slot * SLOT] !== 0 && table[slot * SLOT + 1] !== h) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(needed: number): void {
    let size = this.mask + 1;
    while (needed * 2 > size) size *= 2;
    const old = this.table;
    this.table = new Int32Array(size * SLOT);
    this.mask = size - 1;
    for (let at = 0; at < old.length; at += SLOT) {
      if (old[at] === 0) continue;
      const to = this.slotOf(old[at + 1]) * SLOT;
      this.table[to] = old[at];
      this.table[to + 1] = old[at + 1];
      this.table[to + 2] = old[at + 2];
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
