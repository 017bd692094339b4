/**
 * A value's lineage runs through tool computations: a number that contradicts its tool output and
 * is then handed to a calculator reaches the answer through the calculator's result.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { validateTrace } from "../../trace/validate-trace";
import { TRACE_SCHEMA_VERSION } from "../../trace/schema";
import { buildProvenance } from "./provenance";
import { findClaimIssues } from "./claim-findings";
import { analyzeTrace } from "../analyze-trace";

function misquoteThenCalculator() {
  return validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task: "Report the combined sales of the Avalon and Brynmor stores in 2021.", outcome: "failure" },
    agents: [{ name: "Researcher" }, { name: "Analyst" }, { name: "Writer" }],
    steps: [
      {
        id: "l1",
        agent: "Researcher",
        kind: "tool_call",
        content: "",
        tool: { name: "lookup", arguments: { store: "Avalon" }, result: "Avalon sales: 2996" },
      },
      {
        id: "l2",
        agent: "Researcher",
        kind: "tool_call",
        content: "",
        tool: { name: "lookup", arguments: { store: "Brynmor" }, result: "Brynmor sales: 1200" },
      },
      { id: "r", agent: "Researcher", kind: "message", content: "Avalon sales: 2945. Brynmor sales: 1200." },
      {
        id: "c",
        agent: "Analyst",
        kind: "tool_call",
        content: "",
        tool: { name: "calculator", arguments: { expression: "2945 + 1200" }, result: "4145" },
      },
      { id: "w", agent: "Writer", kind: "final", content: "The combined sales are 4145." },
    ],
  });
}

describe("lineage through tool computations", () => {
  it("a contradicted value handed to a calculator reaches the answer", () => {
    const trace = misquoteThenCalculator();
    const g = buildGraph(trace, resolveConfig({}));
    const findings = findClaimIssues(g, buildProvenance(g));
    const misquote = findings.find((f) => f.name === "contradicts-source" && g.steps[f.step].id === "r");
    expect(misquote?.value).toBe("n:2945");
    expect(misquote?.reachesAnswer).toBe(true);
  });

  it("names the agent that misquoted the tool, not the calculator's caller or the writer", () => {
    const report = analyzeTrace(misquoteThenCalculator());
    expect(report.decisive?.agent).toBe("Researcher");
    expect(report.decisive?.stepId).toBe("r");
  });
});
