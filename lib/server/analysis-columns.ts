import "server-only";
import type { AnalysisReport } from "@/lib/attribution/types";
import type { TrajectoryReport } from "@/lib/attribution/trajectory/types";
import { detectorHits, type StepDetectorHits } from "@/lib/patterns";
import { z } from "zod";

/** What `trajectoryMetrics` holds: the trajectory without its per-agent rows and flags. */
export type TrajectoryMetrics = Omit<TrajectoryReport, "perAgent" | "flags">;
/** One entry of `agentFigures`: what the budget view needs of each agent. */
export type AgentFigures = { agent: string; blame: number; importance: number; tokenShare: number };

/**
 * What `signatureFields` holds: the parts of a report the patterns page reads, nothing else (the
 * decisive error, its step, the channel path, the interaction and, engine ≥ 0.8, the decisive fix).
 */
export type SignatureFields = Pick<AnalysisReport, "decisive" | "steps" | "channelPath" | "interaction" | "fixes">;

/**
 * The columns list pages read, copied out of a finished report in one place, so lists never read
 * whole reports (a 100k-step report is tens of MB of jsonb).
 */
export function analysisListColumns(report: AnalysisReport) {
  const t = report.trajectory;
  let metrics: TrajectoryMetrics | null = null;
  if (t) {
    const { perAgent: _perAgent, flags: _flags, ...rest } = t;
    metrics = rest;
  }
  return {
    // An undetermined verdict lists its top suspect (the runs list marks it "?"), not a blank.
    culpritAgent: report.decisive?.agent ?? report.suspects?.[0]?.agent ?? null,
    interactionClass: report.interaction?.class ?? null,
    verificationCost: t ? t.verification.costShare : null,
    redundancyShare: t ? t.redundancy.nearDuplicateTokenShare : null,
    flagKinds: t ? [...new Set(t.flags.map((f) => f.kind))].sort() : [],
    trajectoryMetrics: metrics,
    signatureFields: signatureFields(report),
    detectorHits: detectorHits(report),
    agentFigures: t
      ? t.perAgent.map(
          (a): AgentFigures => ({ agent: a.agent, blame: a.blame, importance: a.importance, tokenShare: a.tokenShare }),
        )
      : null,
  };
}

function signatureFields(report: AnalysisReport): SignatureFields | null {
  if (!report.decisive) return null;
  const step = report.steps.find((s) => s.stepId === report.decisive!.stepId);
  const fixes = (report.fixes ?? []).filter((f) => f.role === "decisive").slice(0, 1);
  return {
    decisive: report.decisive,
    steps: step ? [step] : [],
    channelPath: report.channelPath ?? [],
    interaction: report.interaction,
    ...(fixes.length ? { fixes } : {}),
  };
}

const ZDetectorHits = z.array(z.object({ stepId: z.string(), detectors: z.array(z.string()) }));

/** A stored `detectorHits` value read back; anything else (null before a backfill, a hand edit) is no hits. */
export function readDetectorHits(value: unknown): StepDetectorHits[] {
  const parsed = ZDetectorHits.safeParse(value);
  return parsed.success ? parsed.data : [];
}
