/** Readable summary of a verification for the CLI. */
import type { VerificationResult } from "./verify-by-replay";
import type { ReplayLogEntry } from "./replay-session";

export function formatVerification(file: string, r: VerificationResult, log: readonly ReplayLogEntry[]): string {
  const lines = [`${file}`, `  replay verdict: ${r.agreement.toUpperCase()}: ${r.agreementNote}`];
  lines.push(
    `  offline culprit: ${r.offline.agent ?? "(none)"}${r.offline.stepId ? ` at step ${r.offline.stepId}` : ""}`,
  );
  lines.push(
    `  replay culprit:  ${r.confirmedAgent ?? "(none confirmed)"}${r.confirmedStepId ? ` at step ${r.confirmedStepId}` : ""}`,
  );
  if (r.baseline)
    lines.push(
      `  baseline replay: ${r.baseline.outcome}${r.baseline.reproduced ? " (failure reproduces)" : " (failure does NOT reproduce)"}`,
    );
  for (const t of r.sequential?.tried ?? []) lines.push(`  resample ${t.agent.padEnd(24)} → ${t.outcome}`);
  if (r.binarySearch) lines.push(`  binary search: ${r.binarySearch.note} (${r.binarySearch.probes.length} probe(s))`);
  if (r.leaveOneOut) lines.push(`  leave-one-out: ${r.leaveOneOut.note}`);
  if (r.shapley)
    lines.push(
      `  replay Shapley: ${Object.entries(r.shapley.values)
        .map(([a, v]) => `${a} ${v}`)
        .join(", ")}`,
    );
  for (const i of r.incomplete) lines.push(`  incomplete: ${i.method}: ${i.reason}`);
  lines.push(
    `  replays: ${r.replays} real, ${r.cacheHits} cached, ${log.length - r.replays - r.cacheHits} repeated within the session`,
  );
  return lines.join("\n");
}
