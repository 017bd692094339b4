import { ReplayError } from "./replay-error";

/** Exponential backoff delay for attempt `n` (0-based), capped. */
export function backoffDelay(baseMs: number, attempt: number, capMs = 10_000): number {
  return Math.min(capMs, baseMs * 2 ** attempt);
}

/** Sleeps `ms`, rejecting with a `cancelled` ReplayError as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ReplayError("cancelled", "the verification was cancelled"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ReplayError("cancelled", "the verification was cancelled"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
