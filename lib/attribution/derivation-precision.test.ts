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
  it("reads trailing zeros as rounding only where at most three digits stand before them", () => {
    expect(writtenPrecision("27100")).toBeCloseTo(50);
    expect(writtenPrecision("56000")).toBeCloseTo(500);
    expect(writtenPrecision("-27100")).toBeCloseTo(50);
    // Four digits and a zero read as the exact count they are: 27,100 + 18.30 is no 27,120.
    expect(writtenPrecision("27120")).toBeCloseTo(0.5);
    expect(writtenPrecision("-27120")).toBeCloseTo(0.5);
  });
});

describe("a rounded restatement beside a small number at hand", () => {
  const harvest = (result: string, said: string) =>
    make(
      [
        { ...ledger, tool: { name: "harvest", arguments: { block: "North" }, result } },
        { id: "b2", agent: "Purse", kind: "message", content: said },
        { id: "b3", agent: "Herald", kind: "final", content: "Final answer: 56,000 crates." },
      ],
      "56,000 crates",
    );
  it("is the number rounded, not a sum with a term too small to show in it", () => {
    // 56,040 − 16.09 lands within 28 of 56,000, but 16.09 cannot show in a number written to thousands.
    const r = analyzeTrace(harvest('{"crates": 56040, "price_per_crate": 16.09}', "North picked 56,000 crates."));
    expect(r.decisive?.stepId).toBe("b2");
    expect(r.decision?.wrongValues).toContain("n:56000");
  });
  it("stays a result where the small term makes it exactly", () => {
    const r = analyzeTrace(
      harvest('{"crates": 55960, "late_crates": 40}', "Counting the late ones, North picked 56,000 crates."),
    );
    expect(r.decision?.wrongValues ?? []).not.toContain("n:56000");
  });
  it("stays a result where both terms are large enough to show in it", () => {
    const r = analyzeTrace(
      harvest('{"crates": 40020, "late_crates": 15998}', "Counting the late ones, North picked 56,000 crates."),
    );
    expect(r.decision?.wrongValues ?? []).not.toContain("n:56000");
  });
});
