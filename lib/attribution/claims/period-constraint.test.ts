/**
 * A task's period qualifier ("term B", "Q3") is a constraint like its year: a lookup that comes back
 * with the same period word and another label answered another question. In a chat log with no
 * recorded hand-over, the message that addressed the worker is its instruction. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { periodQualifiers } from "./period-qualifiers";
import { RESULT_AT } from "../../trace/canonical-attributes";

const ask = "How many library loans did the Harrow and Ostend branches record in term B? One total, please.";

function run(brief: string, lookedUp = "term A") {
  const steps: TTraceInput["steps"] = [
    { id: "q", agent: "Patron", kind: "message", content: ask },
    { id: "m1", agent: "Marlow", kind: "message", content: `Ines, ${brief}` },
    { id: "c1", agent: "Ines", kind: "message", content: '```python\nprint(loans(branch="Harrow"))\n```' },
    { id: "r1", agent: "Runner", kind: "tool_result", content: `Harrow, ${lookedUp}: loans = 7,412` },
    { id: "i1", agent: "Ines", kind: "message", content: "Harrow recorded 7,412 loans." },
    { id: "c2", agent: "Ines", kind: "message", content: '```python\nprint(loans(branch="Ostend"))\n```' },
    { id: "r2", agent: "Runner", kind: "tool_result", content: `Ostend, ${lookedUp}: loans = 5,930` },
    { id: "i2", agent: "Ines", kind: "message", content: "Ostend recorded 5,930 loans." },
    { id: "f", agent: "Marlow", kind: "final", content: "Total: 7,412 + 5,930 = 13,342 loans." },
  ];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: ask },
    agents: [{ name: "Patron", kind: "task_giver" }, { name: "Marlow" }, { name: "Ines" }, { name: "Runner" }],
    steps,
  });
}

const dropped = (r: ReturnType<typeof analyzeTrace>) => r.claims?.filter((c) => c.detector === "dropped-constraint");

describe("a dropped period qualifier", () => {
  it("the brief that addressed the worker without the task's term is where the error entered", () => {
    const r = analyzeTrace(run("look up the loans of the Harrow and Ostend branches."));
    expect(dropped(r)?.map((c) => c.stepId)).toEqual(["m1"]);
    expect(r.decisive?.agent).toBe("Marlow");
    expect(r.decisive?.stepId).toBe("m1");
  });

  it("a worker that had the term and looked up another one is the one that dropped it", () => {
    const r = analyzeTrace(run("look up the term B loans of the Harrow and Ostend branches."));
    expect(dropped(r)?.[0]?.stepId).toBe("c1");
    expect(r.decisive?.agent).toBe("Ines");
  });

  it("near miss: lookups that came back with the task's own term drop nothing", () => {
    const r = analyzeTrace(run("look up the loans of the Harrow and Ostend branches.", "term B"));
    expect(dropped(r) ?? []).toEqual([]);
  });

  it("reads period words with their labels, and not a lowercase word that follows one", () => {
    expect(
      periodQualifiers("Sales in Q3 and in quarter 4, semester B, phase II").map((q) => `${q.word} ${q.label}`),
    ).toEqual(["quarter 4", "semester b", "phase 2", "quarter 3"]);
    expect(periodQualifiers("the week a storm hit, a season of rain")).toEqual([]);
  });
});

/**
 * The same run, but the record a lookup returns names its period in a field of its own: a JSON object
 * with a period field (default), a table with a period column, or a heading line.
 */
const jsonRecord = (period: string) => `{"branch": "Harrow", "period": "${period}", "loans": 7412}`;
const headingRecord = (period: string) => `Harrow, ${period}: loans = 7412`;
const tableRecord = (period: string) => `branch | period | loans\n--- | --- | ---\nHarrow | ${period} | 7412`;

