/**
 * `culprit fix <recording> --app URL`: stores the proved fix in the app beside the run (the trace
 * is uploaded first, idempotently), then `POST /api/runs/<id>/fix-trials`; the run page and its
 * pattern on /patterns show it.
 */
import type { TryFixResult } from "../replay/try-fix";
import { uploadTraceToApp } from "./post-verification";

export async function postFixTrialToApp(o: {
  app: string;
  apiKey?: string;
  traceJson: string;
  result: TryFixResult;
  signal?: AbortSignal;
}) {
  const { base, headers, signal, runId } = await uploadTraceToApp(o);
  const t = o.result.trial!;
  const body = {
    agent: t.agent,
    fixType: t.fixType,
    instruction: t.instruction,
    runs: t.runs,
    flipped: t.flipped,
    interval: t.interval,
    verdict: t.verdict,
    baseline: o.result.baseline,
    offlineAgent: o.result.offlineAgent,
    screened: o.result.screened.map((s) => ({ agent: s.agent, outcome: s.outcome })),
    ...(t.finding ? { finding: t.finding } : {}),
    ...(t.channel ? { channel: t.channel } : {}),
  };
  const stored = await fetch(`${base}/api/runs/${runId}/fix-trials`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal,
  });
  if (!stored.ok)
    throw new Error(`the app refused the fix trial: HTTP ${stored.status} ${(await stored.text()).slice(0, 300)}`);
  return { url: `${base}/runs/${runId}` };
}
