/**
 * A value one operation away from the numbers at hand is derived, not invented; but adding 0 (or
 * multiplying by 1) derives nothing, and a sum is exact up to the precision it is written with: a
 * restatement 0.50 off a tool's 18,250.40 is a misquote, not a rounded result. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { writtenPrecision } from "./grounding";
import { ZTrace, type TTraceInput } from "../trace/schema";

const task = "What is the North region's remaining budget in EUR, counting the spare kit?";
const make = (steps: TTraceInput["steps"], finalAnswer: string) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task, finalAnswer },
    agents: [{ name: "Purse" }, { name: "Herald" }],
    steps,
    edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
  });
const ledger = {
  id: "b1",
  agent: "Purse",
  kind: "tool_call" as const,
  tool: { name: "ledger", arguments: { region: "North" }, result: '{"budget_eur": 18250.40, "errors": 0}' },
};

describe("a restatement a few cents off the tool's value", () => {
  const t = make(
    [
      ledger,
      { id: "b2", agent: "Purse", kind: "message", content: "North has 18,250.90 EUR left." },
      { id: "b3", agent: "Herald", kind: "final", content: "Remaining budget: 18,250.90 EUR." },
    ],
    "18,250.90 EUR",
  );
  it("is an introduced value, not a sum with the error count", () => {
    const r = analyzeTrace(t);
    expect(r.decisive?.stepId).toBe("b2");
    expect(r.decision?.wrongValues).toContain("n:18250.9");
  });
});

describe("the precision a number is written with", () => {
  it("is half a unit of its last place", () => {
    expect(writtenPrecision("6743.63")).toBeCloseTo(0.005);
    expect(writtenPrecision("6744")).toBeCloseTo(0.5);
    expect(writtenPrecision("6700")).toBeCloseTo(50);
  });
});
