/** Which handed figure a misquote changes (claim-findings.ts `misquotedSource`). Toys of our own. */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { failedRun } from "../test-graphs";

function verdict(input: string, content: string): string {
  const trace = failedRun("Answer from the sources.", [{ id: "s0", agent: "reader", kind: "llm", input, content }]);
  return analyzeTrace(trace).decisive?.evidence.note ?? "";
}

/** Operands that make 396 and 4218 by one operation, so neither is an invention on its own. */
const OPERANDS = "system: Use 12 tools in at most 33 steps; the 2 desks hold 2109 forms.";

describe("a label the input repeats under one value", () => {
  it("stays distinctive: the misquoted figure is found however often the input restates it", () => {
    const input = `${OPERANDS}\n\n${"tool: The pier length is at least 318 metres.\n".repeat(6)}tool: The pier weighs 150 tonnes.`;
    expect(verdict(input, "The pier length is at least 396 metres.")).toMatch(/states 396 where its input gave 318/);
  });
});

describe("a figure written with a leading zero", () => {
  it("is a code, so it misquotes no quantity under its label", () => {
    const input = `${OPERANDS}\n\ntool: Gull Bakery, 7 Quay Road, Eastmere, ME (555) 730-4820.`;
    const note = verdict(input, "Gull Bakery: 7 Quay Road, Eastmere, ME 04218.");
    expect(note).not.toMatch(/where .* gave 4820/);
  });

  it("is a code that no quantity under its label misquotes", () => {
    const input = `${OPERANDS}\n\ntool: Gull Bakery, 7 Quay Road, Eastmere, ME 04820.`;
    expect(verdict(input, "Gull Bakery: 7 Quay Road, Eastmere, ME 4218.")).not.toMatch(/where .* gave 04820/);
  });
});
