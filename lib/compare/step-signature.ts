/**
 * The comparable summary of one step: who (agent), what kind of act (a coarse class, because
 * formats disagree on llm vs message vs agent span), and what it said (normalized text plus a
 * 64-bit token fingerprint for fast similarity inside the alignment's inner loop).
 */
import type { TStep, TStepKind } from "../trace/schema";
import { contentTokens, contentValues, normalizeContent } from "./normalize-content";
import { intersectionSize } from "../text/intersection-size";

/** Formats call the same act by different kinds; alignment compares these classes. */
export type KindClass = "say" | "tool" | "state" | "delegate" | "aggregate" | "other";

const KIND_CLASS: Record<TStepKind, KindClass> = {
  llm: "say",
  message: "say",
  thought: "say",
  agent: "say",
  final: "say",
  tool_call: "tool",
  tool_result: "tool",
  state_read: "state",
  state_write: "state",
  delegate: "delegate",
  aggregate: "aggregate",
  other: "other",
};

/** The coarse class of a step kind. */
export function kindClass(kind: TStepKind): KindClass {
  return KIND_CLASS[kind] ?? "other";
}

export interface StepSignature {
  /** Normalized text of everything the step said or did (content, tool call, state access, error). */
  text: string;
  tokens: Set<string>;
  /** Numeric values in `text`, sorted. */
  values: string[];
  /** Bloom fingerprint of `tokens` (two 32-bit words): a cheap Jaccard estimate per DP cell. */
  print0: number;
  print1: number;
  /** True when the step carries no text at all (a wrapper span): its absence is not a divergence. */
  empty: boolean;
}

/** The comparable text of a step: content, then tool, state and error details. */
export function stepText(step: TStep): string {
  const parts = [step.content];
  if (step.tool) {
    parts.push(step.tool.name);
    if (step.tool.arguments !== undefined)
      parts.push(typeof step.tool.arguments === "string" ? step.tool.arguments : JSON.stringify(step.tool.arguments));
    if (step.tool.result !== undefined) parts.push(step.tool.result);
  }
  if (step.state) parts.push(step.state.key, step.state.value ?? "");
  if (step.target) parts.push(step.target);
  if (step.error) parts.push(step.error.message);
  return parts.filter(Boolean).join(" ");
}

/** Builds the signature of one step (text normalized, tokens fingerprinted). */
export function stepSignature(step: TStep): StepSignature {
  const text = normalizeContent(stepText(step));
  const tokens = new Set(contentTokens(text));
  let print0 = 0;
  let print1 = 0;
  for (const token of tokens) {
    const h = hash32(token);
    // Two bits per token (one per word) keep the fingerprint's false overlap low for short steps.
    print0 |= 1 << (h & 31);
    print1 |= 1 << ((h >>> 5) & 31);
  }
  return { text, tokens, values: contentValues(text), print0, print1, empty: text.length === 0 };
}

/** FNV-1a, 32-bit: deterministic across platforms. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Population count of a 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Jaccard similarity estimated from two fingerprints, in [0,1] (1 for two empty steps). */
export function fingerprintSimilarity(a0: number, a1: number, b0: number, b1: number): number {
  const union = popcount32(a0 | b0) + popcount32(a1 | b1);
  if (union === 0) return 1;
  return (popcount32(a0 & b0) + popcount32(a1 & b1)) / union;
}

/** Exact token Jaccard similarity of two signatures. */
export function tokenJaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const inter = intersectionSize(a, b);
  return inter / (a.size + b.size - inter);
}

/** Share of `inner`'s tokens that also occur in `outer` (1 when `inner` is empty). */
export function tokenContainment(inner: Set<string>, outer: Set<string>): number {
  if (inner.size === 0) return 1;
  return intersectionSize(inner, outer) / inner.size;
}
