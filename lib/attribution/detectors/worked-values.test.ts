/**
 * Values a step works out in the open are computed, not made up: the result of a written sum of more
 * than two terms that recomputes, and a whole number cubed where the step writes the cube. Near misses
 * (a sum that does not recompute, a cube never written, a cube of a number not at hand) stay
 * ungrounded. Invented runs.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const TASK = "How many crates left the three depots this week?";
const LEDGER = "depot ledger: north 1,240 crates; east 365 crates; south 2,088 crates";

function ungrounded(says: string, output = LEDGER): boolean {
  const report = analyzeTrace(
    failedRun(TASK, [
      { id: "c", agent: "Clerk", kind: "tool_call", content: "ledger(week: 23)" },
      { id: "r", agent: "ledger_api", kind: "tool_result", content: output },
      { id: "a", agent: "Clerk", kind: "message", content: says },
    ]),
  );
  return detectorsAt(report, "a").includes("ungrounded-value");
}

describe("a result worked out in the open", () => {
  it("is computed when the written sum recomputes, however many terms it has", () => {
    expect(ungrounded("In all 1,240 + 365 + 2,088 = 3,693 crates left.")).toBe(false);
    expect(ungrounded("In all: 3,693 crates (1,240 + 365 + 2,088).")).toBe(false);
  });

  it("near misses: a sum that does not recompute, or a total with no working", () => {
    expect(ungrounded("In all 1,240 + 365 + 2,088 = 3,793 crates left.")).toBe(true);
    expect(ungrounded("In all 3,693 crates left.")).toBe(true);
  });
});

describe("a whole number cubed", () => {
  const output = "crate: 14 units a side";
  it("is computed where the step writes the cube", () => {
    expect(ungrounded("Each crate holds 14^3 = 2744 units.", output)).toBe(false);
    expect(ungrounded("Each crate holds 2744 units (14 cubed).", output)).toBe(false);
  });

  it("near misses: no cube written, or the cube of a number not at hand", () => {
    expect(ungrounded("Each crate holds 2744 units.", output)).toBe(true);
    expect(ungrounded("Each crate holds 15^3 = 3375 units.", output)).toBe(true);
  });
});
