/**
 * The CLI's client of a Culprit server's HTTP API (upload a trace, read a report, list runs, read
 * a step), with the server's API key as a bearer token. Bounded like every outgoing call: a
 * timeout per request and a cap on the reply it reads.
 */
export interface CulpritServer {
  readonly baseUrl: string;
  upload(
    text: string,
    opts: { name?: string; format?: string },
  ): Promise<{ runId: string; url: string; created: boolean }[]>;
  report(runId: string): Promise<unknown | null>;
  listRuns(query: Record<string, string | number | undefined>): Promise<unknown>;
  step(runId: string, stepId: string): Promise<unknown>;
  runUrl(runId: string): string;
}

const MAX_REPLY_BYTES = 50 * 1024 * 1024;

export function createCulpritServer(url: string, apiKey: string | undefined, timeoutMs = 60_000): CulpritServer {
  const base = new URL(url);
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw new Error(`--server must be an http(s) URL, not ${base.protocol}`);
  const prefix = base.pathname.replace(/\/+$/, "");
  const headers = (extra: Record<string, string> = {}) => ({
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    ...extra,
  });
  const call = async (
    method: string,
    path: string,
    body?: string,
    query?: Record<string, string | number | undefined>,
  ) => {
    const target = new URL(base.href);
    target.pathname = `${prefix}${path}`;
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== "") target.searchParams.set(k, String(v));
    const res = await fetch(target, {
      method,
      headers: headers(body === undefined ? {} : { "content-type": "application/json" }),
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const declared = Number(res.headers.get("content-length"));
    if (declared > MAX_REPLY_BYTES)
      throw new Error(`The Culprit server's reply is ${declared} bytes; at most ${MAX_REPLY_BYTES} are read.`);
    const text = await res.text();
    if (text.length > MAX_REPLY_BYTES) throw new Error("The Culprit server's reply is too large.");
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json, text };
  };
  const fail = (what: string, r: { status: number; json: unknown; text: string }): never => {
    const message =
      (r.json as { error?: { message?: string }; message?: string } | null)?.error?.message ?? r.text.slice(0, 300);
    throw new Error(`${what}: the Culprit server answered ${r.status} (${message})`);
  };
  return {
    baseUrl: base.href,
    runUrl: (runId) => `${base.origin}${prefix}/runs/${encodeURIComponent(runId)}`,
    async upload(text, opts) {
      const r = await call("POST", "/api/runs", text, { name: opts.name, format: opts.format });
      if (r.status !== 200 && r.status !== 201) fail("upload", r);
      const body = r.json as {
        runId: string;
        url: string;
        created: boolean;
        runs?: { runId: string; url: string; created: boolean }[];
      };
      return body.runs ?? [body];
    },
    async report(runId) {
      const r = await call("GET", `/api/runs/${encodeURIComponent(runId)}/report`);
      if (r.status === 409) return null; // not analyzed yet
      if (r.status !== 200) fail(`report of run ${runId}`, r);
      return r.json;
    },
    async listRuns(query) {
      const r = await call("GET", "/api/runs", undefined, query);
      if (r.status !== 200) fail("list runs", r);
      return r.json;
    },
    async step(runId, stepId) {
      const r = await call("GET", `/api/runs/${encodeURIComponent(runId)}/steps/${encodeURIComponent(stepId)}`);
      if (r.status !== 200) fail(`step ${stepId} of run ${runId}`, r);
      return r.json;
    },
  };
}

/** Polls for the run's report while its analysis is queued or running, at most `timeoutMs`. */
export async function waitForReport(
  server: CulpritServer,
  runId: string,
  timeoutMs = 120_000,
  intervalMs = 500,
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await server.report(runId);
    if (report) return report;
    if (Date.now() > deadline)
      throw new Error(`run ${runId} has no finished analysis after ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
