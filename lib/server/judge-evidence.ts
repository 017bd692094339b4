import "server-only";
import type { TTrace } from "@/lib/trace/schema";
import type { ExtraEvidence } from "@/lib/attribution/types";
import { judgeConfigFromEnv } from "@/lib/judge/judge-config";
import { config as appConfig } from "./config";
import { judgeTrace } from "@/lib/judge/judge-trace";

/**
 * The optional LLM judge's findings for a failed run, as extra engine evidence. Off unless
 * CULPRIT_JUDGE_BASE_URL and CULPRIT_JUDGE_MODEL are set. A judge that is down, slow or answers
 * garbage never fails the analysis: the offline verdict stands and the reason is logged.
 */
export async function judgeEvidence(trace: TTrace): Promise<ExtraEvidence[]> {
  if (trace.run.outcome === "success") return [];
  try {
    const config = judgeConfigFromEnv(appConfig().judgeEnv);
    if (!config) return [];
    return (await judgeTrace(trace, config)).evidence;
  } catch (err) {
    console.error(`[analysis] LLM judge skipped: ${err instanceof Error ? err.message : String(err)}`);
    return [];
  }
}
