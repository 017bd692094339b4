import { performance } from "node:perf_hooks";

/**
 * Overload turns into quick refusals instead of long queues (decision 0023). A Node server that gets
 * more requests than its one thread can render keeps accepting them, and every request then waits
 * behind all earlier ones: at twice its capacity, after 30 s each answer takes ~15 s, and clients that
 * gave up still cost their full render. This refuses a request at once (503 with Retry-After) when
 *  - `maxInFlight` requests are already being answered (the queue's length bounds the wait of the
 *    ones admitted: about maxInFlight × the CPU time of one request), or
 *  - the event loop is more than `maxLagMs` late (0: never; serve.mjs leaves it off by default, as
 *    a route's first request after a start legitimately blocks the loop for about a second while
 *    its modules load).
 * Exempt paths (the health check) are never refused: a supervisor must still see the process alive.
 */
export function loadShedder({
  maxInFlight,
  maxLagMs,
  sampleMs = 20,
  exempt = (url) => url === "/api/health" || url.startsWith("/api/health?"),
}) {
  let inFlight = 0;
  let lastLag = 0;
  let due = performance.now() + sampleMs;
  const timer =
    maxLagMs > 0
      ? setInterval(() => {
          const now = performance.now();
          lastLag = Math.max(0, now - due);
          due = now + sampleMs;
        }, sampleMs)
      : undefined;
  timer?.unref();

  /** How late the event loop is now: the last timer's delay, or longer if the next one is overdue. */
  const lag = () => (timer ? Math.max(lastLag, performance.now() - due) : 0);

  return {
    /** Counts the request and returns true, or answers it with 503 and returns false. */
    admit(req, res) {
      const free = exempt(req.url ?? "");
      if (!free && ((maxInFlight > 0 && inFlight >= maxInFlight) || (maxLagMs > 0 && lag() > maxLagMs))) {
        res.writeHead(503, {
          "content-type": "text/plain; charset=utf-8",
          "retry-after": "1",
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'",
        });
        res.end("The server is busy; try again in a moment.\n");
        return false;
      }
      inFlight++;
      res.once("close", () => {
        inFlight--;
      });
      return true;
    },
    get inFlight() {
      return inFlight;
    },
    lag,
    stop: () => clearInterval(timer),
  };
}
