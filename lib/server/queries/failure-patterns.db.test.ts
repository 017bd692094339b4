import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { correctionPatterns } from "@/lib/patterns";
import { culpritUpstreamVictimLast } from "@/lib/attribution/test-graphs";
import { ingestUpload } from "../ingest-upload";
import { pool } from "../pg-pool";
import { queue } from "../queue";
import { readStoredReport } from "../read-report";
import { getFailurePatterns } from "./failure-patterns";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

const upload = async (trace: unknown, fileName = "run.json") =>
  (await ingestUpload({ bytes: Buffer.from(JSON.stringify(trace)), fileName })).runId;

/** The planted-figure toy run with its agents renamed and its own title and system. */
function inventedFigures(system: string, planner: string, writer: string) {
  const t = culpritUpstreamVictimLast();
  const rename = (a: string) => (a === "planner" ? planner : a === "writer" ? writer : a);
  return {
    ...t,
    run: { ...t.run, system, title: `figures by ${planner} (${system})` },
    agents: t.agents.map((a) => ({ ...a, name: rename(a.name) })),
    steps: t.steps.map((s) => ({ ...s, agent: rename(s.agent) })),
  };
}

/** An agent whose tool call fails and which then ends the run without an answer. */
function ignoredToolError(system: string, agent: string) {
  return {
    schema: "culprit.trace/v1",
    run: {
      title: `tool error by ${agent} (${system})`,
      task: "Report today's EUR to USD rate.",
      outcome: "failure",
      system,
      sourceFormat: "culprit",
    },
    agents: [{ name: agent }],
    steps: [
      { id: "a", agent, kind: "tool_call", tool: { name: "get_rate", arguments: { pair: "EURUSD" } } },
      {
        id: "b",
        agent,
        kind: "tool_result",
        status: "error",
        error: { message: "HTTP 500 from get_rate" },
        content: "error",
      },
      { id: "c", agent, kind: "final", content: "I was unable to determine the rate." },
    ],
    edges: [],
  };
}

describe("patterns by correction (real Postgres)", () => {
  it("the same mistake by two differently named agents is one pattern; two mistakes of one agent are two", async () => {
    const system = `correction-${Date.now()}`;
    const a = await upload(inventedFigures(system, "planner", "writer"));
    const b = await upload(inventedFigures(system, "strategist", "reporter"));
    const c = await upload(ignoredToolError(system, "planner"));
    const { patterns, totalFailed, failedRuns } = await getFailurePatterns({ system });
    expect(totalFailed).toBe(3);
    expect(failedRuns).toBe(3);
    expect(patterns).toHaveLength(2);
    const figures = patterns.find((p) => p.runIds.includes(a))!;
    expect(figures.runIds.sort()).toEqual([a, b].sort());
    expect(figures).toMatchObject({
      fixType: "ground-values-in-tool-output",
      agents: ["planner", "strategist"],
      count: 2,
    });
    expect(figures.share).toBeCloseTo(2 / 3);
    const tool = patterns.find((p) => p.runIds.includes(c))!;
    expect(tool).toMatchObject({
      fixType: "handle-tool-errors",
      agents: ["planner"],
      count: 1,
      verified: { tried: 0, flipped: 0 },
    });
    expect(tool.instruction).toMatch(/get_rate/);

    // A finished fix trial on a run shows on its pattern ("fix verified on 1 of 1 runs").
    await pool().query(
      `INSERT INTO fix_trials (id, "runId", agent, "fixType", instruction, source, status, runs, done, flipped)
       VALUES (gen_random_uuid(), $1, 'planner', 'handle-tool-errors', 'x', 'cli', 'done', 5, 5, 4)`,
      [c],
    );
    const after = await getFailurePatterns({ system });
    expect(after.patterns.find((p) => p.runIds.includes(c))!.verified).toEqual({ tried: 1, flipped: 1 });
  });

  it("count every failed run as the runs list does, and read only the signature columns", async () => {
    const dir = path.join(process.cwd(), "public/demo");
    const system = `patterns-${Date.now()}`;
    const runIds: string[] = [];
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      // Same demo runs under a system of this test's own, so other files' runs stay out of the page.
      const trace = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
      trace.run = { ...trace.run, system, title: `${trace.run?.title ?? file} (${system})` };
      runIds.push(await upload(trace, file));
    }
    const { rows } = await pool().query<{ runId: string; result: unknown; outcome: string; totalTokens: number }>(
      `SELECT a."runId", a.result, r.outcome, r."totalTokens" FROM analyses a JOIN runs r ON r.id = a."runId"
       WHERE a."runId" = ANY($1::uuid[]) AND a.status = 'done'`,
      [runIds],
    );
    const failed = rows.filter((r) => r.outcome === "failure");
    const { rows: listed } = await pool().query<{ n: string }>(
      `SELECT count(*) AS n FROM runs WHERE system = $1 AND outcome = 'failure'`,
      [system],
    );
    const patterns = await getFailurePatterns({ system });
    expect(patterns.totalFailed).toBe(Number(listed[0].n));
    expect(patterns.failedRuns).toBe(failed.length);
    const expected = correctionPatterns(
      failed.map((r) => {
        const report = readStoredReport(r.result)!.report;
        return { runId: r.runId, fix: report.fixes?.find((f) => f.role === "decisive") ?? null, tokens: r.totalTokens };
      }),
    );
    expect(patterns.patterns).toEqual(expected.patterns);

    // With the stored reports emptied, nothing changes: the page never reads them.
    await pool().query(`UPDATE analyses SET result = '{}'::jsonb WHERE "runId" = ANY($1::uuid[])`, [runIds]);
    expect(await getFailurePatterns({ system })).toEqual(patterns);
  });
});
