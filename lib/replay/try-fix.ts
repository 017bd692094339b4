/**
 * Proof by replay of a corrective instruction (`culprit fix`, "Try this fix"): the run replayed
 * N times with the instruction appended to one agent's system prompt (an `instruct`
 * intervention), everyone else answered from the recording while the run follows it. Without a
 * named agent, each candidate's own fix is screened with one replay — the offline decisive agent
 * first, then co-culprits, suspects and the other agents by blame — and the first that flips the
 * outcome is the one tried N times: an offline verdict that blamed the checker of a wrong value
 * still leads to the agent whose instruction cures the run.
 */
import type { TTrace } from "../trace/schema";
import type { AnalysisReport } from "../attribution/types";
import { fixForAgent } from "../attribution/fixes/index";
import type { Intervention, ReplayOutcome } from "./protocol";
import { flipVerdict, wilsonInterval, type FlipVerdict } from "./flip-rate";

export interface FixCandidate {
  agent: string;
  fixType: string;
  instruction: string;
  author: "template" | "judge" | "user";
  /** What the fix type was chosen from (patterns group by it). */
  finding?: string;
  channel?: string;
}

export interface FixTrial extends FixCandidate {
  runs: number;
  flipped: number;
  interval: [number, number];
  verdict: FlipVerdict;
  outcomes: ReplayOutcome[];
}

export interface TryFixResult {
  baseline: ReplayOutcome;
  offlineAgent: string | null;
  screened: { agent: string; fixType: string; outcome: ReplayOutcome }[];
  trial: FixTrial | null;
  control?: FixTrial;
}

export const DEFAULT_FIX_RUNS = 5;
export const MAX_FIX_RUNS = 100;
/** Candidates screened at most when no agent is named. */
export const MAX_SCREENED = 12;

/** Agents in the order their fixes are worth trying, each with its suggested fix. */
export function fixCandidates(report: AnalysisReport, trace: TTrace): FixCandidate[] {
  const givers = new Set(trace.agents.filter((a) => a.kind === "task_giver").map((a) => a.name));
  const suspects = (report as { suspects?: { agent: string }[] }).suspects ?? [];
  const order = [
    ...(report.fixes ?? []).map((f) => f.agent),
    ...suspects.map((s) => s.agent),
    ...report.agents.map((a) => a.agent),
    ...trace.agents.map((a) => a.name),
  ];
  const out: FixCandidate[] = [];
  for (const agent of new Set(order)) {
    if (givers.has(agent)) continue;
    const own = report.fixes?.find((f) => f.agent === agent);
    const fix = own ?? fixForAgent(report, trace, agent, "co-culprit");
    if (fix)
      out.push({
        agent,
        fixType: fix.fixType,
        instruction: fix.instruction,
        author: fix.author,
        ...(fix.finding ? { finding: fix.finding } : {}),
        ...(fix.channel ? { channel: fix.channel } : {}),
      });
  }
  return out;
}

const instruct = (c: FixCandidate): Intervention[] => [
  { agent: c.agent, mode: "instruct", instruction: c.instruction },
];

async function trialOf(
  replay: (ivs: Intervention[]) => Promise<ReplayOutcome>,
  c: FixCandidate,
  runs: number,
  signal?: AbortSignal,
): Promise<FixTrial> {
  const outcomes: ReplayOutcome[] = [];
  for (let i = 0; i < runs && !signal?.aborted; i++) outcomes.push(await replay(instruct(c)));
  const flipped = outcomes.filter((o) => o === "success").length;
  const interval = wilsonInterval(flipped, outcomes.length);
  return { ...c, runs: outcomes.length, flipped, interval, verdict: flipVerdict(interval), outcomes };
}

export interface TryFixOptions {
  runs: number;
  /** Screen the candidates (no agent named); else the first candidate is tried as given. */
  search: boolean;
  control?: FixCandidate;
  signal?: AbortSignal;
}

export async function tryFix(
  replay: (interventions: Intervention[]) => Promise<ReplayOutcome>,
  report: AnalysisReport,
  candidates: readonly FixCandidate[],
  o: TryFixOptions,
): Promise<TryFixResult> {
  const baseline = await replay([]);
  const offlineAgent = report.decisive?.agent ?? null;
  const screened: TryFixResult["screened"] = [];
  if (baseline === "success" || candidates.length === 0) return { baseline, offlineAgent, screened, trial: null };
  let chosen = candidates[0];
  if (o.search)
    for (const c of candidates.slice(0, MAX_SCREENED)) {
      if (o.signal?.aborted) break;
      const outcome = await replay(instruct(c));
      screened.push({ agent: c.agent, fixType: c.fixType, outcome });
      if (outcome === "success") {
        chosen = c;
        break;
      }
    }
  const trial = await trialOf(replay, chosen, o.runs, o.signal);
  const control = o.control && !o.signal?.aborted ? await trialOf(replay, o.control, o.runs, o.signal) : undefined;
  return { baseline, offlineAgent, screened, trial, ...(control ? { control } : {}) };
}
