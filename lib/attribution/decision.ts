/**
 * The decision: which step is decisive, who the culprits are, and where the decision came from.
 * One decision feeds the verdict, the roles and the blame bars (see `one-story.ts`).
 *
 * Order of evidence, strongest first:
 * 1. value provenance: wrong or unsupported values that reach the final answer (claim findings).
 *    The decisive step is the earliest origin of such a value. A later origin that an earlier one may
 *    have induced (see `inducedBy`: it uses an invented value, or it could see a false claim about
 *    the world) is not an independent cause; the others (parallel voters, or an agent that could
 *    see an earlier fabrication but invented a value of its own) are co-culprits. Steps that only relay, approve or combine a flagged value
 *    are never origins: their values have a source. An introduced value at a step that inherits
 *    corruption from an earlier fault is a symptom, not an origin. A dropped constraint reaches the
 *    answer only through what later steps read: a later step that wrote the answer's value against what
 *    it read is an origin of its own, first when nothing else carried the lookup's error to the answer.
 * 2. the repair model over step-level faults: the earliest step whose repair alone flips the
 *    outcome, else the minimal joint repair. When that repair spans several agents, the exposure
 *    prior only breaks the tie between those evidenced candidates. When the step it names only
 *    approved without checking, the step that introduced what it approved is decisive instead.
 * 3. no evidenced candidate: the decision is a prior (the most exposed agent as a weak suspect),
 *    marked `decisionSource: "prior"`; with nothing at all, "undetermined".
 * A container span (a wrapper whose output summarizes its children) is never decisive: its
 * earliest faulty descendant is, else the last agent step it returns.
 */
import type { EngineGraph } from "./build-graph";
import { INVENTED, type ClaimFinding } from "./claims/claim-findings";
import type { Provenance } from "./claims/provenance";
import { concludedAnswerOrigin } from "./claims/answer-origin";
import { typedAnswerOrigin } from "./claims/typed-answer-origin";
import { timeAnswerOrigin } from "./claims/time-answer-origin";
import { exposurePrior, isSubstantive, roleWeights } from "./exposure-prior";
import { carriedOutRequest } from "./model/carried-out-request";
import { failureStatedByService, isAgentUtterance, subtreeOf } from "./detectors/patterns";
import type { localizeFirstError } from "./first-error";
import type { StepGame } from "./step-game";
import type { RuleName } from "./model/vocabulary";
import { ruleOff } from "./ablation";

export type DecisionSource = "evidence" | "prior" | "undetermined";

export interface Decision {
  step: number;
  /** The rule that named the step (the typed vocabulary in `model/vocabulary.ts`). */
  rule: RuleName | "none";
  source: DecisionSource;
  /** Steps named as independent origins (the decisive step first). */
  origins: number[];
  /** Wrong values behind a provenance decision ("n:2945"). */
  wrongValues: string[];
  /** For "approved-origin": the approval without a check that led to the origin. */
  approvedAt?: number;
  /** For "answer-origin" of a computed answer: the step that computed it from the origin's numbers. */
  computedAt?: number;
}

export interface DecisionInput {
  g: EngineGraph;
  failed: boolean;
  findings: ClaimFinding[];
  prov: Provenance;
  fault: Float64Array;
  threshold: number;
  first: ReturnType<typeof localizeFirstError>;
  stepGame: StepGame;
  absorbed: Float64Array;
  /** Steps that inherit corruption from an upstream origin under the Boolean model. */
  inherited: Uint8Array;
  /** Origins of the Boolean model, and the detector names that made each one faulty. */
  origins: Uint8Array;
  hitNames: (v: number) => string[];
}

/** Origins scanned backwards from a finding when deciding whether it is a symptom; utterances scanned back for an approved proposal. */
const MAX_UPSTREAM = 200;

/**
 * Faults that deliver nothing: a failed tool call, an empty or off-instruction reply, a loop, a
 * missing state key, an approval without checking, a run cut short. None of them hands a later step
 * a value, so none can explain a value that step introduces: faced with an absence, an agent that
 * states a value anyway invents it (it ignored the gap), the same way as after a failed tool call.
 * Only an upstream fault that delivers a wrong value (contradiction, invention, miscalculation,
 * a dropped constraint, a false claim of success) can induce a later wrong value. A stop while work
 * is outstanding (`premature-stop`) is not listed: like a false claim of success it tells every
 * later step the work is done, and what is invented from the gap it left is its symptom (ADR 0067).
 */