function fieldRun(task: string, brief: string, period: string, record = jsonRecord) {
  const steps: TTraceInput["steps"] = [
    { id: "q", agent: "Patron", kind: "message", content: task },
    { id: "m1", agent: "Marlow", kind: "message", content: `Ines, ${brief}` },
    { id: "c1", agent: "Ines", kind: "message", content: '```python\nprint(loans(branch="Harrow"))\n```' },
    {
      id: "r1",
      agent: "Runner",
      kind: "tool_result",
      content: record(period),
    },
    { id: "i1", agent: "Ines", kind: "message", content: "Harrow recorded 7,412 loans." },
    { id: "f", agent: "Marlow", kind: "final", content: "Total: 7,412 loans." },
  ];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task },
    agents: [{ name: "Patron", kind: "task_giver" }, { name: "Marlow" }, { name: "Ines" }, { name: "Runner" }],
    steps,
  });
}

describe("a record whose period field names another period", () => {
  const term = "How many loans did the Harrow branch record in term B?";
  const year = "How many loans did the Harrow branch record in the 2022 season?";

  it("another kind of period (a year's campaign for a term) answered another question", () => {
    const r = analyzeTrace(fieldRun(term, "look up the loans of the Harrow branch.", "the 2024 campaign"));
    expect(dropped(r)?.map((c) => c.stepId)).toEqual(["m1"]);
    expect(r.decisive?.stepId).toBe("m1");
  });

  it("another year, for a task that names a year and no term", () => {
    const r = analyzeTrace(fieldRun(year, "look up the loans of the Harrow branch.", "the 2023 season"));
    expect(dropped(r)?.map((c) => c.stepId)).toEqual(["m1"]);
  });

  it("near miss: the task's own period, or a field that names no period", () => {
    const brief = "look up the loans of the Harrow branch.";
    expect(dropped(analyzeTrace(fieldRun(term, brief, "term B"))) ?? []).toEqual([]);
    expect(dropped(analyzeTrace(fieldRun(term, brief, "monthly"))) ?? []).toEqual([]);
  });

  it("a table's period column is the record's period field", () => {
    const brief = "look up the loans of the Harrow branch.";
    const r = analyzeTrace(fieldRun(term, brief, "the 2024 campaign", tableRecord));
    expect(dropped(r)?.map((c) => c.stepId)).toEqual(["m1"]);
    expect(dropped(analyzeTrace(fieldRun(term, brief, "term B", tableRecord))) ?? []).toEqual([]);
  });

  it("an accounting period is a period qualifier: period 9 for a task about period 4", () => {
    const task = "How many loans did the Harrow branch record in period 4?";
    const brief = "look up the loans of the Harrow branch.";
    expect(dropped(analyzeTrace(fieldRun(task, brief, "period 9")))?.map((c) => c.stepId)).toEqual(["m1"]);
    expect(dropped(analyzeTrace(fieldRun(task, brief, "period 4"))) ?? []).toEqual([]);
  });

  it("a record's heading names its period: 'Harrow, the 2023 season: loans = 7412'", () => {
    const brief = "look up the loans of the Harrow branch.";
    const r = analyzeTrace(fieldRun(year, brief, "the 2023 season", headingRecord));
    expect(dropped(r)?.map((c) => c.stepId)).toEqual(["m1"]);
    expect(dropped(analyzeTrace(fieldRun(year, brief, "the 2022 season", headingRecord))) ?? []).toEqual([]);
    expect(dropped(analyzeTrace(fieldRun(year, brief, "main branch", headingRecord))) ?? []).toEqual([]);
  });

  it("read inside the envelope a chat log wraps a program's output in", () => {
    const envelope = "exitcode: 0 (execution succeeded)\nCode output: ";
    const t = fieldRun(
      year,
      "look up the loans of the Harrow branch.",
      "the 2023 season",
      (p) => envelope + headingRecord(p),
    );
    t.steps[3].attributes = { [RESULT_AT]: envelope.length };
    expect(dropped(analyzeTrace(t))?.map((c) => c.stepId)).toEqual(["m1"]);
  });

  it("a worker that had the year and looked up without it is the one that dropped it", () => {
    const r = analyzeTrace(fieldRun(year, "look up the 2022 loans of the Harrow branch.", "the 2023 season"));
    expect(dropped(r)?.map((c) => c.stepId)).toEqual(["c1"]);
    expect(r.decisive?.agent).toBe("Ines");
  });
});
