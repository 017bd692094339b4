/**
 * Rules the engine can be asked to leave out (`EngineConfig.ablate`), so that each one's
 * contribution can be measured leave-one-source-out (`npm run eval -- --rule-ablation`). Each name
 * is honoured at exactly one place in the engine; with the list absent or empty every report is
 * byte-identical to one made without the option. Measurement only: no product path sets it.
 */
import type { EngineGraph } from "./build-graph";
import type { DetectorName, RuleName } from "./model/vocabulary";

/** Decision rules of the typed vocabulary that have a fallback when left out. */
export type AblatableDecisionRule = Extract<
  RuleName,
  | "value-provenance"
  | "answer-origin"
  | "approved-origin"
  | "exposure-tiebreak"
  | "exposure-prior"
  | "request-carried-out"
>;

/** Rules below the decision's rule names: which step of a chosen agent, how work is weighed, what counts as a claim. */
export type AblatableStepRule =
  | "dead-end"
  | "loop-entry"
  | "coordinator-weight"
  | "prior-first-write"
  | "quoted-task-phrase"
  | "links-in-code"
  | "swapped-label"
  | "period-qualifiers"
  | "harness-by-behaviour";

/** Any rule the engine can leave out; a detector or claim-finding name drops every hit of that name. */
export type AblatableRule = AblatableDecisionRule | AblatableStepRule | DetectorName;

/** Where each decision and step rule is switched off (detector names: `detectors/index.ts`, claim findings: `stages/evidence.ts`). */
export const ABLATABLE_RULES: Readonly<Record<AblatableDecisionRule | AblatableStepRule, string>> = {
  "value-provenance": "decision.ts: the earliest origin of a wrong value reaching the answer is not decisive",
  "answer-origin": "decision.ts: a concluded wrong answer's origin is not decisive",
  "approved-origin": "decision.ts: a missed check does not hand over to what it approved",
  "exposure-tiebreak": "decision.ts: a joint repair across agents names its earliest step",
  "exposure-prior": "decision.ts: with no evidenced candidate, no most-exposed agent (blame flow instead)",
  "request-carried-out":
    "decision.ts: with no evidenced candidate, a simulated user's carried-out request is no suspect",
  "dead-end": "stages/decide-culprit.ts: no dead end moves the chosen agent's step",
  "loop-entry": "stages/decide-culprit.ts: a repeat stays decisive",
  "coordinator-weight": "exposure-prior.ts: a coordinator's step weighs as a worker's",
  "prior-first-write":
    "exposure-prior.ts: with no evidence, the prior names the agent's first step, not its first state-changing call",
  "quoted-task-phrase": "claims/provenance.ts: a quoted phrase is from the task only as a whole claim",
  "links-in-code": "claims/claim-findings.ts: a link typed in code is checked like any value",
  "swapped-label": "claims/claim-findings.ts: a value read from another field of its output is sourced",
  "period-qualifiers": "claims/dropped-constraint.ts: only a year is a dropped constraint",
  "harness-by-behaviour": "model/participants.ts: no text is marked as scaffolding",
};

/** Hands the graph the rules to leave out, right after it is built; with none it stays as built. */
export function markAblated(g: EngineGraph, ablate: readonly AblatableRule[] | undefined): EngineGraph {
  if (ablate?.length) g.ablated = new Set(ablate);
  return g;
}

/** Whether the run is analysed with this rule left out. */
export function ruleOff(g: Pick<EngineGraph, "ablated">, rule: AblatableRule): boolean {
  return g.ablated?.has(rule) ?? false;
}

/** Whether hits of this detector or claim-finding name are left out (names come from the detectors). */
export function findingOff(g: Pick<EngineGraph, "ablated">, name: string): boolean {
  return g.ablated?.has(name) ?? false;
}