const DELIVERS_NOTHING = new Set([
  "tool-failure",
  "empty-reply",
  "instruction-drift",
  "unmet-instruction",
  "repetition-loop",
  "missing-state",
  "budget-exhaustion",
  "premature-termination",
  "abandoned-verification",
  "unfounded-rejection",
]);

/** Faults that only invent a value: they matter to a later step only if it uses that value. */
const INVENTS_ONLY = new Set([
  "unsourced-value",
  "fabricated-data",
  "ungrounded-value",
  "unsupported-answer",
  "unfounded-ruling",
]);

/**
 * Whether an earlier fault at u may have induced step f's error. An invented value induces only
 * the steps that use it (one of f's claims traces back through relays to u): an agent that could
 * see an earlier fabrication but invents a value of its own is an independent origin. A fault that
 * misinforms about the world (a false claim of success, a contradiction of a tool result) misleads
 * every step that can see it, whether or not it restates a value.
 */
function inducedBy(x: DecisionInput, u: number, f: number): boolean {
  const names = x.hitNames(u).filter((n) => !DELIVERS_NOTHING.has(n));
  if (!names.length) return x.prov.visible(u, f);
  if (names.some((n) => !INVENTS_ONLY.has(n))) return x.prov.visible(u, f);
  for (const k of x.prov.byStep.get(f) ?? []) if (x.prov.records[k].origin === u) return true;
  return false;
}

/** Whether an introduced value at step f may be a symptom of an earlier agent fault it could see. */
function symptomOfUpstream(x: DecisionInput, f: number): boolean {
  if (!x.inherited[f]) return false;
  let seen = 0;
  for (let u = f - 1; u >= 0 && seen < MAX_UPSTREAM; u--) {
    if (!x.origins[u]) continue;
    seen++;
    if (x.hitNames(u).some((n) => !DELIVERS_NOTHING.has(n)) && inducedBy(x, u, f)) return true;
  }
  return false;
}

/** Findings of a step that wrote other than what it read, in the place it read it: the value is the step's own. */
const REPLACES_WHAT_IT_READ = new Set(["contradicts-source", "contradicts-output", "misreported-tally"]);

/**
 * A dropped constraint is said to reach the answer without its value being in it: its lookup answered
 * another question, and it reaches the answer only through what later steps read from that lookup. A
 * later step that put the answer's value there against what it read broke that chain: that value did
 * not come from the lookup. Such a step is an origin of its own, and when every other value that reaches
 * the answer is a dropped constraint's, it goes first; the dropped constraint stays a co-culprit. A value
 * the chain did carry to the answer (a symptom the lookup induced) keeps the dropped constraint first.
 */
function chainBreakers(evidenced: readonly ClaimFinding[]) {
  // Symptoms count here: a value the chain carried to the answer is one.
  const breakers = new Set<number>();
  const other = new Set<number>();
  for (const f of evidenced) {
    if (REPLACES_WHAT_IT_READ.has(f.name)) breakers.add(f.step);
    if (f.name !== "dropped-constraint") other.add(f.step);
  }
  return {
    /** Whether step s broke the chain from the dropped constraint at o. */
    between: (o: number, s: number) => breakers.has(s) && !other.has(o),
    /** Moves the first chain breaker ahead of the dropped constraints before it. */
    reorder(origins: number[]): void {
      for (const s of other) if (!breakers.has(s)) return;
      const at = origins.findIndex((o) => breakers.has(o));
      if (at > 0) origins.unshift(...origins.splice(at, 1));
    },
  };
}

