/**
 * Redundancy and loops.
 *
 * Near-duplicate message: an utterance whose word-trigram set has Jaccard similarity ≥ 0.8 with an
 * earlier utterance (any agent). Candidates come from a bottom-k sketch of the trigram hashes, so the
 * cost stays linear in the run: two texts with Jaccard ≥ 0.8 share their smallest hash with
 * probability ≥ 0.8, and one of their k = 4 smallest with far higher probability.
 * Texts of fewer than 3 words are compared by their exact words.
 *
 * Loop: a stretch of ≥ 4 consecutive utterances alternating between the same two agents in which
 * the replies after the opening turn bring almost nothing new (on average under 20 % of their words
 * unseen earlier in the run).
 */
import type { TTrace } from "../../trace/schema";
import { wordsOf, type StepFacts } from "./step-facts";

const SIMILAR = 0.8;
const SKETCH = 4;
/** Candidates compared exactly per message: bounds the work on a run of a million identical lines. */
const MAX_CANDIDATES = 8;
const LOOP_MIN_TURNS = 4;
const LOOP_MAX_NOVELTY = 0.2;

export interface RedundancyFacts {
  duplicate: Uint8Array;
  nearDuplicateMessages: number;
  loops: number;
  loopStepIds: string[];
}

const FNV_OFFSET = 2166136261;
const FNV_PRIME = 16777619;
const SPACE = 32;

/** FNV-1a over the characters of `w`, continuing from `h`. */
function hashOn(h: number, w: string): number {
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), FNV_PRIME);
  return h;
}

/** FNV-1a of words[from..to) joined by single spaces, without building the joined string. */
function hashWords(words: string[], from: number, to: number): number {
  let h = FNV_OFFSET;
  for (let k = from; k < to; k++) {
    if (k > from) h = Math.imul(h ^ SPACE, FNV_PRIME);
    h = hashOn(h, words[k]);
  }
  return h >>> 0;
}

/** Sorts b[from..to) ascending in place: insertion sort, as a message has few trigrams (and no subarray object per message). */
function sortRange(b: Uint32Array, from: number, to: number): void {
  if (to - from > 64) {
    b.subarray(from, to).sort();
    return;
  }
  for (let k = from + 1; k < to; k++) {
    const x = b[k];
    let y = k - 1;
    while (y >= from && b[y] > x) {
      b[y + 1] = b[y];
      y--;
    }
    b[y + 1] = x;
  }
}

/**
 * Distinct word-trigram hashes of every message, ascending per message, in one flat buffer (a text
 * of fewer than 3 words: the hash of its words). One growing array instead of a set per message:
 * the sketch is a prefix, Jaccard a merge, and a 100k-step run does not keep 100k small objects alive.
 */
class TrigramStore {
  buf = new Uint32Array(1024);
  used = 0;
  readonly start: Int32Array;
  readonly len: Int32Array;
  constructor(n: number) {
    this.start = new Int32Array(n);
    this.len = new Int32Array(n);
  }
  /** Stores the trigram set of step i's words; returns its offset. */
  add(i: number, words: string[]): number {
    const need = Math.max(1, words.length - 2);
    if (this.used + need > this.buf.length) {
      const next = new Uint32Array(Math.max(this.buf.length * 2, this.used + need));
      next.set(this.buf.subarray(0, this.used));
      this.buf = next;
    }
    const at = this.used;
    const b = this.buf;
    if (words.length < 3) b[at] = hashWords(words, 0, words.length);
    else for (let k = 0; k + 2 < words.length; k++) b[at + k] = hashWords(words, k, k + 3);
    sortRange(b, at, at + need);
    let m = 0;
    for (let k = 0; k < need; k++) if (k === 0 || b[at + k] !== b[at + m - 1]) b[at + m++] = b[at + k];
    this.start[i] = at;
    this.len[i] = m;
    this.used += m;
    return at;
  }
  /**
   * Whether the trigram sets of steps i and j have Jaccard similarity ≥ SIMILAR (a merge of two
   * ascending runs). The merge stops as soon as even sharing every remaining element could not
   * reach it: most candidates share one trigram, and the answer is known after a few mismatches.
   */
  similar(i: number, j: number): boolean {
    const b = this.buf;
    const la = this.len[i];
    const lb = this.len[j];
    const aEnd = this.start[i] + la;
    const bEnd = this.start[j] + lb;
    let shared = 0;
    for (let x = this.start[i], y = this.start[j]; x < aEnd && y < bEnd; ) {
      if (b[x] === b[y]) {
        shared++;
        x++;
        y++;
      } else {
        if (b[x] < b[y]) x++;
        else y++;
        if (!reaches(shared + Math.min(aEnd - x, bEnd - y), la, lb)) return false;
      }
    }
    return reaches(shared, la, lb);
  }
}

