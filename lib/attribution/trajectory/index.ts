/**
 * Trajectory metrics of a run (issue: judge the whole trajectory, not only pass/fail). Pure and
 * deterministic, linear in the trace size. Reads the canonical trace plus the engine's per-agent blame
 * and importance; decides nothing about the failure itself.
 */
import type { TTrace } from "../../trace/schema";
import { delegationFacts, memoryFacts } from "./delegation-and-memory";
import { trajectoryFlags } from "./flags";
import { redundancyFacts } from "./redundancy";
import { sizeAndCost } from "./size-and-cost";
import { stepFacts } from "./step-facts";
import { toolFacts } from "./tools";
import type { AgentTrajectory, TrajectoryReport } from "./types";
import { verificationFacts } from "./verification";
import { round6 as round } from "../round6";

export type { TrajectoryReport, TrajectoryFlag, AgentTrajectory } from "./types";

export interface AttributionView {
  blame: Record<string, number>;
  importance: Record<string, number>;
}

export function computeTrajectory(trace: TTrace, attribution: AttributionView): TrajectoryReport {
  const f = stepFacts(trace);
  const steps = trace.steps;
  const size = sizeAndCost(trace, f);
  const tools = toolFacts(trace);
  const verification = verificationFacts(trace, f);
  const redundancy = redundancyFacts(trace, f);
  const delegation = delegationFacts(trace, f);
  const memory = memoryFacts(trace);

  let allCounted = 0;
  for (let i = 0; i < steps.length; i++) allCounted += f.counted[i];
  let duplicateTokens = 0;
  const duplicateStepIds: string[] = [];
  const per = new Map<string, AgentTrajectory>();
  const stepsOf = new Map<string, string[]>();
  const rubberStampIds = new Map<string, string[]>();
  const agentRow = (agent: string): AgentTrajectory => {
    let row = per.get(agent);
    if (!row) {
      const blame = attribution.blame[agent] ?? 0;
      row = {
        agent,
        steps: 0,
        tokens: 0,
        tokenShare: 0,
        blame,
        blamePer1kTokens: null,
        importance: attribution.importance[agent] ?? 0,
        redundantTokens: 0,
        verificationSteps: 0,
        rubberStamps: 0,
      };
      per.set(agent, row);
    }
    return row;
  };
  for (const a of trace.agents) agentRow(a.name);
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    const row = agentRow(s.agent);
    row.steps++;
    row.tokens += f.counted[i];
    const ids = stepsOf.get(s.agent) ?? [];
    if (ids.length < 200) ids.push(s.id);
    stepsOf.set(s.agent, ids);
    if (redundancy.duplicate[i]) {
      duplicateTokens += f.counted[i];
      row.redundantTokens += f.counted[i];
      duplicateStepIds.push(s.id);
    }
    if (verification.isVerification[i]) row.verificationSteps++;
    if (verification.rubberStamp[i]) {
      row.rubberStamps++;
      const list = rubberStampIds.get(s.agent) ?? [];
      list.push(s.id);
      rubberStampIds.set(s.agent, list);
    }
  }
  const perAgent = [...per.values()].map((r) => ({
    ...r,
    tokenShare: allCounted > 0 ? round(r.tokens / allCounted) : 0,
    blamePer1kTokens: size.tokenBasis === "tokens" && r.tokens > 0 ? round((r.blame * 1000) / r.tokens) : null,
  }));
  perAgent.sort((a, b) => b.tokens - a.tokens || (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0));

  const base: Omit<TrajectoryReport, "flags"> = {
    size,
    tools: tools.report,
    verification: verification.report,
    redundancy: {
      nearDuplicateMessages: redundancy.nearDuplicateMessages,
      nearDuplicateTokenShare: allCounted > 0 ? round(duplicateTokens / allCounted) : 0,
      repeatedToolCalls: tools.repeatedCalls,
      loops: redundancy.loops,
      loopSteps: redundancy.loopStepIds.length,
    },
    delegation: delegation.report,
    memory: memory.report,
    perAgent,
  };
  const flags = trajectoryFlags({
    t: base,
    duplicateStepIds,
    rubberStampIds,
    ignoredErrorIds: tools.ignoredStepIds,
    repeatedCallIds: tools.repeatedStepIds,
    loopStepIds: redundancy.loopStepIds,
    unreadWriteIds: memory.unreadWriteIds,
    staleReadIds: memory.staleReadIds,
    unreadMessageIds: delegation.unreadStepIds,
    stepsOf,
  });
  return { ...base, flags };
}
