/**
 * Small numbers with a fractional part are measurements: a prose restatement of a tool's 7.35 as
 * 3.75 is an introduced value like any other, while small integers (list markers, counts) and small
 * decimals typed into code (thresholds, weights) stay outside the check. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";

const make = (steps: TTraceInput["steps"], finalAnswer: string) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Report the nitrate level of plot K in mg/L.", finalAnswer },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
  });

const probe = {
  id: "p1",
  agent: "Sampler",
  kind: "tool_call" as const,
  tool: { name: "soil_probe", arguments: { plot: "K" }, result: "plot K nitrate: 7.35 mg/L" },
};

describe("a small decimal restated wrongly in prose", () => {
  const t = make(
    [
      probe,
      { id: "m1", agent: "Sampler", kind: "message", content: "Plot K reads 3.75 mg/L of nitrate." },
      { id: "m2", agent: "Summarizer", kind: "final", content: "Nitrate at plot K: 3.75 mg/L." },
    ],
    "3.75 mg/L",
  );
  const r = analyzeTrace(t);
  it("is where the wrong value entered", () => {
    expect(r.decisive?.agent).toBe("Sampler");
    expect(r.decisive?.stepId).toBe("m1");
    expect(r.decision?.wrongValues).toContain("n:3.75");
  });
});

describe("small decimals typed into code", () => {
  const t = make(
    [
      probe,
      {
        id: "c1",
        agent: "Sampler",
        kind: "message",
        content: "```python\nthreshold = 0.35\nprint(7.35 > threshold)\n```",
      },
      { id: "m2", agent: "Summarizer", kind: "final", content: "Nitrate at plot K: 7.35 mg/L, threshold 0.35." },
    ],
    "7.35 mg/L, threshold 0.35",
  );
  it("are constants of the method, not introduced values", () => {
    const r = analyzeTrace(t);
    expect(r.decision?.wrongValues ?? []).not.toContain("n:0.35");
  });
});

describe("a whole number written with decimals", () => {
  const failed = {
    id: "p1",
    agent: "Sampler",
    kind: "tool_call" as const,
    tool: { name: "soil_probe", arguments: { plot: "K" }, result: "ERROR: no reading for plot K" },
  };
  const reading = (value: string) =>
    make(
      [
        failed,
        { id: "m1", agent: "Sampler", kind: "message", content: `Plot K reads ${value} of nitrate.` },
        { id: "m2", agent: "Summarizer", kind: "final", content: `Nitrate at plot K: ${value}.` },
      ],
      value,
    );
  it("is a measurement: 2.00 stated after a failed probe is where the value entered", () => {
    const r = analyzeTrace(reading("2.00"));
    expect(r.decision?.rule).toBe("value-provenance");
    expect(r.decisive?.stepId).toBe("m1");
    expect(r.decision?.wrongValues).toContain("n:2");
  });
  it("while a bare 2 stays a count, outside the check", () => {
    expect(analyzeTrace(reading("2")).decision?.wrongValues ?? []).not.toContain("n:2");
  });
});
