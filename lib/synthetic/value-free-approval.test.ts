/**
 * A rubber stamp that restates no value ("Looks good to me, approved.") passes on a value an
 * earlier agent got wrong without writing it: the generator produces such approvals, and the
 * engine marks the reviewer as a missed check, never as the origin of the wrong value.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../attribution/analyze-trace";
import { importTrace } from "../importers";
import { generateSuite } from "./index";

describe("approvals that restate no value", () => {
  const runs = generateSuite(144, "value-free-approval").filter((r) => r.label.rubberStampAgent);
  const cases = runs
    .map((r) => ({ run: r, trace: importTrace(JSON.stringify(r.otlp)).trace }))
    .filter(({ run, trace }) => {
      const approvals = trace.steps.filter((s) => s.agent === run.label.rubberStampAgent && s.kind !== "agent");
      return approvals.length > 0 && approvals.every((s) => !/\d/.test(s.content));
    });

  it("are generated on failing runs", () => {
    expect(cases.length).toBeGreaterThanOrEqual(3);
  });

  it("mark the reviewer as a missed check, not the culprit", () => {
    const wrong: string[] = [];
    for (const { run, trace } of cases) {
      const report = analyzeTrace(trace);
      const reviewer = report.agents.find((a) => a.agent === run.label.rubberStampAgent);
      if (report.decisive?.agent === run.label.rubberStampAgent || reviewer?.role === "culprit")
        wrong.push(`${run.file}: reviewer named the culprit`);
      else if (reviewer?.role !== "missed-check") wrong.push(`${run.file}: reviewer is ${reviewer?.role}`);
    }
    expect(wrong).toEqual([]);
  });
});
