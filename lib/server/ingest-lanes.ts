import "server-only";
import { ApiError } from "./api-errors";
import type { Caller } from "./http/define-route";
import { keyedQueue } from "./keyed-queue";

/**
 * One import in flight per caller (API key, person, or the local user), the rest of that caller's
 * uploads waiting in arrival order (security review M-2). The sandbox threads then serve callers
 * in turn: one client's burst of hostile or huge uploads waits behind itself, not in front of
 * everyone else's. Past MAX_WAITING waiting uploads a caller gets 429 with Retry-After.
 * Requests wait before their body is read, so a waiting upload holds a socket, not its bytes.
 */
const MAX_WAITING = 64;
const lanes = keyedQueue();
const waiting = new Map<string, number>();

export function callerKey(caller: Caller | null): string {
  if (!caller) return "anonymous";
  if (caller.kind === "api-key") return caller.keyId ? `key:${caller.keyId}` : "key:bootstrap";
  return caller.userId ? `user:${caller.userId}` : "local";
}

export async function inCallerLane<T>(caller: Caller | null, task: () => Promise<T>): Promise<T> {
  const key = callerKey(caller);
  const n = waiting.get(key) ?? 0;
  if (n >= MAX_WAITING)
    throw new ApiError(429, "too_many_uploads", `${MAX_WAITING} uploads of this caller are already waiting; send fewer at once.`, {}, { "retry-after": "5" });
  waiting.set(key, n + 1);
  try {
    return await lanes([key], task);
  } finally {
    const left = (waiting.get(key) ?? 1) - 1;
    if (left > 0) waiting.set(key, left);
    else waiting.delete(key);
  }
}
