/**
 * An approval that restates nothing ("LGTM, ship it.") is a missed check, never where the error
 * entered: the decision goes to the strongest fault signal in the work it approved. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { ZTrace, type TTraceInput } from "../trace/schema";

const steps: TTraceInput["steps"] = [
  { id: "q", agent: "client", kind: "message", content: "What is the stock value of bin 12 at 3.50 EUR per unit?" },
  {
    id: "l1",
    agent: "Tally",
    kind: "tool_call",
    tool: { name: "inventory", arguments: { bin: 12 }, result: '{"bin": 12, "units": 4210}' },
  },
  { id: "l2", agent: "Tally", kind: "message", content: "Bin 12 holds 4,120 units at 3.50 EUR each." },
  { id: "l3", agent: "Tally", kind: "message", content: "Sending it to the adder: mul(4120, 3.50)" },
  { id: "l4", agent: "adder", kind: "tool_result", content: "14420" },
  { id: "l5", agent: "Tally", kind: "message", content: "Stock value of bin 12: 14,420 EUR." },
  { id: "r0", agent: "StockChecker", kind: "message", content: "Please name the currency in the sentence." },
  { id: "l6", agent: "Tally", kind: "message", content: "Revised: 14,420 EUR." },
  { id: "r1", agent: "StockChecker", kind: "message", content: "LGTM, ship it." },
  { id: "f1", agent: "Quill", kind: "final", content: "14,420 EUR" },
];

const trace = ZTrace.parse({
  schema: "culprit.trace/v1",
  run: {
    outcome: "failure",
    task: "What is the stock value of bin 12 at 3.50 EUR per unit?",
    finalAnswer: "14,420 EUR",
  },
  agents: [
    { name: "client", kind: "task_giver" },
    { name: "Tally" },
    { name: "adder" },
    { name: "StockChecker" },
    { name: "Quill" },
  ],
  steps,
  edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
});

describe("an approval that restates no value", () => {
  const r = analyzeTrace(trace);
  it("is not the decisive step", () => {
    expect(r.decisive?.stepId).not.toBe("r1");
    expect(r.decision?.rule).toBe("approved-origin");
  });
  it("hands the decision to the approved work's strongest fault signal", () => {
    expect(r.decisive?.agent).toBe("Tally");
    expect(r.decisive?.stepId).toBe("l2");
  });
});
