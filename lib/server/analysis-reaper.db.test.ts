import { afterAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/runs/route";
import { minimalTrace } from "@/lib/trace/test-traces";
import { validateTrace } from "@/lib/trace/validate-trace";
import { ingestTrace } from "./ingest-trace";
import { reapStuckAnalyses } from "./analysis-reaper";
import { performAnalysis } from "./analyze-run";
import { pool } from "./pg-pool";
import { queue } from "./queue";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

const upload = (trace: unknown) =>
  POST(
    new Request("http://localhost/api/runs", {
      method: "POST",
      body: JSON.stringify(trace),
      headers: { "content-type": "application/json" },
    }),
  );
const analyses = async (runId: string) =>
  (
    await pool().query<{ id: string; status: string }>(
      `SELECT id, status FROM analyses WHERE "runId" = $1 ORDER BY "createdAt"`,
      [runId],
    )
  ).rows;

describe("nothing lost between ingest and analysis (F-10, real Postgres)", () => {
  it("creates the queued analysis in the ingest transaction", async () => {
    const { runId, analysisId } = await ingestTrace(validateTrace(minimalTrace({ title: "atomic" })));
    expect(await analyses(runId)).toEqual([{ id: analysisId, status: "queued" }]);
  });

  it("re-queues an analysis a killed process left queued or running, and runs it once", async () => {
    const { runId, analysisId } = await ingestTrace(validateTrace(minimalTrace({ title: "killed after commit" })));
    // The process died right after the commit: the row is old and no job was ever sent.
    await pool().query(`UPDATE analyses SET "createdAt" = now() - interval '2 minutes' WHERE id = $1`, [analysisId]);
    expect(await reapStuckAnalyses()).toContain(analysisId);
    // A second reaper pass does not send it again while its job is fresh.
    expect(await reapStuckAnalyses()).not.toContain(analysisId);
    await performAnalysis(analysisId!);
    expect(await analyses(runId)).toEqual([{ id: analysisId, status: "done" }]);
    // A duplicate delivery of the same job is a no-op.
    await performAnalysis(analysisId!);
    expect(await analyses(runId)).toEqual([{ id: analysisId, status: "done" }]);

    const running = await ingestTrace(validateTrace(minimalTrace({ title: "killed while running" })));
    await pool().query(`UPDATE analyses SET status = 'running', "startedAt" = now() - interval '1 day' WHERE id = $1`, [
      running.analysisId,
    ]);
    expect(await reapStuckAnalyses()).toContain(running.analysisId);
    expect(await analyses(running.runId)).toEqual([{ id: running.analysisId, status: "queued" }]);
  });

  it("a running analysis whose heartbeat stopped is re-queued within a minute; a live one is left alone (M-6)", async () => {
    const dead = await ingestTrace(validateTrace(minimalTrace({ title: "heartbeat stopped" })));
    const live = await ingestTrace(validateTrace(minimalTrace({ title: "heartbeat fresh" })));
    // Both started long ago (a big run); only the dead one stopped writing its heartbeat 45 s ago.
    await pool().query(
      `UPDATE analyses SET status = 'running', "startedAt" = now() - interval '10 minutes',
         "heartbeatAt" = CASE WHEN id = $1 THEN now() - interval '45 seconds' ELSE now() - interval '5 seconds' END
       WHERE id IN ($1, $2)`,
      [dead.analysisId, live.analysisId],
    );
    const requeued = await reapStuckAnalyses();
    expect(requeued).toContain(dead.analysisId);
    expect(requeued).not.toContain(live.analysisId);
    // The job runs again and finishes; its heartbeat was written when it claimed the row.
    await performAnalysis(dead.analysisId!);
    const { rows } = await pool().query(
      `SELECT status, "heartbeatAt" IS NOT NULL AS beat FROM analyses WHERE id = $1`,
      [dead.analysisId],
    );
    expect(rows[0]).toEqual({ status: "done", beat: true });
  });

  it("uploading a stored but never analyzed run again queues its analysis", async () => {
    const trace = minimalTrace({ title: "re-upload me" });
    const first = await (await upload(trace)).json();
    // Simulate the crash window: the analysis row stayed queued and its process is gone.
    await pool().query(
      `UPDATE analyses SET status = 'queued', result = NULL, "createdAt" = now() - interval '2 minutes' WHERE "runId" = $1`,
      [first.runId],
    );
    const again = await upload(trace);
    expect(again.status).toBe(200);
    expect((await again.json()).created).toBe(false);
    const [row] = await analyses(first.runId);
    const { rows } = await pool().query(`SELECT "queuedAt" IS NOT NULL AS sent FROM analyses WHERE id = $1`, [row.id]);
    expect(rows[0].sent).toBe(true);
  });
});

describe("values Postgres rejects are stored, not a 500 (F-8, F-9)", () => {
  const base = () => minimalTrace({ title: "pg-values" }) as any;
  it.each([
    ["NUL in the title and task", (t: any) => ((t.run.title = "nul\u0000title"), (t.run.task = "a\u0000b"))],
    ["a lone surrogate in attributes", (t: any) => (t.steps[0].attributes = { k: "\ud800" })],
    ["year 0000", (t: any) => (t.steps[0].startTime = "0000-01-01T00:00:00Z")],
    ["an offset beyond ±15:59", (t: any) => (t.steps[0].startTime = "2025-01-01T00:00:00+23:00")],
    [
      "names that collide after cleaning",
      (t: any) => (
        (t.agents = [{ name: "a\u0000" }, { name: "a\ufffd" }]),
        (t.steps = [{ id: "s1", agent: "a\u0000", kind: "message", content: "x" }]),
        (t.edges = [])
      ),
    ],
    ["NUL in an imported label", (t: any) => (t.labels = [{ note: "x\u0000" }])],
  ])("%s", async (_label, mutate) => {
    const trace = base();
    mutate(trace);
    const res = await upload(trace);
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json.warnings.join(" ")).toMatch(/Stored with changes/);
  });

  it("keeps the instant of a timestamp with a UTC offset (timestamptz)", async () => {
    const trace = base();
    trace.run.title = "tz-shift";
    trace.steps[0].startTime = "2025-01-01T00:00:00+05:00";
    const { runId } = await (await upload(trace)).json();
    const { rows } = await pool().query(`SELECT "startTime" FROM steps WHERE "runId" = $1 AND idx = 0`, [runId]);
    expect((rows[0].startTime as Date).toISOString()).toBe("2024-12-31T19:00:00.000Z");
  });
});
