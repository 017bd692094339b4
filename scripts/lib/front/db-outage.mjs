/**
 * Pages answer 503 with Retry-After while the database is down (security review M-5): a page
 * cannot render without it, and a 500 error page tells neither people nor monitors to come back.
 * `probe()` (a `SELECT 1` on a connection of its own) runs every `everyMs` while requests arrive;
 * after a failed probe every request but the health check gets 503 at once, until a probe succeeds.
 * API routes answer 503 themselves too (lib/server/api-errors.ts); this covers pages.
 * `admitSoon` waits (at most `waitMs`) for a probe it started: the first request after the database
 * died gets its 503 too, instead of the 500 of a page that failed to render.
 */
export function dbOutageGate({
  probe,
  everyMs = 2000,
  waitMs = 500,
  exempt = (url) => url === "/api/health" || url.startsWith("/api/health?"),
}) {
  let down = false;
  let lastProbe = 0;
  let probing;
  const check = () => {
    if (probing || Date.now() - lastProbe < everyMs) return;
    lastProbe = Date.now();
    probing = probe()
      .then(
        () => {
          if (down) console.log("[serve] the database answers again");
          down = false;
        },
        (err) => {
          if (!down)
            console.error(`[serve] the database is unavailable: ${err instanceof Error ? err.message : String(err)}`);
          down = true;
        },
      )
      .finally(() => {
        probing = undefined;
      });
  };
  const refuse = (req, res) => {
    if (!down || exempt(req.url ?? "")) return true;
    res.writeHead(503, {
      "content-type": "text/plain; charset=utf-8",
      "retry-after": "5",
      "cache-control": "no-store",
    });
    res.end("The database is unavailable; try again shortly.\n");
    return false;
  };
  return {
    /** True when the request may go on; otherwise it was answered with 503. */
    admit(req, res) {
      check();
      return refuse(req, res);
    },
    /** As `admit`, after the probe in flight (if any) has answered or `waitMs` has passed. */
    async admitSoon(req, res) {
      check();
      if (probing && !exempt(req.url ?? "")) {
        let timer;
        await Promise.race([probing, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
        clearTimeout(timer);
      }
      return refuse(req, res);
    },
    get down() {
      return down;
    },
    /** Resolves when a probe in flight has finished (tests). */
    settled: () => probing ?? Promise.resolve(),
  };
}
