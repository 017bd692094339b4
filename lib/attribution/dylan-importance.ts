/**
 * DyLAN's Agent Importance Score (Liu et al., arXiv 2310.02170, §3.3; code SALT-NLP/DyLAN,
 * `LLM_Neuron.activate` and `LLMLP.backward`), read off a trace:
 * - Forward: a node j rates its predecessors i with scores s ∈ 1..5 (`attributes.ratings`,
 *   {stepId: s}); raw weight w = s/5 for 0 < s ≤ 5, 1 above, 0 otherwise, normalized per rater:
 *   w̃(i→j) = w(i→j) / Σ_{i'∈pred(j)} w(i'→j), uniform when that sum is 0. Without ratings the
 *   engine's deterministic edge weights stand in (offline traces rarely carry ratings).
 * - Backward: the last round's nodes whose answer equals the system's own result share 1 equally
 *   (I = 1/|A*|, others 0); earlier nodes get I(i) = Σ_{j∈succ(i)} w̃(i→j) · I(j).
 * - Agent importance I(a) = Σ over a's nodes. Because every rater's weights sum to 1, each round
 *   (a layer of a layered DAG, DyLAN's network) sums to 1; we report the
 *   agent shares normalized to sum to 1, so a chain of k equal contributors gets 1/k each.
 * A dissenter whose answer the result discarded gets nothing from the last round and only what
 * raters pass to it, so it ranks low: DyLAN's "team optimization" drops such agents.
 *
 * Ratings are written by the agents themselves and can be corrupted (colluding or sycophantic
 * raters, the seed's warning): the report says when they were used.
 */
import type { EngineGraph } from "./build-graph";
import { stepText } from "./build-graph";
import { extractClaimValues } from "./claims/extract-claims";
import { isAgentUtterance } from "./detectors/patterns";
import { trimEndChars } from "../text/linear-text";

export interface DylanImportance {
  /** Importance per step (position order); Σ over a round = 1 on layered graphs. */
  perStep: Float64Array;
  /** Agent shares, normalized to sum to 1 (0 everywhere when nothing could be seeded). */
  perAgent: Float64Array;
  /** Steps seeded with the result (the last round's nodes whose answer equals it). */
  seeds: number[];
  /** Whether peer ratings from the trace were used (they are self-reported, hence corruptible). */
  usedRatings: boolean;
}

/** DyLAN's raw rating weight (`LLM_Neuron.activate`). */
export function ratingWeight(s: number): number {
  return s > 5 ? 1 : s > 0 ? s / 5 : 0;
}

/** The claim values of step v's text, as `extractClaimValues(stepText(step))` gives them (duplicates allowed). */
export type StepValues = (v: number) => Iterable<string>;

export function dylanImportance(g: EngineGraph, valuesOf: StepValues = scannedValues(g)): DylanImportance {
  const perStep = new Float64Array(g.n);
  const perAgent = new Float64Array(g.agentNames.length);
  if (g.n === 0) return { perStep, perAgent, seeds: [], usedRatings: false };
  const seeds = seedNodes(g, valuesOf);
  for (const v of seeds) perStep[v] = 1 / seeds.length;
  let usedRatings = false;
  // Backward pass in reverse step order (a topological order): each node hands its importance to
  // its predecessors in proportion to the weights it gave them.
  for (let j = g.n - 1; j >= 0; j--) {
    const I = perStep[j];
    if (I === 0) continue;
    const start = g.inStart[j];
    const end = g.inStart[j + 1];
    if (start === end) continue;
    const ratings = readRatings(g, j);
    if (ratings) usedRatings = true;
    const w = new Float64Array(end - start);
    let total = 0;
    for (let k = start; k < end; k++) {
      const e = g.edges[g.inEdges[k]];
      const s = ratings ? Number(ratings[g.steps[e.from].id]) : NaN;
      w[k - start] = ratings && Number.isFinite(s) ? ratingWeight(s) : ratings ? 0 : e.weight;
      total += w[k - start];
    }
    for (let k = start; k < end; k++) {
      const share = total > 0 ? w[k - start] / total : 1 / (end - start);
      perStep[g.edges[g.inEdges[k]].from] += share * I;
    }
    // The rater keeps its own importance: it is its round's share, and its predecessors' round gets the same total.
  }
  let sum = 0;
  for (let v = 0; v < g.n; v++)
    if (isAgentUtterance(g, v)) {
      perAgent[g.agentOf[v]] += perStep[v];
      sum += perStep[v];
    }
  if (sum > 0) for (let a = 0; a < perAgent.length; a++) perAgent[a] /= sum;
  return { perStep, perAgent, seeds, usedRatings };
}

