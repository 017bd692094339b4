/**
 * `culprit verify <recording> --app URL`: stores the CLI's verification in the app beside the
 * offline verdict. The trace is uploaded first (idempotent: a run already there is found by its
 * content), then the result goes to `POST /api/runs/<id>/verifications`.
 */
import type { VerificationResult } from "../replay/verify-by-replay";
import type { ReplayLogEntry } from "../replay/replay-session";
import type { ProxyReplayDetail } from "../record/proxy-replay";

export interface PostVerificationOptions {
  app: string;
  apiKey?: string;
  traceJson: string;
  recordingId: string;
  command: string;
  result: VerificationResult;
  log: ReplayLogEntry[];
  details: ProxyReplayDetail[];
  budget: number;
  signal?: AbortSignal;
}

/** Uploads the recording's trace (idempotent) and says which run it is, with what the next request needs. */
export async function uploadTraceToApp(o: { app: string; apiKey?: string; traceJson: string; signal?: AbortSignal }) {
  const base = o.app.replace(/\/+$/, "");
  if (!/^https?:\/\//.test(base)) throw new Error(`--app must be an http(s) URL, got "${o.app}"`);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
  };
  const signal = o.signal ?? AbortSignal.timeout(60_000);
  const upload = await fetch(`${base}/api/runs?format=otlp&name=trace.otlp.json`, {
    method: "POST",
    headers,
    body: o.traceJson,
    signal,
  });
  if (!upload.ok)
    throw new Error(`the app refused the trace: HTTP ${upload.status} ${(await upload.text()).slice(0, 300)}`);
  const { runId } = (await upload.json()) as { runId?: string };
  if (!runId) throw new Error("the app did not say which run the trace became");
  return { base, headers, signal, runId };
}

export async function postVerificationToApp(o: PostVerificationOptions): Promise<{ url: string; runId: string }> {
  const { base, headers, signal, runId } = await uploadTraceToApp(o);
  const body = {
    source: "culprit-record",
    recordingId: o.recordingId,
    command: o.command,
    budget: o.budget,
    result: o.result,
    log: o.log,
    proxyReplays: o.details,
  };
  const stored = await fetch(`${base}/api/runs/${runId}/verifications`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
    signal,
  });
  if (!stored.ok)
    throw new Error(`the app refused the verification: HTTP ${stored.status} ${(await stored.text()).slice(0, 300)}`);
  return { url: `${base}/runs/${runId}`, runId };
}
