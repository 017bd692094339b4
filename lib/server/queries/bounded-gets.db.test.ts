import { afterAll, describe, expect, it } from "vitest";
import { ingestUpload } from "../ingest-upload";
import { getComparison } from "./compare-runs";
import { getStepDetail, getStepDetailJson } from "../run-page/step-detail";
import { db } from "../db";
import { getSystemSpectrum } from "./system-spectrum";
import { pool } from "../pg-pool";
import { queue } from "../queue";
import { reloadConfig } from "@/lib/server/config";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

/** A failed run of `n` steps over 4 agents, with one failing tool step in the middle. */
function run(title: string, n: number, outcome = "failure") {
  const steps = Array.from({ length: n }, (_, i) => ({
    id: "s" + i,
    agent: "a" + (i % 4),
    kind: i === Math.floor(n / 2) ? "tool_result" : "message",
    content: `w${(i * 7919) % 9973} step ${i}`,
    ...(i === Math.floor(n / 2)
      ? { status: "error", error: { message: "boom" }, tool: { name: "t", result: "Traceback: error" } }
      : {}),
  }));
  const trace = {
    schema: "culprit.trace/v1",
    run: { title, system: "bounded", outcome },
    agents: [0, 1, 2, 3].map((i) => ({ name: "a" + i })),
    steps,
  };
  return ingestUpload({ bytes: new TextEncoder().encode(JSON.stringify(trace)) });
}

describe("bounded work behind GETs (F-11, real Postgres)", () => {
  it("finds one step's report without expanding the whole report", async () => {
    const { runId } = await run("detail", 50);
    for (const stepId of ["s0", "s25", "s49"]) {
      const detail = await getStepDetail({ runId, stepId });
      expect(detail?.step.id).toBe(stepId);
      expect((detail?.report as { stepId?: string } | null)?.stepId).toBe(stepId);
    }
    expect(await getStepDetail({ runId, stepId: "nope" })).toBeUndefined();
  });

  it("serves a cached step detail versioned by the newest finished analysis, and never for a deleted run", async () => {
    const { runId } = await run("detail-cache", 20);
    const first = await getStepDetailJson({ runId, stepId: "s3" });
    expect(JSON.parse(first!.json)).toEqual(JSON.parse(JSON.stringify(await getStepDetail({ runId, stepId: "s3" }))));
    const done = await db().analysis.findFirst({
      where: { runId, status: "done" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    expect(first!.version).toBe(done?.id ?? "none");
    expect((await getStepDetailJson({ runId, stepId: "s3" }))!.json).toBe(first!.json);
    expect(await getStepDetailJson({ runId, stepId: "nope" })).toBeUndefined();
    await db().run.delete({ where: { id: runId } });
    expect(await getStepDetailJson({ runId, stepId: "s3" })).toBeUndefined();
  });

  it("compares runs in a sandbox process and refuses pairs past the cell budget before loading them", async () => {
    const a = await run("cmp-a", 40);
    const b = await run("cmp-b", 41);
    const ok = await getComparison({ a: a.runId, b: b.runId });
    expect(ok.ok).toBe(true);
    process.env.CULPRIT_COMPARE_MAX_CELLS = String(40 * 41 - 1);
    reloadConfig();
    try {
      const refused = await getComparison({ a: a.runId, b: b.runId });
      expect(refused).toMatchObject({ ok: false, missing: [], tooLarge: expect.stringContaining("40 × 41 steps") });
    } finally {
      delete process.env.CULPRIT_COMPARE_MAX_CELLS;
      reloadConfig();
    }
  });

  it("reads whole runs, newest first, only up to the spectrum step budget", async () => {
    await run("spec-old", 30, "success");
    await run("spec-new", 30, "failure");
    const all = await getSystemSpectrum({ system: "bounded" });
    expect(all.runs.length).toBeGreaterThanOrEqual(2);
    // Behaviours carry the detectors the stored analyses fired (read from their detector-hits
    // column): the step whose tool call failed is named by the tool-failure detector.
    expect(all.result!.behaviours.map((b) => b.signature)).toContain("message [tool-failure]");
    process.env.CULPRIT_SPECTRUM_MAX_STEPS = "35";
    reloadConfig();
    try {
      const capped = await getSystemSpectrum({ system: "bounded" });
      expect(capped.runs.map((r) => r.title)).toEqual(["spec-new"]);
    } finally {
      delete process.env.CULPRIT_SPECTRUM_MAX_STEPS;
      reloadConfig();
    }
  });
});
