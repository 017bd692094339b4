/**
 * The HTTP side of the replay protocol: POSTs one replay request to a system's endpoint with a
 * per-attempt timeout, bounded retries with exponential backoff, and cancellation. Every failure
 * becomes a `ReplayError` whose message says what the endpoint did wrong.
 */
import { redactUrl } from "./redact-url";
import { importTrace, importValue } from "../importers/index";
import { replayRequest, ZReplayResponse, type Intervention, type ReplayOutcome, type ReplayRun } from "./protocol";
import { ReplayError, isTransient } from "./replay-error";
import { abortableSleep, backoffDelay } from "./backoff";

export interface HttpReplayOptions {
  endpoint: string;
  run: ReplayRun;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts after the first, for transient errors only (unreachable, timeout, 5xx, 429). */
  retries?: number;
  backoffMs?: number;
  signal?: AbortSignal;
  /** Sent as `Authorization: Bearer ...` when set. */
  token?: string;
}

export interface HttpReplayResult {
  outcome: ReplayOutcome;
  durationMs: number;
  /** Steps in the replayed trace, when the endpoint returned one. */
  traceSteps?: number;
}

export const DEFAULT_REPLAY_TIMEOUT_MS = 60_000;
export const DEFAULT_REPLAY_RETRIES = 2;
const MAX_RETRIES = 5;
const MAX_RESPONSE_CHARS = 64 * 1024 * 1024;

/** Returns a function that performs one replay over HTTP per call. */
export function httpReplay(options: HttpReplayOptions): (interventions: Intervention[]) => Promise<HttpReplayResult> {
  const url = checkEndpoint(options.endpoint);
  const retries = Math.min(MAX_RETRIES, Math.max(0, options.retries ?? DEFAULT_REPLAY_RETRIES));
  return async (interventions) => {
    const body = JSON.stringify(replayRequest(options.run, interventions));
    for (let attempt = 0; ; attempt++) {
      try {
        return await attemptOnce(url, body, options);
      } catch (err) {
        if (!isTransient(err) || attempt >= retries) {
          if (isTransient(err) && attempt > 0) (err as ReplayError).message += ` (after ${attempt + 1} attempts)`;
          throw err;
        }
        await abortableSleep(backoffDelay(options.backoffMs ?? 500, attempt), options.signal);
      }
    }
  };
}

/** Validates an endpoint URL (http or https), with a message naming the bad value. */
export function checkEndpoint(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ReplayError("not_configured", `The replay endpoint "${redactUrl(endpoint)}" is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ReplayError("not_configured", `The replay endpoint "${redactUrl(endpoint)}" must be an http(s) URL`);
  return url;
}

async function attemptOnce(url: URL, body: string, options: HttpReplayOptions): Promise<HttpReplayResult> {
  if (options.signal?.aborted) throw new ReplayError("cancelled", "the verification was cancelled");
  const timeoutMs = options.timeoutMs ?? DEFAULT_REPLAY_TIMEOUT_MS;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const started = Date.now();
  let text: string;
  let status: number;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body,
      signal,
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    if (options.signal?.aborted) throw new ReplayError("cancelled", "the verification was cancelled");
    if (timeout.signal.aborted)
      throw new ReplayError("timeout", `The replay endpoint ${url.origin} did not answer within ${timeoutMs} ms`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ReplayError(
      "unreachable",
      `Cannot reach the replay endpoint ${redactUrl(url.href)}: ${cause?.code ?? cause?.message ?? (err as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }
  const durationMs = Date.now() - started;
  if (status >= 500 || status === 429)
    throw new ReplayError("http_error", `The replay endpoint answered HTTP ${status}: ${snippet(text)}`);
  if (status >= 300)
    throw new ReplayError(
      "bad_response",
      `The replay endpoint refused the request with HTTP ${status}: ${snippet(text)}`,
    );
  return { ...parseReplayBody(text), durationMs };
}

/** Parses a 2xx body: `{outcome}`, `{trace}` (any supported format) or both. */
export function parseReplayBody(text: string): Omit<HttpReplayResult, "durationMs"> {
  if (text.length > MAX_RESPONSE_CHARS)
    throw new ReplayError("bad_response", `The replay response is larger than ${MAX_RESPONSE_CHARS} characters`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ReplayError("bad_response", `The replay endpoint did not answer JSON: ${snippet(text)}`);
  }
  const parsed = ZReplayResponse.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ReplayError(
      "bad_response",
      `The replay response is not {outcome} or {trace}: ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
  }
  const { outcome, trace } = parsed.data;
  if (trace === undefined) return { outcome: outcome! };
  let imported;
  try {
    imported = typeof trace === "string" ? importTrace(trace) : importValue(trace);
  } catch (err) {
    if (outcome) return { outcome }; // the stated outcome is enough; an unreadable trace is only a bonus
    throw new ReplayError("bad_response", `The replayed trace could not be imported: ${(err as Error).message}`);
  }
  const traceOutcome = imported.trace.run.outcome;
  if (!outcome && traceOutcome === "unknown")
    throw new ReplayError(
      "bad_response",
      "The replayed trace states no outcome (success or failure) and the response has no `outcome`",
    );
  return { outcome: outcome ?? (traceOutcome as ReplayOutcome), traceSteps: imported.trace.steps.length };
}

function snippet(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t || "(empty body)";
}