export function decide(x: DecisionInput): Decision {
  const none: Decision = { step: -1, rule: "none", source: "undetermined", origins: [], wrongValues: [] };
  if (!x.failed) return none;
  const { g } = x;

  // 1. Value provenance.
  // An introduced value at a step that inherits corruption may be that corruption's consequence:
  // it is not an independent origin (contradictions and wrong sums are errors of their own).
  const evidenced = (ruleOff(g, "value-provenance") ? [] : x.findings).filter(
    (f) => f.reachesAnswer && f.score >= x.threshold && !g.wrapper[f.step],
  );
  const reaching = evidenced.filter((f) => !(INVENTED.has(f.name) && symptomOfUpstream(x, f.step)));
  if (reaching.length) {
    const steps = [...new Set(reaching.map((f) => f.step))].sort((a, b) => a - b);
    const origins: number[] = [];
    const chain = chainBreakers(evidenced);
    for (const s of steps) if (!origins.some((o) => inducedBy(x, o, s) && !chain.between(o, s))) origins.push(s);
    chain.reorder(origins);
    const wrongValues = [...new Set(origins.flatMap((o) => reaching.filter((f) => f.step === o).map((f) => f.value)))];
    return { step: origins[0], rule: "value-provenance", source: "evidence", origins, wrongValues };
  }

  // 1b. A concluded run's wrong answer: where it entered the conversation (see answer-origin.ts).
  const origin = ruleOff(g, "answer-origin")
    ? null
    : (concludedAnswerOrigin(g, x.prov) ?? typedAnswerOrigin(g, x.prov) ?? timeAnswerOrigin(g));
  if (origin)
    return {
      step: origin.step,
      rule: "answer-origin",
      source: "evidence",
      origins: [origin.step],
      wrongValues: origin.operands ?? [origin.value],
      ...(origin.computedAt !== undefined ? { computedAt: origin.computedAt } : {}),
    };

  // 2. The repair model; a missed check it names hands the decision to what was approved.
  const { first, stepGame } = x;
  if (first.decisive >= 0 && first.rule === "earliest-but-for") {
    const v = claimOverFailure(x, uncontain(g, stepGame.players[first.decisive], x.fault, x.threshold));
    return (
      approvedOrigin(x, v) ?? { step: v, rule: "earliest-but-for", source: "evidence", origins: [v], wrongValues: [] }
    );
  }
  const fix = first.minimalFixSet.map((p) => stepGame.players[p]).filter((v) => x.fault[v] >= x.threshold);
  if (fix.length) {
    const agents = new Set(fix.map((v) => g.agentOf[v]));
    if (agents.size === 1 || ruleOff(g, "exposure-tiebreak")) {
      const v = claimOverFailure(x, uncontain(g, Math.min(...fix), x.fault, x.threshold));
      return (
        approvedOrigin(x, v) ?? {
          step: v,
          rule: "earliest-of-minimal-fix-set",
          source: "evidence",
          origins: [v],
          wrongValues: [],
        }
      );
    }
    const v = claimOverFailure(
      x,
      uncontain(g, exposureTiebreak(g, withoutRelayedClaims(x, fix)), x.fault, x.threshold),
    );
    return (
      approvedOrigin(x, v) ?? { step: v, rule: "exposure-tiebreak", source: "evidence", origins: [v], wrongValues: [] }
    );
  }

  // 3. No evidenced candidate: a prior, reported as such. A simulated user's request the agent carried
  // out comes first: the agent's faithful change is no fault of its own (model/carried-out-request.ts).
  const request = ruleOff(g, "request-carried-out") ? -1 : carriedOutRequest(g);
  if (request >= 0)
    return { step: request, rule: "request-carried-out", source: "prior", origins: [], wrongValues: [] };
  const prior = ruleOff(g, "exposure-prior") ? -1 : exposurePrior(g, x.fault, x.threshold);
  if (prior >= 0)
    return {
      step: uncontain(g, prior, x.fault, x.threshold),
      rule: "exposure-prior",
      source: "prior",
      origins: [],
      wrongValues: [],
    };
  let best = -1;
  for (let v = 0; v < g.n; v++)
    if (x.absorbed[v] > 0 && !g.wrapper[v] && (best < 0 || x.absorbed[v] > x.absorbed[best])) best = v;
  if (best >= 0) return { step: best, rule: "largest-blame-flow", source: "prior", origins: [], wrongValues: [] };
  return none;
}

/** The agent's own utterances looked at after a failed call for a claim of success over it. */
const CLAIM_WINDOW = 4;

