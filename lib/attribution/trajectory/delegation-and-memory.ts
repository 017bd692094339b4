/**
 * Delegation, messages and shared memory.
 *
 * Handoffs: delegation edges, plus `delegate` steps no delegation edge starts from. Fan-out: the most
 * distinct agents one agent handed work to. Unread message: an agent utterance that no edge leads away
 * from, other than the run's last utterance (null when the trace has no edges: nothing can be said).
 *
 * Memory (state steps, in step order): a write is *unread* when no later read of its key follows it,
 * *overwritten* when the next access to its key is another write, and a read is *stale* when the value
 * it returned is an earlier write's value, not the latest one's (only decidable when values are recorded).
 * A key is *shared* when two or more agents write it.
 */
import type { TTrace } from "../../trace/schema";
import type { StepFacts } from "./step-facts";
import type { TrajectoryReport } from "./types";

export interface DelegationFacts {
  report: TrajectoryReport["delegation"];
  unreadStepIds: string[];
}

export function delegationFacts(trace: TTrace, f: StepFacts): DelegationFacts {
  const steps = trace.steps;
  const fromDelegationEdge = new Set<string>();
  const targets = new Map<string, Set<string>>();
  const addTarget = (from: string, to: string | undefined) => {
    if (!to || to === from) return;
    const set = targets.get(from) ?? new Set<string>();
    set.add(to);
    targets.set(from, set);
  };
  let handoffs = 0;
  for (const e of trace.edges) {
    if (e.kind !== "delegation") continue;
    handoffs++;
    fromDelegationEdge.add(e.from);
    const a = f.indexOf.get(e.from);
    const b = f.indexOf.get(e.to);
    if (a !== undefined && b !== undefined) addTarget(steps[a].agent, steps[b].agent);
  }
  for (const s of steps)
    if (s.kind === "delegate") {
      if (!fromDelegationEdge.has(s.id)) handoffs++;
      addTarget(s.agent, s.target);
    }
  let maxFanOut = 0;
  for (const set of targets.values()) maxFanOut = Math.max(maxFanOut, set.size);

  let unreadMessages: number | null = null;
  const unreadStepIds: string[] = [];
  if (trace.edges.length > 0) {
    const hasOut = new Set<string>();
    for (const e of trace.edges) hasOut.add(e.from);
    let last = -1;
    for (let i = 0; i < steps.length; i++) if (f.utterance[i]) last = i;
    unreadMessages = 0;
    for (let i = 0; i < steps.length; i++)
      if (f.utterance[i] && i !== last && steps[i].kind !== "final" && !hasOut.has(steps[i].id)) {
        unreadMessages++;
        if (unreadStepIds.length < 200) unreadStepIds.push(steps[i].id);
      }
  }
  return { report: { handoffs, maxFanOut, unreadMessages }, unreadStepIds };
}

export interface MemoryFacts {
  report: TrajectoryReport["memory"];
  unreadWriteIds: string[];
  staleReadIds: string[];
}

export function memoryFacts(trace: TTrace): MemoryFacts {
  let writes = 0;
  let reads = 0;
  let overwritten = 0;
  let stale = 0;
  const staleReadIds: string[] = [];
  // Per key: the write not yet read (if any), the latest written value, all values written so far.
  const pending = new Map<string, string>();
  const latest = new Map<string, string | undefined>();
  const history = new Map<string, Set<string>>();
  const writers = new Map<string, Set<string>>();
  for (const s of trace.steps) {
    const op = s.state?.op ?? (s.kind === "state_write" ? "write" : s.kind === "state_read" ? "read" : undefined);
    const key = s.state?.key ?? (op ? s.name : undefined);
    if (!op || !key) continue;
    const value = s.state?.value;
    if (op === "write") {
      writes++;
      if (pending.has(key)) overwritten++;
      pending.set(key, s.id);
      latest.set(key, value);
      if (value !== undefined) {
        const h = history.get(key) ?? new Set<string>();
        h.add(value);
        history.set(key, h);
      }
      const w = writers.get(key) ?? new Set<string>();
      w.add(s.agent);
      writers.set(key, w);
    } else {
      reads++;
      pending.delete(key);
      const now = latest.get(key);
      if (value !== undefined && now !== undefined && value !== now && history.get(key)?.has(value)) {
        stale++;
        if (staleReadIds.length < 200) staleReadIds.push(s.id);
      }
    }
  }
  // Overwritten writes were never read either; "unread" counts those still waiting at the end too.
  const unreadWriteIds = [...pending.values()];
  let sharedKeys = 0;
  for (const w of writers.values()) if (w.size >= 2) sharedKeys++;
  return {
    report: {
      writes,
      reads,
      unreadWrites: unreadWriteIds.length + overwritten,
      staleReads: stale,
      overwrittenWrites: overwritten,
      sharedKeys,
    },
    unreadWriteIds: unreadWriteIds.slice(0, 200),
    staleReadIds,
  };
}
