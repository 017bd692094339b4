import { afterAll, describe, expect, it } from "vitest";
import { ingestUpload } from "../ingest-upload";
import { pool } from "../pg-pool";
import { queue } from "../queue";
import { getSystemBudget, getSystemMetricsRows } from "./system-budget";
import { listRuns } from "./list-runs";
import { metricsCsv } from "@/lib/view/metrics-csv";
import { parseRunListParams } from "@/lib/runs/list-params";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

const SYSTEM = `budget-sys-${Date.now()}`;

/** A small run of one system spending `tokens` in all: a worker computes, a reviewer approves without checking. */
function run(i: number, tokens: number, success: boolean) {
  return {
    schema: "culprit.trace/v1",
    run: {
      title: `budget run ${i}`,
      system: SYSTEM,
      outcome: success ? "success" : "failure",
      task: "Sum the quarterly sales.",
    },
    agents: [{ name: "Worker" }, { name: "Reviewer", role: "reviewer" }],
    steps: [
      {
        id: "t",
        agent: "Worker",
        kind: "tool_call",
        tool: { name: "sql", result: String(1000 + i) },
        content: String(1000 + i),
        status: "ok",
        tokens: { total: 10 },
      },
      {
        id: "w",
        agent: "Worker",
        kind: "llm",
        content: `The total is ${success ? 1000 + i : 7 + i * 13}.`,
        tokens: { input: tokens - 30, output: 10 },
      },
      { id: "r", agent: "Reviewer", kind: "llm", content: "Approved, looks good.", tokens: { total: 10 } },
    ],
    edges: [
      { from: "t", to: "w", kind: "message" },
      { from: "w", to: "r", kind: "message" },
    ],
  };
}

describe("system budget view, metrics CSV and trajectory columns (real Postgres)", () => {
  it("fits outcome against tokens over 20 runs, lists agents across runs and exports one CSV row per run", async () => {
    // Spend decides the outcome except for two runs, so the fit is strong but not perfect.
    for (let i = 0; i < 20; i++) {
      const tokens = Math.round(500 * 1.25 ** i);
      const success = i >= 10 !== (i === 4 || i === 15);
      await ingestUpload({ bytes: Buffer.from(JSON.stringify(run(i, tokens, success))), fileName: `r${i}.json` });
    }
    const budget = await getSystemBudget(SYSTEM);
    expect(budget.runs).toHaveLength(20);
    expect(budget.withoutTrajectory).toBe(0);
    expect(budget.runs.find((r) => r.title === "budget run 0")?.tokens).toBe(500);
    expect(budget.fit?.n).toBe(20);
    expect(budget.fit!.slope).toBeGreaterThan(0);
    expect(budget.fit!.pseudoR2).toBeGreaterThan(0.2);
    expect(budget.agents.map((a) => a.agent).sort()).toEqual(["Reviewer", "Worker"]);
    expect(budget.agents.every((a) => a.runs === 20)).toBe(true);

    const rows = await getSystemMetricsRows(SYSTEM);
    expect(rows).toHaveLength(20);
    const csv = metricsCsv(rows).trim().split("\r\n");
    expect(csv).toHaveLength(21);
    const header = csv[0].split(",");
    const run0 = csv.find((l) => l.includes("budget run 0,"))!.split(",");
    expect(run0[header.indexOf("tokens_total")]).toBe("500");
    expect(run0[header.indexOf("rubber_stamps")]).toBe("1");

    // Both read only the analyses' summary columns: with the stored reports emptied, nothing changes.
    await pool().query(
      `UPDATE analyses SET result = '{}'::jsonb WHERE "runId" IN (SELECT id FROM runs WHERE system = $1)`,
      [SYSTEM],
    );
    expect(await getSystemBudget(SYSTEM)).toEqual(budget);
    expect(await getSystemMetricsRows(SYSTEM)).toEqual(rows);
  });

  it("the runs list filters on a trajectory flag and sorts by verification cost", async () => {
    const flagged = await listRuns(parseRunListParams({ system: SYSTEM, flag: "rubber-stamp" }));
    expect(flagged.total).toBe(20);
    expect(flagged.runs.every((r) => r.flagKinds?.includes("rubber-stamp"))).toBe(true);
    const none = await listRuns(parseRunListParams({ system: SYSTEM, flag: "stale-read" }));
    expect(none.total).toBe(0);
    const sorted = await listRuns(parseRunListParams({ system: SYSTEM, sort: "verification", dir: "desc" }));
    const costs = sorted.runs.map((r) => r.verificationCost!);
    expect(costs.every((c) => c > 0)).toBe(true);
    expect([...costs].sort((a, b) => b - a)).toEqual(costs);
  });
});
