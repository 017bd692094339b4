import { randomUUID } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { validateTrace } from "@/lib/trace/validate-trace";
import { generatedTrace } from "@/lib/trace/test-traces";
import { ingestTrace } from "../ingest-trace";
import { performAnalysis } from "../analyze-run";
import { db } from "../db";
import { pool } from "../pg-pool";
import { getRunPageBodyBytes, getRunPageView } from "./body";
import { getRunPageShell } from "./shell";

afterAll(async () => {
  await pool().end();
});

async function analyse(runId: string) {
  const analysis = await db().analysis.create({
    data: { id: randomUUID(), runId, status: "queued", engineVersion: "pending" },
  });
  await performAnalysis(analysis.id);
  return analysis.id;
}

/** Decision 0019: the page renders the shell, the browser fetches the body; together they are the page's data. */
describe("run page shell and body (real Postgres)", () => {
  it("shell + served body = the page data; a new analysis is a new version; a deleted run is gone from both", async () => {
    const { runId } = await ingestTrace(validateTrace(generatedTrace(40, 3, `body-${randomUUID()}`)));
    const first = await analyse(runId);
    await db().humanLabel.create({
      data: { id: randomUUID(), runId, agent: "agent_1", author: "tester", note: "wrong total" },
    });

    const shell = (await getRunPageShell({ runId }))!;
    expect(shell.bodyVersion).toBe(first);
    expect(shell.hasReport).toBe(true);
    expect(shell.shell.analysis).toMatchObject({ id: first, status: "done" });
    // Timestamps are ISO instants (UTC), as Prisma returned them before the shell became one query.
    const stored = await db().analysis.findUniqueOrThrow({ where: { id: first } });
    expect(shell.shell.analysis!.createdAt).toBe(stored.createdAt.toISOString());
    const label = await db().humanLabel.findFirstOrThrow({ where: { runId } });
    expect(shell.shell.labels).toEqual([
      {
        id: label.id,
        agent: "agent_1",
        stepId: null,
        note: "wrong total",
        author: "tester",
        imported: false,
        createdAt: label.createdAt.toISOString(),
      },
    ]);

    const served = (await getRunPageBodyBytes({ runId }))!;
    const body = JSON.parse(served.bytes.toString("utf8"));
    expect({ ...shell.shell, ...body }).toEqual(JSON.parse(JSON.stringify(await getRunPageView({ runId }))));
    expect(body.steps).toHaveLength(40);
    expect(served.version).toBe(`${first}:0-39`);

    // Decision 0023: the same body compressed once per coding, same version, decoding to the same bytes.
    const br = (await getRunPageBodyBytes({ runId, coding: "br" }))!;
    const gz = (await getRunPageBodyBytes({ runId, coding: "gzip" }))!;
    expect([br.coding, br.version, gz.coding, gz.version]).toEqual(["br", served.version, "gzip", served.version]);
    expect(brotliDecompressSync(br.bytes).equals(served.bytes)).toBe(true);
    expect(gunzipSync(gz.bytes).equals(served.bytes)).toBe(true);
    expect(br.bytes.length).toBeLessThan(served.bytes.length / 4);

    // Re-analysis: the shell names the new version and the body follows it (no stale cached report).
    const second = await analyse(runId);
    expect((await getRunPageShell({ runId }))!.bodyVersion).toBe(second);
    expect((await getRunPageBodyBytes({ runId }))!.version).toBe(`${second}:0-39`);
    // Its compressed copy follows too: keyed by the version, never the old analysis's bytes.
    const brAgain = (await getRunPageBodyBytes({ runId, coding: "br" }))!;
    expect(brAgain.version).toBe(`${second}:0-39`);
    expect(brotliDecompressSync(brAgain.bytes).equals((await getRunPageBodyBytes({ runId }))!.bytes)).toBe(true);

    // A deleted run: its cached body is never served again.
    await db().run.delete({ where: { id: runId } });
    expect(await getRunPageShell({ runId })).toBeUndefined();
    expect(await getRunPageBodyBytes({ runId })).toBeUndefined();
    expect(await getRunPageBodyBytes({ runId, coding: "br" })).toBeUndefined();
  }, 120_000);

  it("a run whose analysis has not finished: the shell shows it queued, the body has no report", async () => {
    const { runId } = await ingestTrace(validateTrace(generatedTrace(12, 2, `body-none-${randomUUID()}`)));
    const shell = (await getRunPageShell({ runId }))!;
    // Ingest queues the analysis; nothing has run it here.
    expect(shell).toMatchObject({
      bodyVersion: "none",
      hasReport: false,
      shell: { analysis: { status: "queued", finishedAt: null }, labels: [] },
    });
    const body = JSON.parse((await getRunPageBodyBytes({ runId }))!.bytes.toString("utf8"));
    expect(body.report).toBeNull();
    expect(body.steps).toHaveLength(12);
  });
});