/**
 * A tool call the service refused or could not serve (a stated error status, an outage) asked for
 * nothing wrong and delivers nothing (see DELIVERS_NOTHING): the run goes wrong where its agent then
 * claims success over the refusal, misinforming every step after it. When the repair model names a
 * step whose only fault is such a failure and one of its agent's next utterances claims success
 * (false-success-claim), that claim is decisive: reporting the refusal was the repair. A call that
 * broke (a traceback from code the agent wrote) stays its own error.
 */
function claimOverFailure(x: DecisionInput, v: number): number {
  const names = x.hitNames(v);
  if (!names.length || names.some((n) => n !== "tool-failure")) return v;
  const { g } = x;
  let refused = failureStatedByService(g, v);
  let own = 0;
  for (let w = v + 1; w < g.n && own < CLAIM_WINDOW; w++) {
    if (!isAgentUtterance(g, w)) {
      refused ||= failureStatedByService(g, w);
      continue;
    }
    if (g.agentOf[w] !== g.agentOf[v] || g.wrapper[w]) continue;
    own++;
    if (refused && x.fault[w] >= x.threshold && x.hitNames(w).includes("false-success-claim")) return w;
  }
  return v;
}

/**
 * A claim of success that repeats another agent's earlier claim it could see (a manager confirming
 * what its worker reported) relays that claim; it is not an independent cause. Other faults are kept.
 */
function withoutRelayedClaims(x: DecisionInput, fix: number[]): number[] {
  const claims = (v: number) => x.hitNames(v).includes("false-success-claim");
  const relayed = (w: number) =>
    x.hitNames(w).every((n) => n === "false-success-claim") &&
    fix.some((u) => u < w && x.g.agentOf[u] !== x.g.agentOf[w] && claims(u) && x.prov.visible(u, w));
  const kept = fix.filter((w) => !relayed(w));
  return kept.length ? kept : fix;
}

/** Faults that are only a missed check: the step approved without looking; what it approved came from elsewhere. */
const MISSED_CHECK = new Set(["abandoned-verification"]);
const OWN_VALUE_KINDS = new Set(["number", "date", "url"]);

/**
 * A missed check is never the origin of what it approved (issue #10: a rubber-stamp reviewer is
 * never the decisive culprit when an earlier origin exists). When the step the repair model names
 * is faulty only for approving without a check, the values it approves that came from another
 * agent's earlier step lead to where they were introduced: the earliest such origin (a value the
 * task, an input or a tool supplied has no agent origin) is decisive, and the approver keeps the
 * missed-check role. An approval that restates nothing of anyone else's stays decisive, and so
 * does one that introduces a number, date or link of its own: it did more than approve. (Names and
 * quoted phrases are not counted: headings and emphasis produce them without asserting anything.)
 */
function approvedOrigin(x: DecisionInput, v: number): Decision | null {
  if (ruleOff(x.g, "approved-origin")) return null;
  const names = x.hitNames(v);
  if (!names.length || names.some((n) => !MISSED_CHECK.has(n))) return null;
  const { g, prov } = x;
  const introduced: { value: string; at: number }[] = [];
  let ownEarlier = false;
  for (const k of prov.byStep.get(v) ?? []) {
    const r = prov.records[k];
    if (r.source === "none" && OWN_VALUE_KINDS.has(r.claim.kind)) return null;
    const u = r.origin;
    if (r.source !== "agent" || u < 0 || u >= v) continue;
    if (g.agentOf[u] === g.agentOf[v]) ownEarlier = true;
    else if (!g.wrapper[u] && isAgentUtterance(g, u)) introduced.push({ value: r.claim.value, at: u });
  }
  // Approving a value it introduced itself earlier is no missed check of someone else's work.
  if (!introduced.length) return ownEarlier ? null : approvedProposal(x, v);
  const origin = Math.min(...introduced.map((i) => i.at));
  const wrongValues = [...new Set(introduced.filter((i) => i.at === origin).map((i) => i.value))];
  return { step: origin, rule: "approved-origin", source: "evidence", origins: [origin], wrongValues, approvedAt: v };
}

/**
 * An approval that restates only sourced values (a selection or conclusion drawn from what a tool
 * returned) approved the latest proposal of another agent that asserts one of them: that proposal
 * drew the wrong conclusion from right values.
 */