/**
 * Whether sharing `shared` of two sets of sizes la and lb reaches SIMILAR. The similarity
 * shared / (la + lb − shared) only grows with `shared`, so as a bound on what is left it is exact.
 * A module function, not a closure per comparison: comparisons run several per message.
 */
function reaches(shared: number, la: number, lb: number): boolean {
  return shared / (la + lb - shared || 1) >= SIMILAR;
}

export function redundancyFacts(trace: TTrace, f: StepFacts): RedundancyFacts {
  const steps = trace.steps;
  const n = steps.length;
  const duplicate = new Uint8Array(n);
  const store = new TrigramStore(n);
  const bySketch = new Map<number, number[]>();
  let nearDuplicateMessages = 0;
  // Candidates of one message, distinct, in the order found (at most MAX_CANDIDATES).
  const candidates = new Int32Array(MAX_CANDIDATES);
  // Loops read each message's novelty: the share of its words unseen earlier in the run. A word
  // maps to the message that first used it, so one lookup tells "unseen before this message".
  const firstUse = new Map<string, number>();
  const novelty = new Float64Array(n);
  const order = new Int32Array(n);
  let messages = 0;
  for (let i = 0; i < n; i++) {
    if (!f.utterance[i]) continue;
    // Words are read here, one message at a time, and dropped: they are not kept for the whole run.
    const words = wordsOf(steps[i].content);
    let fresh = 0;
    for (const w of words) {
      const first = firstUse.get(w);
      if (first === undefined) {
        firstUse.set(w, i);
        fresh++;
      } else if (first === i) fresh++;
    }
    order[messages] = i;
    novelty[messages++] = words.length ? fresh / words.length : 0;
    if (words.length === 0) continue;
    const at = store.add(i, words);
    const sketchSize = Math.min(SKETCH, store.len[i]);
    let found = 0;
    for (let s = 0; s < sketchSize && found < MAX_CANDIDATES; s++) {
      const list = bySketch.get(store.buf[at + s]);
      if (list)
        for (let t = 0; t < list.length && found < MAX_CANDIDATES; t++) {
          const j = list[t];
          let known = false;
          for (let c = 0; c < found; c++) if (candidates[c] === j) known = true;
          if (!known) candidates[found++] = j;
        }
    }
    for (let c = 0; c < found; c++)
      if (store.similar(i, candidates[c])) {
        duplicate[i] = 1;
        nearDuplicateMessages++;
        break;
      }
    for (let s = 0; s < sketchSize; s++) {
      const h = store.buf[at + s];
      const list = bySketch.get(h);
      // Keep the most recent few per hash: a later copy is compared with recent ones first.
      if (list) {
        list.push(i);
        if (list.length > MAX_CANDIDATES) list.shift();
      } else bySketch.set(h, [i]);
    }
  }
  const { loops, loopStepIds } = twoAgentLoops(trace, order.subarray(0, messages), novelty);
  return { duplicate, nearDuplicateMessages, loops, loopStepIds };
}

/** Loops over the messages in order (`order`) with their novelty (see the module comment). */
function twoAgentLoops(
  trace: TTrace,
  order: Int32Array,
  novelty: Float64Array,
): { loops: number; loopStepIds: string[] } {
  const steps = trace.steps;
  let loops = 0;
  const loopStepIds: string[] = [];
  let k = 0;
  while (k < order.length) {
    // Longest alternating stretch A, B, A, B, ... starting at k.
    let end = k + 1;
    const a = steps[order[k]].agent;
    const b = end < order.length ? steps[order[end]].agent : a;
    if (b === a) {
      k++;
      continue;
    }
    while (end < order.length && steps[order[end]].agent === ((end - k) % 2 === 0 ? a : b)) end++;
    const turns = end - k;
    if (turns >= LOOP_MIN_TURNS) {
      // The opening turn states the topic; what counts is whether the replies add anything.
      let sum = 0;
      for (let j = k + 1; j < end; j++) sum += novelty[j];
      if (sum / (turns - 1) < LOOP_MAX_NOVELTY) {
        loops++;
        for (let j = k; j < end; j++) loopStepIds.push(steps[order[j]].id);
      }
      k = end;
    } else k++;
  }
  return { loops, loopStepIds };
}
