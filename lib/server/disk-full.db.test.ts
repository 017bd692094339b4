import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postRuns } from "@/app/api/runs/route";
import { POST as postTraces } from "@/app/v1/traces/route";
import { minimalTrace } from "@/lib/trace/test-traces";
import { startRouteServer } from "@/test/route-server";
import { reloadConfig } from "./config";
import { pool } from "./pg-pool";

// Security review check 32, over real HTTP to the real ingest routes on a real Postgres: with the
// free-space threshold set above what the test cluster's disk really has, an upload answers 507 and
// an OTLP export 503 (both with Retry-After), and nothing of either is stored.
let base = "";
let close: () => Promise<void>;

beforeAll(async () => {
  // The real cluster's folder (the test server's user is a superuser, so it may read the setting).
  const { rows } = await pool().query<{ data_directory: string }>("SHOW data_directory");
  process.env.CULPRIT_PG_DATA_DIR = rows[0].data_directory;
  ({ base, close } = await startRouteServer([
    { prefix: "/api/runs", handler: postRuns },
    { prefix: "/v1/traces", handler: postTraces },
  ]));
});
afterAll(async () => {
  await close();
  await pool().end();
});

const setMinFreeMb = (mb: number) => {
  process.env.CULPRIT_MIN_FREE_DISK_MB = String(mb);
  reloadConfig();
};
const count = async (table: string) =>
  Number((await pool().query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const span = {
  traceId: "fedcba9876543210fedcba9876543210",
  spanId: "00000000000000bb",
  name: "root",
  startTimeUnixNano: "1",
  endTimeUnixNano: "2",
};

describe("uploads while the database's disk is low", () => {
  it("refuses an upload with 507 and an OTLP export with 503, storing nothing", async () => {
    const runs = await count("runs");
    const batches = await count("otlp_span_batches");
    setMinFreeMb(1_000_000_000); // 1 PB: more than any disk this runs on
    const upload = await post("/api/runs", minimalTrace({ title: "disk-low" }));
    expect(upload.status).toBe(507);
    expect(Number(upload.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await upload.json()).error.code).toBe("insufficient_storage");
    const otlp = await post("/v1/traces", { resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] });
    expect(otlp.status).toBe(503);
    expect(otlp.headers.get("retry-after")).not.toBeNull();
    expect(await count("runs")).toBe(runs);
    expect(await count("otlp_span_batches")).toBe(batches);
  });

  it("stores the same upload once the threshold is below the free space", async () => {
    const runs = await count("runs");
    setMinFreeMb(1);
    const upload = await post("/api/runs", minimalTrace({ title: "disk-low" }));
    expect(upload.status).toBe(201);
    expect(await count("runs")).toBe(runs + 1);
  });
});
