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

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function trigrams(words: string[]): Set<number> {
  const out = new Set<number>();
  if (words.length < 3) {
    out.add(hash(words.join(" ")));
    return out;
  }
  for (let i = 0; i + 2 < words.length; i++) out.add(hash(`${words[i]} ${words[i + 1]} ${words[i + 2]}`));
  return out;
}

function jaccard(a: Set<number>, b: Set<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

export function redundancyFacts(trace: TTrace, f: StepFacts): RedundancyFacts {
  const steps = trace.steps;
  const n = steps.length;
  const duplicate = new Uint8Array(n);
  const sets: (Set<number> | undefined)[] = new Array(n);
  const bySketch = new Map<number, number[]>();
  let nearDuplicateMessages = 0;
  for (let i = 0; i < n; i++) {
    if (!f.utterance[i] || f.words[i].length === 0) continue;
    const set = trigrams(f.words[i]);
    sets[i] = set;
    const sketch = [...set].sort((a, b) => a - b).slice(0, SKETCH);
    const candidates = new Set<number>();
    for (const h of sketch) for (const j of bySketch.get(h) ?? []) if (candidates.size < MAX_CANDIDATES) candidates.add(j);
    for (const j of candidates)
      if (jaccard(set, sets[j]!) >= SIMILAR) {
        duplicate[i] = 1;
        nearDuplicateMessages++;
        break;
      }
    for (const h of sketch) {
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
