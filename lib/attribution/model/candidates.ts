/**
 * Candidate steps for the decisive error and their features: everything the engine knows about a
 * step, as numbers in [0, 1]. Detectors and claim findings become one feature each, by name
 * (`det:<name>`), so a detector added later is a feature without touching this file. The rules of
 * engines before 0.8 (value provenance, the repair model, the exposure prior, ...) are features
 * too (`rule:<name>`): the fitted model decides how much each is worth. Pure and O(V + E).
 */
import type { EngineGraph } from "../build-graph";
import type { Decided } from "../stages/decide-culprit";
import type { Evidence } from "../stages/evidence";
import type { FailureModel } from "../stages/failure-model";
import { isAgentUtterance } from "../detectors/patterns";
import { isSubstantive } from "../exposure-prior";
import { uncontain } from "../decision";
import { classifyParticipants, NOT_CANDIDATE, type ParticipantKind } from "./participants";
import { isUserTurn } from "./simulated-user";
import {
  PRIOR_RULE_NAMES,
  RULE_NAMES,
  STATIC_FEATURES,
  detectorFeature,
  answerFeature,
  ruleFeature,
  kindFeature,
} from "./vocabulary";

export interface CandidateTable {
  /** Feature names; `x` holds one row of `names.length` values per candidate. */
  names: string[];
  /** Graph positions of the candidate steps, in causal order. */
  steps: number[];
  /** Agent index per candidate. */
  agentOf: number[];
  /** Step id per candidate; agent names by agent index. */
  stepIds: string[];
  agentNames: string[];
  x: Float64Array;
  kinds: readonly ParticipantKind[];
  /** All candidates of the run and their distinct agents (rows may hold only some of them). */
  candidates: number;
  candidateAgents: number;
  /**
   * exp(entropy) of the candidate agents' shares of substantive work: how many agents the work is
   * effectively spread over (1 when one agent does all of it, k when k agents share it evenly).
   */
  effectiveAgents: number;
  /** Per agent: its share of the run's steps (wrapper spans left out). */
  activity: number[];
  /**
   * A prior named the verdict's agent, candidate row or not (the confidence caps it): a prior named
   * the step, or the exposure prior picked the agent among several agents' faults that must all be
   * repaired (each is evidenced; which agent is named is the prior's pick, ADR 0121).
   */
  priorVerdict?: boolean;
}

export interface CandidateInput {
  g: EngineGraph;
  threshold: number;
  ev: Evidence;
  m: FailureModel;
  d: Decided;
}

/**
 * A simulated user keeps the task giver's place in the graph (what it says is the requirement), so
 * its turns are no agent utterances; they are candidates all the same.
 */
function candidateSteps(g: EngineGraph, kinds: readonly ParticipantKind[]): number[] {
  const pick = (strict: boolean) => {
    const out: number[] = [];
    for (let v = 0; v < g.n; v++) {
      const a = g.agentOf[v];
      if (g.wrapper[v] || (g.taskGivers.has(a) && a !== g.simulatedUser)) continue;
      if (strict && (NOT_CANDIDATE.has(kinds[a]) || !(isAgentUtterance(g, v) || isUserTurn(g, v)))) continue;
      out.push(v);
    }
    return out;
  };
  const strict = pick(true);
  return strict.length ? strict : pick(false);
}

/** Which steps can reach the run's outcome step along the graph's edges (one backward pass). */
function reachesSink(g: EngineGraph): Uint8Array {
  const reach = new Uint8Array(g.n);
  reach[g.sink] = 1;
  for (let v = g.n - 1; v >= 0; v--) {
    if (reach[v]) continue;
    for (let k = g.outStart[v]; k < g.outStart[v + 1]; k++)
      if (reach[g.edges[g.outEdges[k]].to]) {
        reach[v] = 1;
        break;
      }
  }
  return reach;
}

/** Evidence on a wrapper belongs to the step that produced its output (see `uncontain`). */
function hitsAt(x: CandidateInput): Map<number, { name: string; score: number }[]> {
  const { g, ev, threshold } = x;
  const out = new Map<number, { name: string; score: number }[]>();
  for (const [v, hits] of ev.det.byStep) {
    const at = g.wrapper[v] ? uncontain(g, v, ev.det.fault, threshold) : v;
    const list = out.get(at) ?? [];
    // The hits themselves (read, never changed here): no copy per hit on runs with many findings.
    for (const h of hits) list.push(h);
    out.set(at, list);
  }
  return out;
}

/**
 * The candidate table. With `only`, rows are kept for those steps alone (the report needs the
 * decisive step's row; position and agent features are still computed over every candidate).
 */
