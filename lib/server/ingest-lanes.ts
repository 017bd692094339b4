import "server-only";
import { ApiError } from "./api-errors";
import type { Caller } from "./http/define-route";
import { keyedQueue } from "./keyed-queue";

/**
 * One import in flight per caller (API key, person, or the local user), the rest of that caller's
 * uploads waiting in arrival order (security review M-2). The sandbox processes then serve callers
 * in turn: one client's burst of hostile or huge uploads waits behind itself, not in front of
 * everyone else's. Past MAX_WAITING waiting uploads a caller gets 429 with Retry-After.
 * Requests wait before their body is read, so a waiting upload holds a socket, not its bytes.
 */
const MAX_WAITING = 64;
const lanes = keyedQueue();
const waiting = new Map<string, number>();

/**
 * Large uploads (a declared body of 5 MB or more, or no declared size) also pass one gate for all
 * callers: at most LARGE_AT_ONCE are read and stored at a time, the next LARGE_WAITING wait, more
 * get 503 with Retry-After. Storing a big run still costs the web server's event loop some work
 * (receiving the imported trace, encoding COPY rows), and twenty at once made /api/health wait
 * seconds (review M-3 item 3).
 */
const LARGE_BYTES = 5 * 1024 * 1024;
const LARGE_AT_ONCE = 2;
const LARGE_WAITING = 32;
let largeRunning = 0;
const largeQueue: Array<() => void> = [];

function isLarge(req: Request): boolean {
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  return !Number.isFinite(declared) || declared >= LARGE_BYTES;
}

async function throughLargeGate<T>(task: () => Promise<T>): Promise<T> {
  if (largeRunning >= LARGE_AT_ONCE) {
    if (largeQueue.length >= LARGE_WAITING)
      throw new ApiError(
        503,
        "busy",
        "Too many large uploads at once; try again shortly.",
        {},
        { "retry-after": "10" },
      );
    await new Promise<void>((resolve) => largeQueue.push(resolve));
  }
  largeRunning++;
  try {
    return await task();
  } finally {
    largeRunning--;
    largeQueue.shift()?.();
  }
}

export function callerKey(caller: Caller | null): string {
  if (!caller) return "anonymous";
  if (caller.kind === "api-key") return caller.keyId ? `key:${caller.keyId}` : "key:bootstrap";
  return caller.userId ? `user:${caller.userId}` : "local";
}

export async function inCallerLane<T>(caller: Caller | null, task: () => Promise<T>, req?: Request): Promise<T> {
  const key = callerKey(caller);
  const n = waiting.get(key) ?? 0;
  if (n >= MAX_WAITING)
    throw new ApiError(
      429,
      "too_many_uploads",
      `${MAX_WAITING} uploads of this caller are already waiting; send fewer at once.`,
      {},
      { "retry-after": "5" },
    );
  waiting.set(key, n + 1);
  try {
    return await lanes([key], () => (req && isLarge(req) ? throughLargeGate(task) : task()));
  } finally {
    const left = (waiting.get(key) ?? 1) - 1;
    if (left > 0) waiting.set(key, left);
    else waiting.delete(key);
  }
}