/**
 * The nodes seeded with the result. When the outcome step is an agent's own answer (a chat's last
 * message), it is the one last-round node. When it combines others (an aggregate or a final step
 * with several inputs), the last round is its inputs, and only those whose answer equals the
 * result are seeded (`attributes.answer` compared after normalization); without that attribute, the
 * answers are read from the text: the inputs that state a value the result states (a number, date,
 * name) agree, the others dissent. If none states a comparable answer, all inputs share the seed
 * (no evidence of dissent).
 */
function seedNodes(g: EngineGraph, valuesOf: StepValues): number[] {
  const sink = g.sink;
  const preds: number[] = [];
  for (let k = g.inStart[sink]; k < g.inStart[sink + 1]; k++) preds.push(g.edges[g.inEdges[k]].from);
  const combines = g.steps[sink].kind === "aggregate" || preds.length > 1;
  if (!combines || preds.length === 0) return [sink];
  const result = normalizeAnswer(answerOf(g, sink) ?? g.trace.run.finalAnswer ?? "");
  const inputs = [...new Set(preds)].sort((a, b) => a - b);
  if (inputs.every((v) => answerOf(g, v) === undefined)) return agreeingInText(g, sink, inputs, valuesOf);
  if (!result) return inputs;
  const agreeing = inputs.filter((v) => {
    const a = answerOf(g, v);
    return a !== undefined && normalizeAnswer(a) === result;
  });
  return agreeing.length > 0 ? agreeing : inputs;
}

/** Each step's values scanned from its text (callers holding the provenance claims pass those instead). */
function scannedValues(g: EngineGraph): StepValues {
  return (v) => extractClaimValues(stepText(g.steps[v]));
}

/** Checkable values (numbers, dates, names, links) among a text's claim values, without verdicts. */
function statedValues(values: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const v of values) if (!v.startsWith("v:")) out.add(v);
  return out;
}

/** Whether a text's stated values hold one the result states. */
function sharesValue(said: ReadonlySet<string>, result: ReadonlySet<string>): boolean {
  for (const x of said) if (result.has(x)) return true;
  return false;
}

/**
 * Inputs whose text states a value the result states, when the inputs' answers differ (some state
 * such a value, some state only others); else all inputs (nothing shows a dissent).
 */
function agreeingInText(g: EngineGraph, sink: number, inputs: number[], valuesOf: StepValues): number[] {
  const finalAnswer = g.trace.run.finalAnswer;
  const result = statedValues(finalAnswer == null ? valuesOf(sink) : extractClaimValues(finalAnswer));
  if (result.size === 0) return inputs;
  const agreeing: number[] = [];
  let dissenting = 0;
  for (const v of inputs) {
    const said = statedValues(valuesOf(v));
    if (sharesValue(said, result)) agreeing.push(v);
    else if (said.size > 0) dissenting++;
  }
  return agreeing.length > 0 && dissenting > 0 ? agreeing : inputs;
}

function answerOf(g: EngineGraph, v: number): string | undefined {
  const a = g.steps[v].attributes?.["answer"];
  return typeof a === "string" || typeof a === "number" ? String(a) : undefined;
}

function normalizeAnswer(s: string): string {
  const t = s.toLowerCase().replace(/\s+/g, " ").trim();
  return trimEndChars(t, ".!。");
}

function readRatings(g: EngineGraph, v: number): Record<string, unknown> | null {
  const r = g.steps[v].attributes?.["ratings"];
  return r && typeof r === "object" && !Array.isArray(r) ? (r as Record<string, unknown>) : null;
}

/**
 * DyLAN's team optimization offline: agents whose importance share is below `fraction` of the
 * uniform share among the agents that contributed messages (the outcome step's own author only
 * when it wrote more than the outcome) are suggested for dropping. Suggestions, not verdicts.
 */
export function dropSuggestions(
  g: EngineGraph,
  perAgent: Float64Array,
  fraction: number,
): { candidates: number[]; low: Set<number> } {
  const contributes = new Set<number>();
  for (let v = 0; v < g.n; v++) if (v !== g.sink && isAgentUtterance(g, v)) contributes.add(g.agentOf[v]);
  const candidates = [...contributes].sort((a, b) => a - b);
  const cut = candidates.length > 0 ? fraction / candidates.length : 0;
  return { candidates, low: new Set(candidates.filter((a) => perAgent[a] < cut)) };
}
