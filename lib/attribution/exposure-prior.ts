/**
 * The exposure prior, for failures the repair model cannot pin on one agent (no single repair
 * flips the outcome and the minimal joint repair spans several agents, or nothing is faulty at all).
 * Every substantive step is a chance to err, so the agent that did the most substantive work
 * (messages, answers, tool calls, code counted double, a coordinator's steps half; not coordination
 * such as thoughts, delegations or state reads) is
 * the likeliest culprit; within it, the earliest step with the strongest evidence is chosen, and
 * with no evidence on its steps at all, its first tool call that changes state (else its first step).
 * It is a prior, not evidence: the report marks it and gives it a low confidence.
 */
import type { EngineGraph } from "./build-graph";
import { isAgentUtterance } from "./detectors/patterns";
import { isUserTurn } from "./model/simulated-user";
import { NOT_CANDIDATE, classifyParticipants, type ParticipantKind } from "./model/participants";
import { ruleOff } from "./ablation";
import { stepText } from "./build-graph";
import { runAnswer } from "./claims/typed-answer-origin";
import { statedPosition } from "./claims/stated-position";
import { compareValues } from "./claims/stated-values";
import { callAt, isStateChanging } from "./detectors/expected-actions";

const COORDINATION = new Set(["thought", "delegate", "agent", "state_read"]);
/**
 * A step that writes code builds an artifact others run and rely on: it is more chances to err
 * than a message that routes or reports, so it weighs as two steps of work.
 */
const ARTIFACT_WEIGHT = 2;

/**
 * An agent that directs, checks or asks for the work (an orchestrator, a verifier, a simulated user,
 * by behaviour) routes and judges what workers produce: each of its steps is half a chance to err,
 * the worker's product a whole one. On every development source where such agents occur, verdicts
 * naming them were right far less often than verdicts naming workers.
 */
const COORDINATOR_WEIGHT = 0.5;

/** Work weight per agent index: COORDINATOR_WEIGHT for an agent that directs, checks or asks, else 1. */
export function roleWeights(g: EngineGraph): Float64Array {
  const weight = ruleOff(g, "coordinator-weight") ? 1 : COORDINATOR_WEIGHT;
  return Float64Array.from(classifyParticipants(g), (kind) => (COORDINATING.has(kind) ? weight : 1));
}
const COORDINATING: ReadonlySet<ParticipantKind> = new Set(["orchestrator", "verifier", "simulated-user"]);

/** Whether step v is an agent's own substantive work, or a simulated user's turn (it can be wrong too). */
export function isSubstantive(g: EngineGraph, v: number): boolean {
  return (
    (isAgentUtterance(g, v) || isUserTurn(g, v)) &&
    !COORDINATION.has(g.steps[v].kind) &&
    !g.toolAgents.has(g.agentOf[v]) &&
    g.features[v].tokens.size > 0
  );
}

/** Own utterances read back for an agent's last stated position. */
const MAX_POSITION_STEPS = 64;

/** Agents whose last stated position differs from the answer the run states (none when it states none). */
function dissenters(g: EngineGraph): Set<number> {
  const out = new Set<number>();
  const { value: answer } = runAnswer(g);
  if (!answer) return out;
  const decided = new Set<number>();
  const read = new Int32Array(g.agentNames.length);
  for (let v = g.n - 1; v >= 0; v--) {
    const a = g.agentOf[v];
    if (decided.has(a) || !isAgentUtterance(g, v) || read[a]++ >= MAX_POSITION_STEPS) continue;
    const own = statedPosition(stepText(g.steps[v]));
    if (!own) continue;
    decided.add(a);
    if (compareValues(own, answer) === "differ") out.add(a);
  }
  return out;
}

/** The decisive step under the exposure prior, or −1 when no agent did substantive work. */
export function exposurePrior(g: EngineGraph, fault: Float64Array, threshold: number): number {
  const work = new Float64Array(g.agentNames.length);
  const first = new Int32Array(g.agentNames.length).fill(-1);
  const rw = roleWeights(g);
  // Harness, environment and task giver are evidence, never a suspect (participants.ts).
  const kinds = classifyParticipants(g);
  for (let v = 0; v < g.n; v++) {
    if (!isSubstantive(g, v) || NOT_CANDIDATE.has(kinds[g.agentOf[v]])) continue;
    const a = g.agentOf[v];
    work[a] += (g.steps[v].content.includes("```") ? ARTIFACT_WEIGHT : 1) * rw[a];
    if (first[a] < 0) first[a] = v;
  }
  // An agent whose last stated position is not the run's answer held out against it: the answer is not
  // its doing. Left out while an agent that did not dissent did some work.
  const dissent = dissenters(g);
  const kept = (a: number) => work[a] > 0 && !dissent.has(a);
  const pool = work.some((_, a) => kept(a)) ? kept : (a: number) => work[a] > 0;
  let best = -1;
  for (let a = 0; a < work.length; a++)
    if (pool(a) && (best < 0 || work[a] > work[best] || (work[a] === work[best] && first[a] < first[best]))) best = a;
  if (best < 0) return -1;
  let weak = -1;
  let write = -1;
  for (let v = first[best]; v < g.n; v++) {
    if (g.agentOf[v] !== best || !isSubstantive(g, v)) continue;
    if (fault[v] >= threshold) return v;
    if (weak < 0 && fault[v] > 0) weak = v;
    if (write < 0 && changesState(g, v)) write = v;
  }
  if (weak >= 0) return weak;
  return write >= 0 && !ruleOff(g, "prior-first-write") ? write : first[best];
}

/** A handoff tool's name and the agent it names: `transfer_to_writer`, `handoff_to_billing`. */
const HANDOFF_RE = /^(?:transfer|hand_?off|delegate|route)_to_(.+)$/i;

/**
 * Whether step v is a tool call that changes state (not a lookup, by its name's verb). With no
 * evidence anywhere, an agent that acts on the world through tools can only have made the run fail
 * from its first such call on: a greeting or a lookup before it leaves nothing that the run is
 * graded on, and the first action is where a misread request or a skipped check becomes real.
 * A handoff to another agent of the run (a swarm's `transfer_to_planner`) changes who speaks, not
 * the world.
 */
function changesState(g: EngineGraph, v: number): boolean {
  const call = callAt(g, v);
  if (call === null || !isStateChanging(call)) return false;
  const to = HANDOFF_RE.exec(call.name)?.[1]?.toLowerCase();
  return to === undefined || !g.agentNames.some((a) => a.toLowerCase() === to);
}
