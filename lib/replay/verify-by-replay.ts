/**
 * Verifies an offline verdict by real replays: reproduces the failure, then runs the chosen
 * strategies against one `ReplaySession` (so repeated coalitions cost nothing) and states whether
 * the replays agree with the offline verdict. Never changes the offline report.
 */
import type { TTrace } from "../trace/schema";
import type { AnalysisReport } from "../attribution/types";
import type { ReplaySession } from "./replay-session";
import { ReplayError } from "./replay-error";
import { sequentialIntervention, type SequentialResult } from "./strategies/sequential-intervention";
import { binarySearchSteps, type BinarySearchResult } from "./strategies/binary-search-steps";
import { leaveOneOut, type LeaveOneOutResult } from "./strategies/leave-one-out";
import { replayShapley, MAX_REPLAY_SHAPLEY_PLAYERS, type ReplayShapleyResult } from "./strategies/replay-shapley";

export const REPLAY_METHODS = ["baseline", "sequential", "binary-search", "leave-one-out", "shapley"] as const;
export type ReplayMethod = (typeof REPLAY_METHODS)[number];
export const DEFAULT_REPLAY_METHODS: ReplayMethod[] = ["baseline", "sequential", "binary-search"];

export type Agreement = "agrees" | "disagrees" | "inconclusive";

export interface VerificationResult {
  methods: ReplayMethod[];
  offline: { agent: string | null; stepId: string | null };
  baseline?: { outcome: "success" | "failure"; reproduced: boolean };
  sequential?: SequentialResult;
  binarySearch?: BinarySearchResult;
  leaveOneOut?: LeaveOneOutResult;
  shapley?: ReplayShapleyResult;
  /** Methods that did not finish, and why (budget). */
  incomplete: { method: ReplayMethod; reason: string }[];
  confirmedAgent: string | null;
  confirmedStepId: string | null;
  agreement: Agreement;
  agreementNote: string;
  replays: number;
  cacheHits: number;
}

export interface VerifyOptions {
  methods?: readonly ReplayMethod[];
  /** Called when a method starts (progress display). */
  onMethod?: (method: ReplayMethod, index: number, total: number) => void | Promise<void>;
}

/** Agents in the order sequential intervention tries them: offline decisive agent, then by blame. */
export function candidateAgents(trace: TTrace, report: AnalysisReport): string[] {
  const active = new Set(trace.steps.map((s) => s.agent));
  const order = [
    report.decisive?.agent,
    ...report.agents.filter((a) => a.blame > 0).map((a) => a.agent),
    ...report.agents.map((a) => a.agent),
  ];
  return [...new Set(order.filter((a): a is string => a !== undefined && active.has(a)))];
}

export async function verifyByReplay(
  trace: TTrace,
  report: AnalysisReport,
  session: ReplaySession,
  options: VerifyOptions = {},
): Promise<VerificationResult> {
  const methods = REPLAY_METHODS.filter((m) => (options.methods ?? DEFAULT_REPLAY_METHODS).includes(m));
  const offlineAgent = report.decisive?.agent ?? report.agents.find((a) => a.blame > 0)?.agent ?? null;
  const result: VerificationResult = {
    methods,
    offline: { agent: offlineAgent, stepId: report.decisive?.stepId ?? null },
    incomplete: [],
    confirmedAgent: null,
    confirmedStepId: null,
    agreement: "inconclusive",
    agreementNote: "",
    replays: 0,
    cacheHits: 0,
  };
  const candidates = candidateAgents(trace, report);
  const steps = trace.steps.map((s) => ({
    stepId: s.id,
    agent: s.agent,
    ...(s.sourceRef ? { sourceRef: s.sourceRef } : {}),
  }));
  let stopped = false;
  for (let i = 0; i < methods.length && !stopped; i++) {
    const method = methods[i];
    await options.onMethod?.(method, i, methods.length);
    try {
      if (method === "baseline") {
        const outcome = await session.fn("baseline")([]);
        result.baseline = { outcome, reproduced: outcome === "failure" };
        if (outcome === "success") stopped = true; // nothing to explain: every flip would be noise
      } else if (method === "sequential")
        result.sequential = await sequentialIntervention(candidates, session.fn("sequential"));
      else if (method === "binary-search")
        result.binarySearch = await binarySearchSteps(steps, session.fn("binary-search"));
      else if (method === "leave-one-out")
        result.leaveOneOut = await leaveOneOut(candidates, session.fn("leave-one-out"));
      else if (method === "shapley") {
        // Players: agents the earlier replays implicated first, then the offline ranking.
        const implicated = [
          ...(result.leaveOneOut?.necessary ?? []),
          result.sequential?.confirmed,
          result.binarySearch?.decisiveAgent,
        ];
        const players = [...new Set([...implicated.filter((a): a is string => !!a), ...candidates])].slice(
          0,
          MAX_REPLAY_SHAPLEY_PLAYERS,
        );
        result.shapley = await replayShapley(players, session.fn("shapley"));
      }
    } catch (err) {
      if (!(err instanceof ReplayError && err.code === "budget_exhausted")) throw err;
      result.incomplete.push({ method, reason: err.message });
      for (const rest of methods.slice(i + 1))
        result.incomplete.push({ method: rest, reason: "not run: the replay budget is used up" });
      stopped = true;
    }
  }
  result.replays = session.replays;
  result.cacheHits = session.cacheHits;
  conclude(result);
  return result;
}

/** Picks the replay verdict (sequential first, then leave-one-out, then binary search) and compares. */
function conclude(r: VerificationResult): void {
  if (r.baseline && !r.baseline.reproduced) {
    r.agreement = "inconclusive";
    r.agreementNote =
      "the unchanged replay succeeded: the failure does not reproduce, so no intervention can confirm a culprit";
    return;
  }
  const looSingle = r.leaveOneOut?.necessary.length === 1 ? r.leaveOneOut.necessary[0] : null;
  const shapleyTop = r.shapley ? topShapley(r.shapley) : null;
  r.confirmedAgent = r.sequential?.confirmed ?? looSingle ?? shapleyTop ?? r.binarySearch?.decisiveAgent ?? null;
  r.confirmedStepId = r.binarySearch?.decisiveStepId ?? null;
  const source = r.sequential?.confirmed
    ? "sequential intervention"
    : looSingle
      ? "leave-one-out"
      : shapleyTop
        ? "replay Shapley"
        : "binary search over steps";
  if (!r.confirmedAgent) {
    r.agreement = "inconclusive";
    r.agreementNote = "no tried intervention flipped the outcome";
  } else if (!r.offline.agent) {
    r.agreement = "inconclusive";
    r.agreementNote = `replay confirms ${r.confirmedAgent} (${source}); the offline analysis named no culprit`;
  } else if (r.confirmedAgent === r.offline.agent) {
    r.agreement = "agrees";
    const stepNote =
      r.confirmedStepId && r.offline.stepId
        ? r.confirmedStepId === r.offline.stepId
          ? "; same decisive step"
          : `; replay's decisive step is ${r.confirmedStepId}, offline ${r.offline.stepId}`
        : "";
    r.agreementNote = `replay confirms the offline culprit ${r.confirmedAgent} (${source})${stepNote}`;
  } else {
    r.agreement = "disagrees";
    r.agreementNote = `replay points to ${r.confirmedAgent} (${source}), the offline analysis to ${r.offline.agent}`;
  }
}

function topShapley(s: ReplayShapleyResult): string | null {
  let best: string | null = null;
  for (const p of s.players) if (s.values[p] > 0 && (best === null || s.values[p] > s.values[best])) best = p;
  return best;
}
