import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { POST as postRuns } from "@/app/api/runs/route";
import { POST as postTraces } from "@/app/v1/traces/route";
import { GET as health } from "@/app/api/health/route";
import { generatedTrace, minimalTrace } from "@/lib/trace/test-traces";
import { validateTrace } from "@/lib/trace/validate-trace";
import { reloadConfig } from "./config";
import { ingestTrace } from "./ingest-trace";
import { endPool, pool } from "./pg-pool";
import { resetServerState } from "./reset-server-state";

// Security review M-1 and M-5 (checks 30, 32, 33): the database going away mid-request or
// altogether. Real Postgres; the outage is a DATABASE_URL that points at a closed port.
afterAll(async () => {
  await pool().end();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe("database faults", () => {
  it("a COPY whose backend is killed mid-stream fails the upload within seconds instead of hanging (M-1)", async () => {
    const trace = validateTrace(generatedTrace(40_000, 6, `copy-killed-${Date.now()}`));
    const killer = pool();
    let killed = 0;
    const hunting = (async () => {
      for (let i = 0; i < 600 && killed === 0; i++) {
        const { rowCount } = await killer.query(
          // Only this file's database: other test files run COPYs of their own side by side.
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE query LIKE 'COPY "steps"%' AND state = 'active' AND pid <> pg_backend_pid()
              AND datname = current_database()`,
        );
        killed = rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = Date.now();
    const outcome = await Promise.race([
      ingestTrace(trace).then(
        () => "stored",
        () => "failed",
      ),
      new Promise((resolve) => setTimeout(() => resolve("hung"), 30_000)),
    ]);
    await hunting;
    // If the COPY finished before the hunter found it, the run is simply stored; otherwise it must fail fast.
    if (killed) expect(outcome).toBe("failed");
    else expect(outcome).toBe("stored");
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(killed, "the hunter should catch the 40k-step COPY").toBeGreaterThan(0);
  });

  it("with the database down, uploads, OTLP exports and health answer 503 with Retry-After (M-5)", async () => {
    const saved = process.env.DATABASE_URL;
    await resetServerState();
    process.env.DATABASE_URL = `postgresql://postgres:x@127.0.0.1:${await freePort()}/down`;
    reloadConfig();
    try {
      const json = { "content-type": "application/json" };
      const upload = await postRuns(
        new Request("http://localhost/api/runs", {
          method: "POST",
          body: JSON.stringify(minimalTrace({ title: "db-down" })),
          headers: json,
        }),
      );
      expect(upload.status).toBe(503);
      expect(Number(upload.headers.get("retry-after"))).toBeGreaterThan(0);
      const span = {
        traceId: "0123456789abcdef0123456789abcdef",
        spanId: "00000000000000aa",
        name: "root",
        startTimeUnixNano: "1",
        endTimeUnixNano: "2",
      };
      const otlp = await postTraces(
        new Request("http://localhost/v1/traces", {
          method: "POST",
          body: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }),
          headers: json,
        }),
      );
      expect(otlp.status).toBe(503);
      expect(otlp.headers.get("retry-after")).not.toBeNull();
      expect((await health(new Request("http://localhost/api/health"))).status).toBe(503);
    } finally {
      await endPool();
      process.env.DATABASE_URL = saved;
      reloadConfig();
      await resetServerState();
    }
    expect((await health(new Request("http://localhost/api/health"))).status).toBe(200);
  });
});
