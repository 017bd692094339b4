/**
 * Per-step facts every trajectory metric reads: counted tokens (without double counting containers),
 * whether a step is an agent's utterance, and its words. Computed once, linear in the trace size.
 */
import type { TTrace } from "../../trace/schema";
import { stepTokens } from "../../trace/step-tokens";
import { allMatches } from "../all-matches";

const UTTERANCE_KINDS = new Set(["llm", "message", "final", "thought", "delegate", "aggregate", "other"]);
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}._%$-]*/gu;
/** Words per text considered: keeps every metric linear in the trace size, whatever one step holds. */
const MAX_WORDS = 4000;

export interface StepFacts {
  /** Tokens counted for the run: a step's own count, unless its descendants carry counts (then 0). */
  counted: Float64Array;
  input: Float64Array;
  output: Float64Array;
  utterance: Uint8Array;
  basis: "tokens" | "words";
  indexOf: Map<string, number>;
}

const NON_ASCII_RE = /[^\x00-\x7f]/;
/** ASCII letters and digits (lowercased text): a word's first character. */
const isAsciiAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
/** ASCII characters WORD_RE lets a word continue with: letters, digits, `.`, `_`, `%`, `$`, `-`. */
const isAsciiWordChar = (c: number) => isAsciiAlnum(c) || c === 46 || c === 95 || c === 37 || c === 36 || c === 45;

export function wordsOf(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  // ASCII text (most logs): the same words as WORD_RE, found by a char-code scan without match objects.
  if (!NON_ASCII_RE.test(lower)) {
    let i = 0;
    while (i < lower.length && out.length < MAX_WORDS) {
      if (!isAsciiAlnum(lower.charCodeAt(i))) {
        i++;
        continue;
      }
      let k = i + 1;
      while (k < lower.length && isAsciiWordChar(lower.charCodeAt(k))) k++;
      out.push(lower.slice(i, k));
      i = k;
    }
    return out;
  }
  for (const m of allMatches(WORD_RE, lower)) {
    out.push(m[0]);
    if (out.length >= MAX_WORDS) break;
  }
  return out;
}

export function stepFacts(trace: TTrace): StepFacts {
  const steps = trace.steps;
  const n = steps.length;
  const indexOf = new Map<string, number>();
  steps.forEach((s, i) => indexOf.set(s.id, i));
  // A parent span that reports usage usually repeats the sum of its children's usage (LangSmith,
  // OpenInference agent spans). Count a step's tokens only when no descendant has its own count.
  const hasCountedDescendant = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (stepTokens(steps[i]) <= 0) continue;
    let p = steps[i].parentId !== undefined ? indexOf.get(steps[i].parentId!) : undefined;
    while (p !== undefined && !hasCountedDescendant[p]) {
      hasCountedDescendant[p] = 1;
      p = steps[p].parentId !== undefined ? indexOf.get(steps[p].parentId!) : undefined;
    }
  }
  const counted = new Float64Array(n);
  const input = new Float64Array(n);
  const output = new Float64Array(n);
  const utterance = new Uint8Array(n);
  let anyTokens = false;
  for (let i = 0; i < n; i++) {
    const s = steps[i];
    utterance[i] = UTTERANCE_KINDS.has(s.kind) && !s.tool && !s.state ? 1 : 0;
    if (hasCountedDescendant[i]) continue;
    const total = stepTokens(s);
    if (total > 0) anyTokens = true;
    counted[i] = total;
    input[i] = s.tokens?.input ?? 0;
    output[i] = s.tokens?.output ?? 0;
  }
  // Words are counted only when no step reports tokens, and not kept: each pass that needs them reads them again.
  if (!anyTokens) for (let i = 0; i < n; i++) counted[i] = wordsOf(steps[i].content).length;
  return { counted, input, output, utterance, basis: anyTokens ? "tokens" : "words", indexOf };
}