export function buildCandidates(x: CandidateInput, only?: readonly number[]): CandidateTable {
  const { g, ev } = x;
  const kinds = classifyParticipants(g);
  const steps = candidateSteps(g, kinds);
  const keep = only ? new Set(only) : null;
  const keptSteps = keep ? steps.filter((v) => keep.has(v)) : steps;
  const slot = new Int32Array(steps.length).fill(-1);
  let next = 0;
  steps.forEach((v, r) => {
    if (!keep || keep.has(v)) slot[r] = next++;
  });
  const hits = hitsAt(x);
  const names: string[] = [...STATIC_FEATURES];
  const index = new Map(names.map((n, i) => [n, i]));
  const col = (name: string) => {
    let i = index.get(name);
    if (i === undefined) index.set(name, (i = names.push(name) - 1));
    return i;
  };
  // Columns in order of first appearance: a name seen before adds nothing, so its key is not built again.
  const seenDetectors = new Set<string>();
  for (const v of steps)
    for (const h of hits.get(v) ?? [])
      if (!seenDetectors.has(h.name)) {
        seenDetectors.add(h.name);
        col(detectorFeature(h.name));
      }
  for (const f of ev.findings) if (f.reachesAnswer) col(answerFeature(f.name));
  for (const k of kinds) col(kindFeature(k));
  for (const r of RULE_NAMES) col(ruleFeature(r));
  // Every column is known now: rows are written in place (no per-row maps on 100k-step runs).
  const k = names.length;
  const out = new Float64Array(keptSteps.length * k);
  const set = (r: number, name: string, value: number) => {
    if (slot[r] < 0) return;
    const at = slot[r] * k + index.get(name)!;
    if (value > out[at]) out[at] = value;
  };
  // Row of each step (−1: no row), by position: a Map over every step would cost more than the table.
  const rowOf = new Int32Array(g.n).fill(-1);
  for (let r = 0; r < steps.length; r++) rowOf[steps[r]] = r;
  for (let r = 0; r < steps.length; r++) {
    if (slot[r] < 0) continue;
    const v = steps[r];
    for (const h of hits.get(v) ?? []) set(r, detectorFeature(h.name), h.score);
    set(r, kindFeature(kinds[g.agentOf[v]]), 1);
  }
  for (const f of ev.findings) {
    const r = rowAt(rowOf, f.step);
    if (r !== undefined && f.reachesAnswer) set(r, answerFeature(f.name), f.score);
  }
  const kept = (r: number) => slot[r] >= 0;
  stepFeatures(x, steps, set, kept);
  const effectiveAgents = agentFeatures(g, steps, hits, set, kept);
  ruleFeatures(x, rowOf, set);
  const agentOf = keptSteps.map((v) => g.agentOf[v]);
  const candidateAgents = new Set(steps.map((v) => g.agentOf[v])).size;
  const stepIds = keptSteps.map((v) => g.steps[v].id);
  return {
    names,
    steps: keptSteps,
    agentOf,
    stepIds,
    agentNames: g.agentNames,
    x: out,
    kinds,
    candidates: steps.length,
    candidateAgents,
    effectiveAgents,
    activity: activityShares(g),
    priorVerdict:
      (x.d.decision.source === "prior" || x.d.decision.rule === "exposure-tiebreak") && x.d.decisiveStep >= 0,
  };
}

/**
 * Each agent's share of the steps of the run, whatever its kind: annotators blame task givers,
 * users and tools too, and a kind read from behaviour can be wrong. A wrapper span is not an act.
 */
function activityShares(g: EngineGraph): number[] {
  const count = new Array<number>(g.agentNames.length).fill(0);
  let total = 0;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    count[g.agentOf[v]]++;
    total++;
  }
  return count.map((c) => (total > 0 ? c / total : 0));
}

type Setter = (row: number, name: string, value: number) => void;

/** The row of step v, or undefined when v is no candidate (or no step: −1 from a rule that named none). */
function rowAt(rowOf: Int32Array, v: number): number | undefined {
  const r = v >= 0 && v < rowOf.length ? rowOf[v] : -1;
  return r >= 0 ? r : undefined;
}

