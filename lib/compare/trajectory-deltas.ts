/**
 * Trajectory metric deltas between two runs (B − A), for the metrics a reader compares first.
 * Null when either report predates trajectory metrics.
 */
import type { TrajectoryReport } from "../attribution/trajectory/types";

export interface MetricDelta {
  metric: string;
  a: number | null;
  b: number | null;
  delta: number | null;
  /** Whether a larger value is worse (tokens, errors, rubber stamps...) — the page colours by it. */
  higherIsWorse: boolean;
  unit: "count" | "share" | "ms" | "usd";
}

const METRICS: {
  metric: string;
  unit: MetricDelta["unit"];
  higherIsWorse: boolean;
  get: (t: TrajectoryReport) => number | null;
}[] = [
  {
    metric: "tokens",
    unit: "count",
    higherIsWorse: true,
    get: (t) => (t.size.tokenBasis === "tokens" ? t.size.tokens.total : null),
  },
  { metric: "cost (USD)", unit: "usd", higherIsWorse: true, get: (t) => t.size.costUsd },
  { metric: "steps", unit: "count", higherIsWorse: true, get: (t) => t.size.steps },
  { metric: "wall time", unit: "ms", higherIsWorse: true, get: (t) => t.size.wallTimeMs },
  { metric: "tool calls", unit: "count", higherIsWorse: false, get: (t) => t.tools.calls },
  { metric: "tool errors", unit: "count", higherIsWorse: true, get: (t) => t.tools.errors },
  { metric: "ignored tool errors", unit: "count", higherIsWorse: true, get: (t) => t.tools.ignored },
  { metric: "verification steps", unit: "count", higherIsWorse: false, get: (t) => t.verification.steps },
  { metric: "verification cost", unit: "share", higherIsWorse: false, get: (t) => t.verification.costShare },
  { metric: "rubber stamps", unit: "count", higherIsWorse: true, get: (t) => t.verification.rubberStamps },
  {
    metric: "near-duplicate share",
    unit: "share",
    higherIsWorse: true,
    get: (t) => t.redundancy.nearDuplicateTokenShare,
  },
  { metric: "repeated tool calls", unit: "count", higherIsWorse: true, get: (t) => t.redundancy.repeatedToolCalls },
  { metric: "loops", unit: "count", higherIsWorse: true, get: (t) => t.redundancy.loops },
  { metric: "handoffs", unit: "count", higherIsWorse: false, get: (t) => t.delegation.handoffs },
  { metric: "stale reads", unit: "count", higherIsWorse: true, get: (t) => t.memory.staleReads },
];

export function trajectoryDeltas(
  a: TrajectoryReport | undefined,
  b: TrajectoryReport | undefined,
): MetricDelta[] | null {
  if (!a || !b) return null;
  return METRICS.map(({ metric, unit, higherIsWorse, get }) => {
    const x = get(a);
    const y = get(b);
    return {
      metric,
      unit,
      higherIsWorse,
      a: x,
      b: y,
      delta: x === null || y === null ? null : Math.round((y - x) * 1e6) / 1e6,
    };
  });
}
