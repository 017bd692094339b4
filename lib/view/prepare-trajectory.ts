/**
 * Trajectory report → what the Trajectory panel draws: metric groups with one-line explanations,
 * per-agent small multiples (token share, blame, importance on one 0–1 scale) and flag ids for the URL.
 */
import { scaleLinear } from "d3";
import type { TrajectoryFlag, TrajectoryReport } from "../attribution/trajectory/types";
import { formatCount } from "../format/numbers";

export interface MetricRow {
  label: string;
  value: string;
  explain: string;
}

export interface MetricGroup {
  title: string;
  rows: MetricRow[];
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const duration = (ms: number | null) =>
  ms === null
    ? "—"
    : ms < 1000
      ? `${Math.round(ms)} ms`
      : ms < 120_000
        ? `${(ms / 1000).toFixed(1)} s`
        : `${(ms / 60_000).toFixed(1)} min`;

/** The panel's metric groups, in reading order; each group is built by its own small function. */
export function metricGroups(t: TrajectoryReport): MetricGroup[] {
  const unit = t.size.tokenBasis === "tokens" ? "tokens" : "words";
  return [
    sizeGroup(t),
    toolsGroup(t),
    verificationGroup(t, unit),
    redundancyGroup(t, unit),
    delegationGroup(t),
    memoryGroup(t),
  ];
}

function sizeGroup(t: TrajectoryReport): MetricGroup {
  return {
    title: "Size and cost",
    rows: [
      {
        label: "steps · agents",
        value: `${formatCount(t.size.steps)} · ${t.size.activeAgents}`,
        explain: "steps in the trace; agents that produced at least one",
      },
      {
        label: "tokens",
        value:
          t.size.tokenBasis === "tokens"
            ? `${formatCount(t.size.tokens.total)} (${formatCount(t.size.tokens.input)} in / ${formatCount(t.size.tokens.output)} out)`
            : "not recorded",
        explain: "sum over steps; a container's total is not added on top of its children's",
      },
      {
        label: "cost",
        value: t.size.costUsd === null ? "—" : `$${t.size.costUsd.toFixed(4)}`,
        explain: "as the trace reports it",
      },
      {
        label: "wall · critical path",
        value: `${duration(t.size.wallTimeMs)} · ${duration(t.size.criticalPathMs)}`,
        explain: "first start to last end; longest chain of dependent steps",
      },
    ],
  };
}

function toolsGroup(t: TrajectoryReport): MetricGroup {
  return {
    title: "Tools",
    rows: [
      {
        label: "calls · errors",
        value: `${t.tools.calls} · ${t.tools.errors}`,
        explain: "tool calls and those that failed",
      },
      {
        label: "recovered · ignored",
        value: `${t.tools.recovered} · ${t.tools.ignored}`,
        explain: "an error is recovered when the agent later calls the same tool successfully",
      },
      {
        label: "retries",
        value: String(t.tools.retries),
        explain: "calls of a tool after it failed for the same agent",
      },
    ],
  };
}

function verificationGroup(t: TrajectoryReport, unit: string): MetricGroup {
  return {
    title: "Verification",
    rows: [
      {
        label: "checks",
        value: `${t.verification.steps} (${pct(t.verification.costShare)} of ${unit})`,
        explain: "steps that review earlier work, and what they cost",
      },
      {
        label: "sourced · rubber stamps",
        value: `${t.verification.sourcedChecks} · ${t.verification.rubberStamps}`,
        explain:
          "a sourced check consulted a tool or cites a tool's or the task's value; a rubber stamp approves without either",
      },
      {
        label: "collapse rate",
        value: pct(t.verification.collapseRate),
        explain: "share of checks that were rubber stamps",
      },
    ],
  };
}

function redundancyGroup(t: TrajectoryReport, unit: string): MetricGroup {
  return {
    title: "Redundancy and loops",
    rows: [
      {
        label: "near-duplicates",
        value: `${t.redundancy.nearDuplicateMessages} (${pct(t.redundancy.nearDuplicateTokenShare)} of ${unit})`,
        explain: "messages that nearly repeat an earlier one (word-trigram Jaccard ≥ 0.8)",
      },
      {
        label: "repeated tool calls",
        value: String(t.redundancy.repeatedToolCalls),
        explain: "same tool, same arguments as an earlier call",
      },
      {
        label: "loops",
        value: t.redundancy.loops ? `${t.redundancy.loops} (${t.redundancy.loopSteps} steps)` : "0",
        explain: "two agents alternating ≥ 4 turns with under 20% new words",
      },
    ],
  };
}

function delegationGroup(t: TrajectoryReport): MetricGroup {
  return {
    title: "Delegation and messages",
    rows: [
      {
        label: "handoffs · max fan-out",
        value: `${t.delegation.handoffs} · ${t.delegation.maxFanOut}`,
        explain: "delegations, and the most agents one agent handed work to",
      },
      {
        label: "unread messages",
        value: t.delegation.unreadMessages === null ? "—" : String(t.delegation.unreadMessages),
        explain: "agent messages no later step used",
      },
    ],
  };
}

function memoryGroup(t: TrajectoryReport): MetricGroup {
  return {
    title: "Shared memory",
    rows: [
      { label: "writes · reads", value: `${t.memory.writes} · ${t.memory.reads}`, explain: "shared-state accesses" },
      {
        label: "unread · overwritten",
        value: `${t.memory.unreadWrites} · ${t.memory.overwrittenWrites}`,
        explain: "writes nobody read; writes replaced before anyone read them",
      },
      {
        label: "stale reads · shared keys",
        value: `${t.memory.staleReads} · ${t.memory.sharedKeys}`,
        explain: "reads that returned a superseded value; keys written by several agents",
      },
    ],
  };
}

export interface AgentMultiple {
  agent: string;
  bars: { label: "tokens" | "blame" | "importance"; value: number; width: number; text: string }[];
}

/** Per-agent bars on one shared 0–1 scale, so a glance compares spending with blame and importance. */
export function agentMultiples(t: TrajectoryReport, width: number, limit = 12): AgentMultiple[] {
  const x = scaleLinear().domain([0, 1]).range([0, width]).clamp(true);
  const impTotal = t.perAgent.reduce((s, a) => s + a.importance, 0);
  return t.perAgent.slice(0, limit).map((a) => {
    const importance = impTotal > 0 ? a.importance / impTotal : 0;
    const bar = (label: "tokens" | "blame" | "importance", value: number) => ({
      label,
      value,
      width: x(value),
      text: pct(value),
    });
    return {
      agent: a.agent,
      bars: [bar("tokens", a.tokenShare), bar("blame", a.blame), bar("importance", importance)],
    };
  });
}

/** The URL id of a flag: its kind, and its agent when it is about one. */
export function flagId(flag: Pick<TrajectoryFlag, "kind" | "agent">): string {
  return flag.agent ? `${flag.kind}:${flag.agent}` : flag.kind;
}

/** The steps a flag points at (empty when the id names no flag of this report). */
export function flaggedSteps(t: TrajectoryReport | undefined, id: string | null): ReadonlySet<string> {
  if (!t || !id) return EMPTY;
  const flag = t.flags.find((f) => flagId(f) === id);
  return flag ? new Set(flag.stepIds) : EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
