import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateTrace } from "@/lib/trace/validate-trace";
import { generatedTrace } from "@/lib/trace/test-traces";
import { toViewEdges } from "@/lib/view/view-edges";
import { PAGE_ALL_STEPS_MAX, PAGE_WINDOW_STEPS } from "@/lib/view/step-window";
import { ingestTrace } from "../ingest-trace";
import { performAnalysis } from "../analyze-run";
import { db } from "../db";
import { pool } from "../pg-pool";
import { getRunPageView } from "./body";

afterAll(async () => {
  await pool().end();
});

async function analysedRun(steps: number, agents: number, title: string) {
  const trace = validateTrace(generatedTrace(steps, agents, title));
  const { runId } = await ingestTrace(trace);
  const analysis = await db().analysis.create({
    data: { id: randomUUID(), runId, status: "queued", engineVersion: "pending" },
  });
  await performAnalysis(analysis.id);
  return { runId, trace };
}

/**
 * The page's data is serialized into the HTML twice at most (RSC payload in script strings, with
 * escaping); 1.5 MB of JSON keeps the page's HTML + data for the first view under the 2 MB budget.
 */
const PAGE_JSON_BUDGET = 1_500_000;

/**
 * The large run both window tests read. Any run over PAGE_ALL_STEPS_MAX ships a window; 8k steps
 * over 8 agents fill the payload's bounds the same as the 40k-step run these tests used to ingest
 * (400 density bins per lane, the 1,500-step window, the 500 off-window briefs: 691 kB against 696
 * kB of JSON) at a fifth of the ingest and analysis time (issue 13). The 40k run's propagation
 * path was long enough to be cut (4,473 entries); that cut is tested on its own in
 * lib/view/step-window.test.ts.
 */
const LARGE_STEPS = 8_000;
let large: Awaited<ReturnType<typeof analysedRun>>;
beforeAll(async () => {
  large = await analysedRun(LARGE_STEPS, 8, "payload-large");
}, 240_000);

describe("getRunPageView payload (real Postgres)", () => {
  it("ships a bounded window of a large run, consistent with the full trace", async () => {
    const { runId, trace } = large;
    const data = (await getRunPageView({ runId }))!;
    const bytes = Buffer.byteLength(JSON.stringify(data));
    expect(bytes).toBeLessThan(PAGE_JSON_BUDGET);
    expect(data.window?.total).toBe(LARGE_STEPS);
    expect(data.steps.length).toBe(PAGE_WINDOW_STEPS);
    // The window is the run's steps offset..offset+n, in order.
    const offset = data.window!.offset;
    expect(data.steps.map((s) => s.id)).toEqual(trace.steps.slice(offset, offset + data.steps.length).map((s) => s.id));
    // The default window holds the decisive step.
    const decisive = data.report?.decisive?.stepId;
    expect(decisive).toBeTruthy();
    expect(data.steps.some((s) => s.id === decisive)).toBe(true);
    // Edges keep the engine's ids and join shipped steps only.
    const fullEdges = new Map(toViewEdges(trace.steps, trace.edges).map((e) => [e.id, e]));
    const shipped = new Set(data.steps.map((s) => s.id));
    expect(data.edges.length).toBeGreaterThan(0);
    for (const e of data.edges) {
      expect(shipped.has(e.from) && shipped.has(e.to)).toBe(true);
      expect({ from: e.from, to: e.to, kind: e.kind }).toEqual({
        from: fullEdges.get(e.id)?.from,
        to: fullEdges.get(e.id)?.to,
        kind: fullEdges.get(e.id)?.kind,
      });
    }
    // The density accounts for every step and every failed step of the run, per agent.
    const density = data.window!.density;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(density.lanes.map((l) => sum(l.steps)))).toBe(LARGE_STEPS);
    expect(sum(density.lanes.map((l) => sum(l.errors)))).toBe(trace.steps.filter((s) => s.status === "error").length);
    for (const lane of density.lanes)
      expect(sum(lane.steps)).toBe(trace.steps.filter((s) => s.agent === lane.agent).length);
    // Agents mode's whole-run links count every edge between two different agents.
    const agentOf = new Map(trace.steps.map((s) => [s.id, s.agent]));
    expect(sum(data.window!.agentLinks.map((l) => l.count))).toBe(
      trace.edges.filter((e) => agentOf.get(e.from) !== agentOf.get(e.to)).length,
    );
  });

  it("loads the window of a brushed range, or around a selected step", async () => {
    const { runId, trace } = large;
    const ranged = (await getRunPageView({ runId, focus: { range: [4_000, 4_100] } }))!;
    expect(ranged.window?.offset).toBe(4_000);
    expect(ranged.steps[0].id).toBe(trace.steps[4_000].id);
    // A step near the end: its window ends at the run's last step.
    const nearEnd = trace.steps[LARGE_STEPS - 10].id;
    const around = (await getRunPageView({ runId, focus: { stepId: nearEnd } }))!;
    expect(around.steps.some((s) => s.id === nearEnd)).toBe(true);
    expect(around.window!.offset + around.steps.length).toBe(LARGE_STEPS);
  });

  it("ships small runs whole", async () => {
    const { runId } = await analysedRun(PAGE_ALL_STEPS_MAX, 4, "payload-small");
    const data = (await getRunPageView({ runId }))!;
    expect(data.window).toBeUndefined();
    expect(data.steps.length).toBe(PAGE_ALL_STEPS_MAX);
  }, 120_000);
});
