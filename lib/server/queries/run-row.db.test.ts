import { afterAll, describe, expect, it } from "vitest";
import { validateTrace } from "@/lib/trace/validate-trace";
import { minimalTrace } from "@/lib/trace/test-traces";
import { parseRunListParams } from "@/lib/runs/list-params";
import { RUN_DETAIL_FIELDS, RUN_SUMMARY_FIELDS } from "@/lib/view/run-row";
import { ingestTrace } from "../ingest-trace";
import { pool } from "../pg-pool";
import { listRuns } from "./list-runs";
import { getRunPageView } from "../run-page/body";
import { listCompareSuggestions } from "./compare-suggestions";

afterAll(async () => {
  await pool().end();
});

describe("the run row the pages get (real Postgres)", () => {
  it("carries exactly the fields named in run-row.ts, from the stored run, dates as ISO strings", async () => {
    const title = `run-row ${Date.now()}`;
    const trace = validateTrace(
      minimalTrace({ title, startedAt: "2026-03-01T10:00:00.000Z", endedAt: "2026-03-01T10:04:12.500Z" }),
    );
    const { runId } = await ingestTrace(trace);

    const { runs } = await listRuns(parseRunListParams({ q: title }));
    expect(runs).toHaveLength(1);
    const row = runs[0];
    // The list's SQL selects what the type names: the summary fields plus the newest analysis's columns.
    expect(Object.keys(row).sort()).toEqual(
      [
        ...RUN_SUMMARY_FIELDS,
        "culprit",
        "interaction",
        "analysisStatus",
        "verificationCost",
        "redundancyShare",
        "flagKinds",
      ].sort(),
    );
    expect(row).toMatchObject({
      id: runId,
      title,
      system: "test",
      outcome: "failure",
      startedAt: "2026-03-01T10:00:00.000Z",
      endedAt: "2026-03-01T10:04:12.500Z",
      totalTokens: 12,
    });
    expect(typeof row.createdAt).toBe("string");

    const page = await getRunPageView({ runId });
    expect(Object.keys(page!.run).sort()).toEqual([...RUN_DETAIL_FIELDS, "warnings"].sort());
    for (const f of RUN_SUMMARY_FIELDS) expect(page!.run[f], f).toEqual(row[f]);
    expect(page!.run).toMatchObject({ task: "say hi", edgeCount: 1, groundTruth: null });

    const suggestion = (await listCompareSuggestions({ limit: 200 })).find((s) => s.id === runId);
    expect(suggestion).toMatchObject({ title, createdAt: row.createdAt, reason: "recent" });
  });
});
