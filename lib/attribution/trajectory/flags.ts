/**
 * Trajectory flags: the findings a reader should see first, each pointing at the steps behind it.
 * Thresholds are stated as fractions a person would call "most" or "a large part"; they are
 * presentation cut-offs for what to highlight, not inputs to any verdict.
 */
import type { TrajectoryFlag, TrajectoryReport } from "./types";

const pct = (x: number) => `${Math.round(x * 100)}%`;
const MAX_IDS = 200;

export interface FlagInputs {
  t: Omit<TrajectoryReport, "flags">;
  duplicateStepIds: string[];
  rubberStampIds: Map<string, string[]>;
  ignoredErrorIds: string[];
  repeatedCallIds: string[];
  loopStepIds: string[];
  unreadWriteIds: string[];
  staleReadIds: string[];
  unreadMessageIds: string[];
  stepsOf: Map<string, string[]>;
}

export function trajectoryFlags(x: FlagInputs): TrajectoryFlag[] {
  const { t } = x;
  const flags: TrajectoryFlag[] = [];
  const add = (f: TrajectoryFlag) => flags.push({ ...f, stepIds: f.stepIds.slice(0, MAX_IDS) });
  const unit = t.size.tokenBasis === "tokens" ? "tokens" : "words";
  if (t.redundancy.nearDuplicateTokenShare >= 0.2)
    add({
      kind: "redundant-tokens",
      severity: t.redundancy.nearDuplicateTokenShare >= 0.4 ? "warn" : "info",
      message: `${pct(t.redundancy.nearDuplicateTokenShare)} of ${unit} in repeated messages (${t.redundancy.nearDuplicateMessages} near-duplicates)`,
      stepIds: x.duplicateStepIds,
    });
  for (const [agent, ids] of x.rubberStampIds)
    add({
      kind: "rubber-stamp",
      severity: "warn",
      message: `${agent} approved ${ids.length === 1 ? "once" : `${ids.length} times`} without comparing to any source (no tool call, no value from a tool or the task)`,
      stepIds: ids,
      agent,
    });
  if (t.tools.ignored > 0)
    add({
      kind: "ignored-tool-errors",
      severity: "warn",
      message: `${t.tools.ignored} of ${t.tools.errors} tool error(s) never recovered (no later successful call of that tool by that agent)`,
      stepIds: x.ignoredErrorIds,
    });
  if (t.redundancy.repeatedToolCalls >= 2)
    add({
      kind: "repeated-tool-calls",
      severity: "info",
      message: `${t.redundancy.repeatedToolCalls} tool calls repeat an earlier call with the same arguments`,
      stepIds: x.repeatedCallIds,
    });
  if (t.redundancy.loops > 0)
    add({
      kind: "loop",
      severity: "warn",
      message: `${t.redundancy.loops} stretch(es) where two agents go back and forth without new information`,
      stepIds: x.loopStepIds,
    });
  if (t.memory.unreadWrites > 0)
    add({
      kind: "unread-state",
      severity: "info",
      message: `${t.memory.unreadWrites} shared-state write(s) never read`,
      stepIds: x.unreadWriteIds,
    });
  if (t.memory.staleReads > 0)
    add({
      kind: "stale-read",
      severity: "warn",
      message: `${t.memory.staleReads} read(s) returned a value that had already been overwritten`,
      stepIds: x.staleReadIds,
    });
  if (
    t.delegation.unreadMessages !== null &&
    t.size.steps >= 5 &&
    t.delegation.unreadMessages >= Math.max(3, 0.3 * t.size.steps)
  )
    add({
      kind: "unread-messages",
      severity: "info",
      message: `${t.delegation.unreadMessages} message(s) no other step used`,
      stepIds: x.unreadMessageIds,
    });
  // An agent that spends most of the budget but carries little of the outcome: the seed's warning that
  // "helpful-looking" agents may simply spend more tokens.
  const active = t.perAgent.filter((a) => a.steps > 0).length;
  if (active >= 2) {
    const impTotal = t.perAgent.reduce((s, a) => s + a.importance, 0);
    for (const a of t.perAgent) {
      const impShare = impTotal > 0 ? a.importance / impTotal : 0;
      if (a.tokenShare >= 0.5 && a.tokenShare >= 2 * Math.max(impShare, a.blame))
        add({
          kind: "token-heavy-agent",
          severity: "info",
          message: `${a.agent} used ${pct(a.tokenShare)} of the ${unit} but carries ${pct(impShare)} of the importance and ${pct(a.blame)} of the blame`,
          stepIds: x.stepsOf.get(a.agent) ?? [],
          agent: a.agent,
        });
    }
  }
  return flags;
}