function approvedProposal(x: DecisionInput, v: number): Decision | null {
  const { g, prov } = x;
  const restated = new Set<string>();
  for (const k of prov.byStep.get(v) ?? []) {
    const r = prov.records[k];
    if (r.source !== "none" && r.source !== "task" && r.source !== "input") restated.add(r.claim.value);
  }
  if (!restated.size) return approvedWork(x, v);
  let looked = 0;
  for (let u = v - 1; u >= 0 && looked < MAX_UPSTREAM; u--) {
    if (isAgentUtterance(g, u)) looked++;
    if (g.agentOf[u] === g.agentOf[v] || g.wrapper[u] || !isAgentUtterance(g, u) || !prov.visible(u, v)) continue;
    const shared = prov.claims[u].asserted.filter((c) => restated.has(c.value)).map((c) => c.value);
    if (shared.length)
      return {
        step: u,
        rule: "approved-origin",
        source: "evidence",
        origins: [u],
        wrongValues: [...new Set(shared)],
        approvedAt: v,
      };
  }
  return null;
}

/**
 * An approval that restates no value at all ("LGTM, ship it.") vouches for the work it could see
 * without naming any of it; it introduced nothing, so it cannot be where the error entered. The
 * approved work's own strongest fault signal (even one below the threshold: an ungrounded value, a
 * doubtful claim) marks where it did: the earliest of the other agents' visible steps with the
 * highest fault score. With no signal anywhere in that work the approval stays decisive.
 */
function approvedWork(x: DecisionInput, v: number): Decision | null {
  const { g, prov } = x;
  let best = -1;
  let looked = 0;
  for (let u = v - 1; u >= 0 && looked < MAX_UPSTREAM; u--) {
    if (!isAgentUtterance(g, u) || g.wrapper[u]) continue;
    looked++;
    if (g.agentOf[u] === g.agentOf[v] || x.fault[u] <= 0 || !prov.visible(u, v)) continue;
    if (best < 0 || x.fault[u] >= x.fault[best]) best = u;
  }
  if (best < 0) return null;
  return { step: best, rule: "approved-origin", source: "evidence", origins: [best], wrongValues: [], approvedAt: v };
}

/**
 * Among evidenced candidate steps of several agents, the exposure prior's choice: the agent with
 * the most substantive work (every step is a chance to err), its earliest candidate. It never
 * names an agent without evidence.
 */
function exposureTiebreak(g: EngineGraph, candidates: number[]): number {
  const work = new Map<number, number>();
  const rw = roleWeights(g);
  for (let v = 0; v < g.n; v++)
    if (isSubstantive(g, v)) work.set(g.agentOf[v], (work.get(g.agentOf[v]) ?? 0) + rw[g.agentOf[v]]);
  let best = candidates[0];
  for (const v of candidates) {
    const wv = work.get(g.agentOf[v]) ?? 0;
    const wb = work.get(g.agentOf[best]) ?? 0;
    if (wv > wb || (wv === wb && v < best)) best = v;
  }
  // The chosen agent's earliest candidate.
  return Math.min(...candidates.filter((v) => g.agentOf[v] === g.agentOf[best]));
}

/**
 * A wrapper is never decisive: its earliest faulty descendant, else the step that produced the
 * output it returns (its own agent's latest step inside it, else any latest agent step inside it).
 */
export function uncontain(g: EngineGraph, v: number, fault: Float64Array, threshold: number): number {
  if (v < 0 || !g.wrapper[v]) return v;
  const sub = subtreeOf(g, v); // latest first
  for (let k = sub.length - 1; k >= 0; k--) if (!g.wrapper[sub[k]] && fault[sub[k]] >= threshold) return sub[k];
  for (const c of sub) if (!g.wrapper[c] && g.agentOf[c] === g.agentOf[v] && isAgentUtterance(g, c)) return c;
  for (const c of sub) if (!g.wrapper[c] && isAgentUtterance(g, c)) return c;
  return v;
}

/** The container a decisive step was moved out of (its evidence is reported with the step), or −1. */
export function containerOf(g: EngineGraph, step: number, fault: Float64Array, threshold: number): number {
  for (let p = g.parent[step]; p >= 0; p = g.parent[p])
    if (g.wrapper[p] && fault[p] >= threshold && fault[step] < threshold) return p;
  return -1;
}