function stepFeatures(x: CandidateInput, steps: number[], set: Setter, kept: (row: number) => boolean): void {
  const { g, ev, m } = x;
  const reach = reachesSink(g);
  let maxFlow = 0;
  for (const v of steps) maxFlow = Math.max(maxFlow, m.blameFlow.absorbed[v]);
  let firstFlagged = -1;
  // Per agent, by index: whether a row of it was seen, and its last row.
  const seenAgent = new Uint8Array(g.agentNames.length);
  const lastOfAgent = new Int32Array(g.agentNames.length);
  for (let r = 0; r < steps.length; r++) lastOfAgent[g.agentOf[steps[r]]] = r;
  for (let r = 0; r < steps.length; r++) {
    const v = steps[r];
    // Position features need every row seen; the rest only for rows kept (the report keeps one).
    const agentFirst = !seenAgent[g.agentOf[v]];
    seenAgent[g.agentOf[v]] = 1;
    if (firstFlagged < 0 && ev.det.byStep.has(v)) firstFlagged = r;
    if (!kept(r)) continue;
    const p = m.stepGame.playerOf[v];
    set(r, "fault", ev.det.fault[v]);
    set(r, "origin", m.boolean.origins[v]);
    set(r, "inherited", m.boolean.inherited[v]);
    set(r, "p-bad", m.probability[v]);
    set(r, "cf:flips", p >= 0 && m.first.flips.has(p) ? 1 : 0);
    set(r, "cf:fix-set", p >= 0 && m.first.minimalFixSet.includes(p) ? 1 : 0);
    set(r, "cf:responsibility", p >= 0 ? m.resp[p] : 0);
    set(r, "reach:outcome", reach[v]);
    set(r, "flow:absorbed", maxFlow > 0 ? m.blameFlow.absorbed[v] / maxFlow : 0);
    set(r, "pos:relative", steps.length > 1 ? r / (steps.length - 1) : 0);
    set(r, "pos:first", r === 0 ? 1 : 0);
    set(r, "pos:last", r === steps.length - 1 ? 1 : 0);
    set(r, "pos:agent-first", agentFirst ? 1 : 0);
    set(r, "pos:agent-last", lastOfAgent[g.agentOf[v]] === r ? 1 : 0);
    if (firstFlagged === r) set(r, "pos:first-flagged", 1);
    const text = g.steps[v].content;
    set(r, "text:length", Math.min(1, Math.log1p(text.length) / 9));
    set(r, "text:numbers", Math.min(1, g.features[v].claimNumbers.length / 5));
    set(r, "text:code", text.includes("```") ? 1 : 0);
    set(r, "text:substantive", isSubstantive(g, v) ? 1 : 0);
  }
}

/** Writes the agent features of every row; returns the effective number of agents doing the work. */
function agentFeatures(
  g: EngineGraph,
  steps: number[],
  hits: Map<number, unknown[]>,
  set: Setter,
  kept: (row: number) => boolean,
): number {
  const work = new Float64Array(g.agentNames.length);
  const flagged = new Float64Array(g.agentNames.length);
  const count = new Float64Array(g.agentNames.length);
  for (const v of steps) {
    const a = g.agentOf[v];
    count[a]++;
    if (isSubstantive(g, v)) work[a]++;
    if (hits.has(v)) flagged[a]++;
  }
  const totalWork = work.reduce((s, w) => s + w, 0);
  let most = -1;
  for (let a = 0; a < work.length; a++) if (most < 0 || work[a] > work[most]) most = a;
  const firstAgent = steps.length ? g.agentOf[steps[0]] : -1;
  const lastAgent = steps.length ? g.agentOf[steps[steps.length - 1]] : -1;
  for (let r = 0; r < steps.length; r++) {
    if (!kept(r)) continue;
    const a = g.agentOf[steps[r]];
    set(r, "agent:work-share", totalWork > 0 ? work[a] / totalWork : 0);
    set(r, "agent:most-active", a === most ? 1 : 0);
    set(r, "agent:first", a === firstAgent ? 1 : 0);
    set(r, "agent:last", a === lastAgent ? 1 : 0);
    set(r, "agent:flagged-share", count[a] > 0 ? flagged[a] / count[a] : 0);
  }
  let entropy = 0;
  for (const w of work) if (w > 0) entropy -= (w / totalWork) * Math.log(w / totalWork);
  return Math.exp(entropy);
}

/** The pre-0.8 decision's choices, as features: which step each rule named. */
function ruleFeatures(x: CandidateInput, rowOf: Int32Array, set: Setter): void {
  const { g, ev, d } = x;
  const mark = (v: number, name: string) => {
    const at = v >= 0 && g.wrapper[v] ? uncontain(g, v, ev.det.fault, x.threshold) : v;
    const r = rowAt(rowOf, at);
    if (r !== undefined) set(r, name, 1);
  };
  if (d.decision.rule !== "none") mark(d.decision.step, ruleFeature(d.decision.rule));
  for (const o of d.decision.origins) if (o !== d.decision.step) mark(o, "rule:co-origin");
  if (d.deadEnd) mark(d.deadEnd.step, "rule:dead-end");
  if (d.decision.approvedAt !== undefined) mark(d.decision.approvedAt, "rule:approver");
  if (d.decisiveStep >= 0) mark(d.decisiveStep, "rule:final");
  // A dead end or a repetition can move a prior's verdict to a later step of the same agent; the
  // verdict still rests on the prior, so its step carries the prior too (the confidence caps it).
  const rule = d.decision.rule;
  if (rule !== "none" && PRIOR_RULE_NAMES.includes(rule) && d.decisiveStep >= 0)
    mark(d.decisiveStep, ruleFeature(rule));
}
