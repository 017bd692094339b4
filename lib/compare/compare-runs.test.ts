import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../attribution";
import { ZTrace, type TTrace } from "../trace/schema";
import { compareRuns } from "./compare-runs";
import { agentTotals } from "./blame-deltas";

const demo = ZTrace.parse(
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../../public/demo/pipeline-false-success.json"), "utf8")),
);

/** The demo pipeline where the sales API answered: the Researcher reports the true figure and the run succeeds. */
function repaired(trace: TTrace): TTrace {
  const steps = trace.steps.map((s) => {
    if (s.status === "error")
      return {
        ...s,
        status: "ok" as const,
        error: undefined,
        tool: s.tool && { ...s.tool, result: "Osaka South: 1385" },
      };
    return { ...s, content: s.content.replaceAll("1532", "1385").replaceAll("3672", "3525").replaceAll("608", "755") };
  });
  return { ...trace, run: { ...trace.run, outcome: "success" }, steps };
}

describe("compareRuns", () => {
  const fixed = repaired(demo);
  const cmp = compareRuns(
    { id: "a", trace: demo, report: analyzeTrace(demo) },
    { id: "b", trace: fixed, report: analyzeTrace(fixed) },
  );

  it("diverges first at the failing tool call", () => {
    const first = cmp.alignment.rows[cmp.alignment.firstDivergence!];
    const failing = demo.steps.find((s) => s.status === "error")!;
    expect(first.aStepId).toBe(failing.id);
    expect(first.status).toBe("changed");
  });

  it("puts both verdicts side by side", () => {
    expect(cmp.verdicts.a).toMatchObject({
      outcome: "failure",
      analyzed: true,
      steps: demo.steps.length,
      sourceFormat: "culprit",
    });
    expect(cmp.verdicts.a.culprit).not.toBeNull();
    expect(cmp.verdicts.b.outcome).toBe("success");
    expect(cmp.verdicts.a.tokens).toBe([...agentTotals(demo.steps).values()].reduce((s, t) => s + t.tokens, 0));
  });

  it("gives one blame row per agent, with deltas from A to B that match the reports", () => {
    expect(cmp.agents.map((r) => r.a)).toEqual(demo.agents.map((x) => x.name));
    const reportA = analyzeTrace(demo);
    const reportB = analyzeTrace(fixed);
    for (const row of cmp.agents) {
      const blameA = reportA.agents.find((x) => x.agent === row.a)?.blame ?? 0;
      const blameB = reportB.agents.find((x) => x.agent === row.b)?.blame ?? 0;
      expect(row.blameA).toBe(blameA);
      expect(row.delta).toBeCloseTo(blameB - blameA, 12);
      expect(row.stepsA).toBe(demo.steps.filter((s) => s.agent === row.a).length);
    }
    const culpritRow = cmp.agents.find((r) => r.a === cmp.verdicts.a.culprit)!;
    expect(culpritRow.roleA).toBe("culprit");
  });

  it("has null blame when a run has no analysis", () => {
    const noReport = compareRuns({ id: "a", trace: demo, report: null }, { id: "b", trace: fixed, report: null });
    expect(noReport.agents.every((r) => r.blameA === null && r.delta === null)).toBe(true);
    expect(noReport.verdicts.a.analyzed).toBe(false);
    expect(noReport.culpritChanged).toBe(false);
  });
});
