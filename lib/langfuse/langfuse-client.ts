import { LangfuseError, parseLangfuseHost } from "./langfuse-host";

export interface LangfuseClientOptions {
  host: string;
  publicKey: string;
  secretKey: string;
  /** Per request (each retry gets its own). */
  timeoutMs?: number;
  /** Largest response body read; a larger one is refused, not truncated. */
  maxBytes?: number;
  /** How often a 429 or 5xx is retried before giving up. */
  maxRetries?: number;
  /** Longest wait between retries, whatever Retry-After asks. */
  maxBackoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface LangfuseClient {
  readonly baseUrl: string;
  /** Reply bytes read so far: paged reads bound their total with it (`TraceBudget`). */
  readonly bytesRead: number;
  get(path: string, query?: Record<string, string | number | undefined>): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
}

const DEFAULTS = { timeoutMs: 30_000, maxBytes: 50 * 1024 * 1024, maxRetries: 5, maxBackoffMs: 60_000 };

/**
 * A small client of Langfuse's public API (Basic auth with the project's public/secret key pair).
 * Rate limits are honoured: a 429 (and a 5xx) is retried after `Retry-After` (seconds or an HTTP
 * date), else after an exponential backoff, at most `maxRetries` times.
 */
export function createLangfuseClient(options: LangfuseClientOptions): LangfuseClient {
  const base = parseLangfuseHost(options.host);
  if (!options.publicKey || !options.secretKey)
    throw new LangfuseError("config", "Set LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY (the project's API keys).");
  const o = { ...DEFAULTS, ...options };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let bytesRead = 0;
  const authorization = `Basic ${Buffer.from(`${o.publicKey}:${o.secretKey}`).toString("base64")}`;
  const prefix = base.pathname.replace(/\/+$/, "");
  const urlOf = (path: string, query?: Record<string, string | number | undefined>) => {
    const url = new URL(base.href);
    url.pathname = `${prefix}${path}`;
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };
  const send = async (method: "GET" | "POST", url: URL, body?: unknown): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers: {
            authorization,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(o.timeoutMs),
          redirect: "error", // a redirect could carry the keys to another host
        });
      } catch (e) {
        throw new LangfuseError(
          "network",
          `Langfuse at ${base.origin} did not answer (${e instanceof Error ? e.message : String(e)}).`,
        );
      }
      if ((res.status === 429 || res.status >= 500) && attempt < o.maxRetries) {
        await res.body?.cancel();
        await sleep(Math.min(o.maxBackoffMs, retryDelayMs(res.headers.get("retry-after"), attempt)));
        continue;
      }
      const text = await readLimited(res, o.maxBytes);
      bytesRead += text.length;
      if (!res.ok)
        throw new LangfuseError(
          "http",
          `Langfuse answered ${res.status} to ${method} ${url.pathname}: ${text.slice(0, 300)}`,
          res.status,
        );
      try {
        return text ? JSON.parse(text) : null;
      } catch {
        throw new LangfuseError("bad_reply", `Langfuse's reply to ${method} ${url.pathname} is not JSON.`);
      }
    }
  };
  return {
    baseUrl: base.href,
    get bytesRead() {
      return bytesRead;
    },
    get: (path, query) => send("GET", urlOf(path, query)),
    post: (path, body) => send("POST", urlOf(path), body),
  };
}

/** Retry-After in seconds or as an HTTP date; without one, 1 s, 2 s, 4 s … */
export function retryDelayMs(retryAfter: string | null, attempt: number, now = Date.now()): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return 1000 * 2 ** attempt;
}

async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new LangfuseError("too_large", `Langfuse's reply is ${declared} bytes; at most ${maxBytes} are read.`);
  }
  if (!res.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new LangfuseError("too_large", `Langfuse's reply is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
