/**
 * Size and cost: steps, agents, tokens, cost, wall time and critical-path time.
 *
 * Critical path: the longest chain of leaf steps linked by the trace's edges (message, state,
 * aggregation, delegation), each step weighted by its own duration. Containers (steps with children)
 * are left out because their time is their children's time.
 */
import type { TTrace } from "../../trace/schema";
import type { StepFacts } from "./step-facts";
import type { TrajectoryReport } from "./types";

const ms = (iso: string | undefined) => (iso === undefined ? NaN : Date.parse(iso));

export function sizeAndCost(trace: TTrace, f: StepFacts): TrajectoryReport["size"] {
  const steps = trace.steps;
  const n = steps.length;
  let input = 0;
  let output = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    input += f.input[i];
    output += f.output[i];
    if (f.basis === "tokens") total += f.counted[i];
  }
  let stepCost = 0;
  let anyCost = false;
  for (const s of steps)
    if (s.costUsd !== undefined) {
      anyCost = true;
      stepCost += s.costUsd;
    }
  const costUsd = trace.run.costUsd ?? (anyCost ? round6(stepCost) : null);
  return {
    steps: n,
    agents: trace.agents.length,
    activeAgents: new Set(steps.map((s) => s.agent)).size,
    tokens: { input, output, total },
    tokenBasis: f.basis,
    costUsd,
    wallTimeMs: wallTime(trace),
    criticalPathMs: criticalPath(trace, f),
  };
}

function wallTime(trace: TTrace): number | null {
  let start = ms(trace.run.startedAt);
  let end = ms(trace.run.endedAt);
  if (Number.isNaN(start) || Number.isNaN(end)) {
    start = Infinity;
    end = -Infinity;
    for (const s of trace.steps) {
      const a = ms(s.startTime);
      const b = ms(s.endTime ?? s.startTime);
      if (!Number.isNaN(a)) start = Math.min(start, a);
      if (!Number.isNaN(b)) end = Math.max(end, b);
    }
  }
  return Number.isFinite(start) && Number.isFinite(end) && end >= start ? end - start : null;
}

function criticalPath(trace: TTrace, f: StepFacts): number | null {
  const steps = trace.steps;
  const n = steps.length;
  const hasChild = new Uint8Array(n);
  for (const s of steps)
    if (s.parentId !== undefined) {
      const p = f.indexOf.get(s.parentId);
      if (p !== undefined) hasChild[p] = 1;
    }
  const duration = new Float64Array(n);
  let anyTimed = false;
  for (let i = 0; i < n; i++) {
    const d = ms(steps[i].endTime) - ms(steps[i].startTime);
    if (Number.isFinite(d) && d >= 0) {
      duration[i] = d;
      anyTimed = true;
    }
  }
  if (!anyTimed) return null;
  // Incoming edges per step, only forward in step order so the longest path is well defined.
  const incoming: number[][] = Array.from({ length: n }, () => []);
  for (const e of trace.edges) {
    const a = f.indexOf.get(e.from);
    const b = f.indexOf.get(e.to);
    if (a !== undefined && b !== undefined && a < b) incoming[b].push(a);
  }
  const finish = new Float64Array(n);
  let best = 0;
  for (let i = 0; i < n; i++) {
    let before = 0;
    for (const a of incoming[i]) before = Math.max(before, finish[a]);
    finish[i] = before + (hasChild[i] ? 0 : duration[i]);
    best = Math.max(best, finish[i]);
  }
  return best;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
