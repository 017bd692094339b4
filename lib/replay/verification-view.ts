/** What the run page shows of one stored replay verification (plain JSON, client-safe). */
import type { ReplayLogEntry } from "./replay-session";
import type { VerificationResult } from "./verify-by-replay";

export type ReplayVerificationStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export interface ReplayVerificationView {
  id: string;
  runId: string;
  status: ReplayVerificationStatus;
  endpoint: string;
  method: string;
  budget: number;
  replayCount: number;
  cacheHits: number;
  progress: number;
  interventions: ReplayLogEntry[];
  result: VerificationResult | null;
  agreement: string | null;
  offlineAgent: string | null;
  confirmedAgent: string | null;
  error: string | null;
  cancelRequested: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** `endpoint` of verifications run by `culprit verify <recording> --app` (record/replay proxy). */
export const CLI_VERIFICATION_PREFIX = "culprit record/replay: ";

/** The command a CLI-run verification replayed, or null for verifications against an endpoint. */
export function cliVerificationCommand(view: Pick<ReplayVerificationView, "endpoint">): string | null {
  return view.endpoint.startsWith(CLI_VERIFICATION_PREFIX) ? view.endpoint.slice(CLI_VERIFICATION_PREFIX.length) : null;
}
