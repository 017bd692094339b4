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

describe("a small decimal that a marker or a count writes whole", () => {
  const misquoted = (result: string, said: string) =>
    make(
      [
        { ...probe, tool: { ...probe.tool, result } },
        { id: "m1", agent: "Sampler", kind: "message", content: `Plot K reads ${said} mg/L of nitrate.` },
        { id: "m2", agent: "Summarizer", kind: "final", content: `Nitrate at plot K: ${said} mg/L.` },
      ],
      `${said} mg/L`,
    );
  it("has no source there: 1.10 misquoted as 1.00 beside 'exitcode: 1' is where the value entered", () => {
    const r = analyzeTrace(misquoted("exitcode: 1\nplot K nitrate: 1.10 mg/L", "1.00"));
    expect(r.decisive?.stepId).toBe("m1");
    expect(r.decision?.wrongValues).toContain("n:1");
  });
  it("while the same number written whole under the claim's label is its source (a JSON number drops zeros)", () => {
    const r = analyzeTrace(misquoted('exitcode: 0\n{"plot": "K", "nitrate_mg_l": 1}', "1.00"));
    expect(r.decision?.wrongValues ?? []).not.toContain("n:1");
  });
  it("while the label may stand after the number on either side ('1.00 mg/L of nitrate', 'nitrate_mg_l': 1)", () => {
    for (const result of ['exitcode: 0\n{"nitrate_mg_l": 1}', "exitcode: 0\nreading: 1 mg/L nitrate"]) {
      const r = analyzeTrace(misquoted(result, "1.00"));
      expect(r.decision?.wrongValues ?? []).not.toContain("n:1");
    }
  });
  it("while the same number written with a fraction is its source, however many decimals", () => {
    for (const said of ["1.00", "1.0"]) {
      // Under a label the claim does not share: a fraction makes it a measurement wherever it stands.
      const r = analyzeTrace(misquoted("exitcode: 0\nsensor gave 1.0", said));
      expect(r.decision?.wrongValues ?? []).not.toContain("n:1");
    }
  });
  it("has no source in the number of a numbered thing, in a result or in the task ('period 2')", () => {
    const asked = (result: string, said: string) => {
      const t = misquoted(result, said);
      return { ...t, run: { ...t.run, task: "Report the nitrate level of plot K during period 2 in mg/L." } };
    };
    const r = analyzeTrace(asked("plot K, period 2: nitrate 2.40 mg/L", "2.00"));
    expect(r.decisive?.stepId).toBe("m1");
    expect(r.decision?.wrongValues).toContain("n:2");
    // Near misses: the same record also giving the number under the claim's label is its source, and
    // a task that writes the number otherwise ("stage 2.5", "protocol 2.4.1") is its source too.
    const both = analyzeTrace(asked('{"period": "period 2", "nitrate_mg_l": 2}', "2.00"));
    expect(both.decision?.wrongValues ?? []).not.toContain("n:2");
    for (const [task, said] of [
      ["Report the nitrate level of plot K at stage 2.5 in mg/L.", "2.50"],
      ["Report the nitrate level of plot K under protocol 2.4.1 in mg/L.", "2.4"],
    ]) {
      const t = misquoted("plot K nitrate: 7.35 mg/L", said);
      const r = analyzeTrace({ ...t, run: { ...t.run, task } });
      expect(r.decision?.wrongValues ?? []).not.toContain(`n:${Number(said)}`);
    }
    // Nor is the label itself, restated whole, without a source.
    const t = asked("plot K nitrate: 7.35 mg/L", "7.35");
    const steps = t.steps.map((s) => (s.id === "m2" ? { ...s, content: "In period 12, plot K: 7.35 mg/L." } : s));
    const task = "Report the nitrate level of plot K during period 12 in mg/L.";
    const label = analyzeTrace({ ...t, run: { ...t.run, task, finalAnswer: "period 12: 7.35 mg/L" }, steps });
    expect(label.decision?.wrongValues ?? []).not.toContain("n:12");
  });
  it("a source too long to read for its writing still counts as one (the conservative direction)", () => {
    const long = `exitcode: 1\n${"plot K log line without figures\n".repeat(800)}`;
    expect(analyzeTrace(misquoted(long, "1.00")).decision?.wrongValues ?? []).not.toContain("n:1");
  });
  it("a source holding more small numbers than are read counts as one too", () => {
    const listing = (n: number) => `exitcode: 0\nplot K nitrate: 1.10 mg/L\n${"1 ".repeat(n)}`;
    expect(analyzeTrace(misquoted(listing(3), "1.00")).decision?.wrongValues).toContain("n:1");
    expect(analyzeTrace(misquoted(listing(300), "1.00")).decision?.wrongValues ?? []).not.toContain("n:1");
  });
  it("past the sources read per claim, the next one counts (a long run writes '1' in most steps)", () => {
    const runs = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...probe,
        id: `p${i}`,
        tool: { ...probe.tool, result: i === 0 ? "plot K nitrate: 1.10 mg/L" : "exitcode: 1" },
      }));
    const said = (n: number) =>
      make(
        [
          ...runs(n),
          { id: "m1", agent: "Sampler", kind: "message", content: "Plot K reads 1.00 mg/L of nitrate." },
          { id: "m2", agent: "Summarizer", kind: "final", content: "Nitrate at plot K: 1.00 mg/L." },
        ],
        "1.00 mg/L",
      );
    expect(analyzeTrace(said(8)).decision?.wrongValues).toContain("n:1");
    expect(analyzeTrace(said(80)).decision?.wrongValues ?? []).not.toContain("n:1");
  });
  it("and a number written whole keeps its whole writing as its source ('$4' after 'fee: $4')", () => {
    const fee = { ...probe, tool: { ...probe.tool, result: "exitcode: 0\ncharge due: $4" } };
    const r = analyzeTrace(
      make(
        [
          fee,
          { id: "m1", agent: "Sampler", kind: "message", content: "The sampling fee for plot K is $4." },
          { id: "m2", agent: "Summarizer", kind: "final", content: "Sampling fee: $4." },
        ],
        "$4",
      ),
    );
    expect(r.decision?.wrongValues ?? []).not.toContain("n:4");
  });
});
