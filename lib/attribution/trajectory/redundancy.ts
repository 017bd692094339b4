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
import type { StepFacts } from "./step-facts";

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

/**
 * The distinct word-trigram hashes of a text, ascending (a text of fewer than 3 words: the hash of
 * its words). Sorted typed arrays instead of sets: the sketch is a prefix, Jaccard a merge, and the
 * run allocates one small array per message instead of a set, a spread copy and a sorted copy.
 */
function trigrams(words: string[]): Uint32Array {
  if (words.length < 3) return Uint32Array.of(hashWords(words, 0, words.length));
  const all = new Uint32Array(words.length - 2);
  for (let i = 0; i + 2 < words.length; i++) all[i] = hashWords(words, i, i + 3);
  all.sort();
  let m = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[m - 1]) all[m++] = all[i];
  return m === all.length ? all : all.slice(0, m);
}

/** Jaccard similarity of two ascending sets of distinct hashes. */
function jaccard(a: Uint32Array, b: Uint32Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared || 1);
}

export function redundancyFacts(trace: TTrace, f: StepFacts): RedundancyFacts {
  const steps = trace.steps;
  const n = steps.length;
  const duplicate = new Uint8Array(n);
  const sets: (Uint32Array | undefined)[] = new Array(n);
  const bySketch = new Map<number, number[]>();
  let nearDuplicateMessages = 0;
  const candidates = new Set<number>();
  for (let i = 0; i < n; i++) {
    if (!f.utterance[i] || f.words[i].length === 0) continue;
    const set = trigrams(f.words[i]);
    sets[i] = set;
    const sketchSize = Math.min(SKETCH, set.length);
    candidates.clear();
    for (let s = 0; s < sketchSize; s++) for (const j of bySketch.get(set[s]) ?? []) if (candidates.size < MAX_CANDIDATES) candidates.add(j);
    for (const j of candidates)
      if (jaccard(set, sets[j]!) >= SIMILAR) {
        duplicate[i] = 1;
        nearDuplicateMessages++;
        break;
      }
    for (let s = 0; s < sketchSize; s++) {
      const h = set[s];
      const list = bySketch.get(h);
      // Keep the most recent few per hash: a later copy is compared with recent ones first.
      if (list) {
        list.push(i);
        if (list.length > MAX_CANDIDATES) list.shift();
      } else bySketch.set(h, [i]);
    }
  }
  const { loops, loopStepIds } = twoAgentLoops(trace, f);
  return { duplicate, nearDuplicateMessages, loops, loopStepIds };
}

function twoAgentLoops(trace: TTrace, f: StepFacts): { loops: number; loopStepIds: string[] } {
  const steps = trace.steps;
  const seen = new Set<string>();
  const novelty: number[] = [];
  const order: number[] = [];
  for (let i = 0; i < steps.length; i++) {
    if (!f.utterance[i]) continue;
    const words = f.words[i];
    let fresh = 0;
    for (const w of words) if (!seen.has(w)) fresh++;
    for (const w of words) seen.add(w);
    order.push(i);
    novelty.push(words.length ? fresh / words.length : 0);
  }
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
