/**
 * Span-structured toys (OTLP-like: agent wrappers with children): a wrong operand reaches the answer
 * through a stated sum; a value stated after a failed lookup is an invention; a delegation that drops
 * the task's year is the origin; a unit shared by every value does not make a misquote.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../index";

type Step = TTraceInput["steps"][number];
const e = (from: string, to: string) => ({ from, to, kind: "message" as const, evidence: "toy", confidence: 1 });
const make = (task: string, steps: Step[], edges: TTraceInput["edges"]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { task, outcome: "failure", sourceFormat: "otlp" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });

describe("structured faults", () => {
  it("a wrong operand reaches the answer through the sum that uses it; the adder is not the origin", () => {
    const r = analyzeTrace(
      make(
        "Sum the rainfall of Cork and Bergen in 2016, in mm.",
        [
          { id: "fw", agent: "Fetcher", kind: "agent", content: "Bergen = 1800. Cork: 1090 mm (well known)." },
          {
            id: "ft",
            agent: "Fetcher",
            kind: "tool_call",
            parentId: "fw",
            tool: { name: "lookup", arguments: { entity: "Bergen", year: 2016 }, result: "Bergen 2016: 1800 mm" },
            status: "ok",
          },
          {
            id: "fl",
            agent: "Fetcher",
            kind: "llm",
            parentId: "fw",
            content: "Bergen = 1800. Cork: 1090 mm (well known).",
          },
          { id: "cw", agent: "Calculator", kind: "agent", content: "Total 2890 mm (1800 + 1090)." },
          {
            id: "cl",
            agent: "Calculator",
            kind: "llm",
            parentId: "cw",
            input: "Bergen = 1800. Cork: 1090 mm (well known).",
            content: "Total 2890 mm (1800 + 1090).",
          },
          { id: "f", agent: "Reporter", kind: "final", content: "Total rainfall: 2890 mm." },
        ],
        [e("fw", "cw"), e("cw", "f")],
      ),
    );
    expect(r.decisive?.stepId).toBe("fl");
    expect(r.decision?.wrongValues).toContain("n:1090");
    expect(r.agents.find((a) => a.agent === "Calculator")?.role).not.toBe("culprit");
  });

  it("a value reported after a failed lookup is the reporting agent's invention", () => {
    const r = analyzeTrace(
      make(
        "Give the 2019 revenue of Dunmore Foods.",
        [
          { id: "bw", agent: "Boss", kind: "agent", content: "Revenue: 7739." },
          {
            id: "bi",
            agent: "Boss",
            kind: "llm",
            parentId: "bw",
            content: "Falcon: look up the revenue of Dunmore Foods for 2019.",
          },
          { id: "fw", agent: "Falcon", kind: "agent", parentId: "bw", content: "Lookup OK. Dunmore Foods: 7739." },
          {
            id: "ft",
            agent: "Falcon",
            kind: "tool_call",
            parentId: "fw",
            tool: { name: "lookup", arguments: { entity: "Dunmore Foods", year: 2019 } },
            status: "error",
          },
          { id: "fl", agent: "Falcon", kind: "llm", parentId: "fw", content: "Lookup OK. Dunmore Foods: 7739." },
          { id: "bf", agent: "Boss", kind: "llm", parentId: "bw", content: "Revenue: 7739." },
        ],
        [e("bi", "fw"), e("fw", "bf")],
      ),
    );
    expect(r.decisive?.agent).toBe("Falcon");
    expect(r.decisive?.stepId).toBe("fl");
  });

  it("a delegation that drops the task's year is the origin, not the worker whose lookup came back with another year", () => {
    const r = analyzeTrace(
      make(
        "What was the revenue of Eastgate Retail in 2023?",
        [
          { id: "sw", agent: "Supervisor", kind: "agent", content: "Final answer: 2377." },
          {
            id: "sd",
            agent: "Supervisor",
            kind: "tool_call",
            parentId: "sw",
            tool: {
              name: "delegate",
              arguments: { agent: "Alice", task: "Alice, please fetch revenue - Eastgate Retail." },
              result: "Eastgate Retail reported 2377.",
            },
          },
          { id: "aw", agent: "Alice", kind: "agent", parentId: "sd", content: "Eastgate Retail reported 2377." },
          {
            id: "at",
            agent: "Alice",
            kind: "tool_call",
            parentId: "aw",
            tool: {
              name: "financials",
              arguments: { entity: "Eastgate Retail", metric: "revenue" },
              result: "entity,year,value\nEastgate Retail,2024,2377",
            },
            status: "ok",
          },
          { id: "al", agent: "Alice", kind: "llm", parentId: "aw", content: "Eastgate Retail reported 2377." },
          { id: "sf", agent: "Supervisor", kind: "llm", parentId: "sw", content: "Final answer: 2377." },
        ],
        [],
      ),
    );
    expect(r.decisive?.stepId).toBe("sd");
    expect(r.claims?.find((c) => c.detector === "dropped-constraint")?.stepId).toBe("sd");
  });

  it("a number that only shares a unit with a handed value is not a misquote of it", () => {
    const r = analyzeTrace(
      make(
        "Sum the rainfall of Dundee and Tromso in 2023.",
        [
          {
            id: "t1",
            agent: "R",
            kind: "tool_call",
            tool: { name: "lookup", result: '{"entity":"Dundee","year":2023,"value":1412,"unit":"mm","rank":45}' },
            status: "ok",
          },
          {
            id: "t2",
            agent: "R",
            kind: "tool_call",
            tool: { name: "lookup", result: '{"entity":"Tromso","year":2023,"value":2487,"unit":"mm","rank":20}' },
            status: "ok",
          },
          {
            id: "m",
            agent: "R",
            kind: "message",
            content: "Dundee: 1412 mm, Tromso: 2487 mm. See page 49 mm of the source.",
          },
          { id: "f", agent: "W", kind: "final", content: "3899 mm" },
        ],
        [e("t1", "m"), e("t2", "m"), e("m", "f")],
      ),
    );
    expect(r.claims?.some((c) => c.detector === "contradicts-source" && c.value === "n:49")).toBe(false);
  });
});
