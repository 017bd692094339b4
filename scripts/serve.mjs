#!/usr/bin/env node
/**
 * The production web server: Next's request handler behind a small front (decision 0023), started by
 * `npm start` (scripts/start.mjs) and the e2e server in place of `next start`, with the same
 * arguments: `node scripts/serve.mjs -p <port> -H <host>`.
 * The front, per request, before Next sees it:
 *  1. static build files (/_next/static, content-addressed) answered compressed once, from memory;
 *  2. load shedding: 503 + Retry-After when CULPRIT_SHED_INFLIGHT requests are in flight or (when
 *     set) the event loop is CULPRIT_SHED_LAG_MS late (never for /api/health);
 *  3. the client's address from the socket (X-Forwarded-For only from CULPRIT_TRUSTED_PROXIES), for
 *     the sign-in limits (lib/server/auth/client-address.mjs);
 *  4. while the database is down (a probe every 2 s while requests arrive), 503 + Retry-After for
 *     everything but /api/health, instead of error pages;
 *  5. a route's pre-compressed body (the run page body, cached compressed) let through as such.
 * Everything else (proxy.ts, security headers, routes, pages, Next's own compression of dynamic
 * responses) is Next's, unchanged.
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseTrustedProxies, stampClientAddress } from "../lib/server/auth/client-address.mjs";
import { markFrontServerPresent } from "../lib/server/http/content-coding.mjs";
import pg from "pg";
import { dbOutageGate } from "./lib/front/db-outage.mjs";
import { loadShedder } from "./lib/front/load-shed.mjs";
import { translatePrecompressedHeader } from "./lib/front/precompressed.mjs";
import { staticFileCache } from "./lib/front/static-files.mjs";

process.env.NODE_ENV = "production";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const port = Number(arg("-p", process.env.PORT ?? "3000"));
const host = arg("-H", process.env.CULPRIT_HOST ?? "127.0.0.1");
// Parsed and bounded by lib/server/config.ts (scripts/check-config.ts stops `npm start` on a bad value).
const envInt = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);

const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname: host, port });
const handle = app.getRequestHandler();
await app.prepare();
markFrontServerPresent();

const statics = staticFileCache({ root: path.join(root, ".next/static") });
const shed = loadShedder({
  maxInFlight: envInt("CULPRIT_SHED_INFLIGHT", 128),
  maxLagMs: envInt("CULPRIT_SHED_LAG_MS", 0),
});

const trustedProxies = parseTrustedProxies(process.env.CULPRIT_TRUSTED_PROXIES);
const databaseUrl = process.env.DATABASE_URL;
const outage = databaseUrl
  ? dbOutageGate({
      probe: async () => {
        // A connection of its own, not the app's pool: the probe must not wait behind busy requests.
        // A database that is down refuses at once; 10 s only tells a hung one from a slow one (a 2 s
        // bound turned pages into 503s on a loaded 2-core machine while the database was fine).
        const client = new pg.Client({
          connectionString: databaseUrl,
          connectionTimeoutMillis: 10_000,
          application_name: "culprit-probe",
        });
        try {
          await client.connect();
          await client.query("SELECT 1");
        } finally {
          await client.end().catch(() => {});
        }
      },
    })
  : undefined;

const server = http.createServer((req, res) => {
  stampClientAddress(req, trustedProxies);
  statics
    .serve(req, res)
    .then(async (served) => {
      if (served || !shed.admit(req, res) || (outage && !(await outage.admitSoon(req, res)))) return;
      translatePrecompressedHeader(res);
      return handle(req, res);
    })
    .catch((err) => {
      console.error("[serve]", err);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end();
    });
});
server.listen(port, host, () =>
  console.log(`[serve] ready on http://${host.includes(":") ? `[${host}]` : host}:${port}`),
);

const stop = () => {
  shed.stop();
  // Requests in flight finish; idle keep-alive sockets do not hold the process; 10 s at most.
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
