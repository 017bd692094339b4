import "server-only";
import type { AnalysisReport } from "@/lib/attribution/types";

/**
 * The columns list pages read, copied out of a finished report in one place, so lists never read
 * whole reports (a 100k-step report is tens of MB of jsonb).
 */
export function analysisListColumns(report: AnalysisReport) {
  const t = report.trajectory;
  return {
    culpritAgent: report.decisive?.agent ?? null,
    interactionClass: report.interaction?.class ?? null,
    verificationCost: t ? t.verification.costShare : null,
    redundancyShare: t ? t.redundancy.nearDuplicateTokenShare : null,
    flagKinds: t ? [...new Set(t.flags.map((f) => f.kind))].sort() : [],
  };
}
