/**
 * Per-agent differences between two runs: Shapley blame in A and in B, the attribution role on
 * each side (culprit, propagator, ...), tokens and step counts. One row per matched agent pair
 * (or unmatched agent), in the agent-match order.
 */
import type { AgentRole, AnalysisReport } from "../attribution/types";
import type { TStep } from "../trace/schema";
import { stepTokens } from "../trace/step-tokens";
import type { AgentMatch } from "./match-agents";

export interface BlameDeltaRow {
  key: string;
  /** Display name: A's name, with B's in brackets when it is spelled differently. */
  label: string;
  a: string | null;
  b: string | null;
  /** Blame share in [0,1]; null when the agent is absent from that run or the run has no analysis. */
  blameA: number | null;
  blameB: number | null;
  /** blameB − blameA, treating an absent agent as 0 blame; null when either run has no analysis. */
  delta: number | null;
  roleA: AgentRole | null;
  roleB: AgentRole | null;
  roleChanged: boolean;
  tokensA: number;
  tokensB: number;
  stepsA: number;
  stepsB: number;
}

/** Per-agent token and step totals of one run. */
export function agentTotals(steps: TStep[]): Map<string, { tokens: number; steps: number }> {
  const out = new Map<string, { tokens: number; steps: number }>();
  for (const s of steps) {
    const t = out.get(s.agent) ?? { tokens: 0, steps: 0 };
    t.tokens += stepTokens(s);
    t.steps++;
    out.set(s.agent, t);
  }
  return out;
}

/** Blame, role, token and step deltas per agent pair. */
export function blameDeltas(input: {
  agents: AgentMatch[];
  stepsA: TStep[];
  stepsB: TStep[];
  reportA: AnalysisReport | null;
  reportB: AnalysisReport | null;
}): BlameDeltaRow[] {
  const totalsA = agentTotals(input.stepsA);
  const totalsB = agentTotals(input.stepsB);
  const reportAgentsA = new Map((input.reportA?.agents ?? []).map((x) => [x.agent, x]));
  const reportAgentsB = new Map((input.reportB?.agents ?? []).map((x) => [x.agent, x]));
  return input.agents.map((m) => {
    const ra = m.a !== null ? reportAgentsA.get(m.a) : undefined;
    const rb = m.b !== null ? reportAgentsB.get(m.b) : undefined;
    const blameA = input.reportA && m.a !== null ? (ra?.blame ?? 0) : null;
    const blameB = input.reportB && m.b !== null ? (rb?.blame ?? 0) : null;
    const roleA = ra?.role ?? null;
    const roleB = rb?.role ?? null;
    return {
      key: m.key,
      label: m.a === null ? m.b! : m.b === null || m.b === m.a ? m.a : `${m.a} (${m.b})`,
      a: m.a,
      b: m.b,
      blameA,
      blameB,
      delta: input.reportA && input.reportB ? (blameB ?? 0) - (blameA ?? 0) : null,
      roleA,
      roleB,
      roleChanged: roleA !== null && roleB !== null && roleA !== roleB,
      tokensA: m.a !== null ? (totalsA.get(m.a)?.tokens ?? 0) : 0,
      tokensB: m.b !== null ? (totalsB.get(m.b)?.tokens ?? 0) : 0,
      stepsA: m.a !== null ? (totalsA.get(m.a)?.steps ?? 0) : 0,
      stepsB: m.b !== null ? (totalsB.get(m.b)?.steps ?? 0) : 0,
    };
  });
}
