/**
 * Lineage through code an executor runs: a value that contradicts its tool output, typed into code
 * whose printed result becomes the answer, reaches the answer through that result (as through a
 * calculator's, see tool-lineage.test.ts). A name works the same way when it is handed to a tool.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { validateTrace } from "../../trace/validate-trace";
import { TRACE_SCHEMA_VERSION, type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { buildProvenance } from "./provenance";
import { findClaimIssues } from "./claim-findings";
import { findOutputIssues } from "./output-findings";

type Step = TTraceInput["steps"][number];

const trace = (task: string, steps: Step[]) =>
  validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task, outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
  });

function misquoteThenCode(code: string) {
  return trace("Report the combined sales of the Avalon and Brynmor stores in 2021.", [
    {
      id: "l1",
      agent: "Researcher",
      kind: "tool_call",
      tool: { name: "lookup", arguments: { store: "Avalon" }, result: "Avalon sales: 2996" },
    },
    {
      id: "l2",
      agent: "Researcher",
      kind: "tool_call",
      tool: { name: "lookup", arguments: { store: "Brynmor" }, result: "Brynmor sales: 1200" },
    },
    { id: "r", agent: "Researcher", kind: "message", content: "Avalon sales: 2945. Brynmor sales: 1200." },
    { id: "c", agent: "Coder", kind: "message", content: code },
    { id: "x", agent: "Executor", kind: "tool_result", content: "4145" },
    { id: "w", agent: "Writer", kind: "final", content: "The combined sales are 4145." },
  ]);
}

describe("lineage through code an executor runs", () => {
  it("a misquoted number typed into code reaches the answer through the printed result", () => {
    const t = misquoteThenCode("```python\nprint(2945 + 1200)\n```");
    const g = buildGraph(t, resolveConfig({}));
    const f = findClaimIssues(g, buildProvenance(g)).find((x) => x.name === "contradicts-source");
    expect(g.steps[f!.step].id).toBe("r");
    expect(f?.reachesAnswer).toBe(true);
    const report = analyzeTrace(t);
    expect(report.decisive?.agent).toBe("Researcher");
    expect(report.decisive?.stepId).toBe("r");
  });

  it("near miss: code that does not use the misquoted number does not carry it to the answer", () => {
    const t = misquoteThenCode("```python\nprint(2996 + 1149)\n```");
    const g = buildGraph(t, resolveConfig({}));
    const f = findClaimIssues(g, buildProvenance(g)).find((x) => x.name === "contradicts-source");
    expect(f?.reachesAnswer).toBe(false);
  });
});

function misreadNameThenLookup(handed: string) {
  return trace("What is the population of the city that hosts the Avalon Rail head office?", [
    {
      id: "s",
      agent: "Searcher",
      kind: "tool_call",
      tool: { name: "search", arguments: { q: "Avalon Rail head office" }, result: "City: Lyon" },
    },
    { id: "m", agent: "Searcher", kind: "message", content: "The search returned Marseille." },
    {
      id: "p",
      agent: "Analyst",
      kind: "tool_call",
      tool: { name: "population", arguments: { city: handed }, result: "population: 870018" },
    },
    { id: "f", agent: "Writer", kind: "final", content: "The population is 870018." },
  ]);
}

describe("a misread name handed to a tool", () => {
  it("reaches the answer through the tool's output", () => {
    const t = misreadNameThenLookup("Marseille");
    const g = buildGraph(t, resolveConfig({}));
    const [f] = findOutputIssues(g, buildProvenance(g));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.reachesAnswer).toBe(true);
    expect(analyzeTrace(t).decisive?.stepId).toBe("m");
  });

  it("near miss: a tool handed another name does not carry the misreading", () => {
    const g = buildGraph(misreadNameThenLookup("Lyon"), resolveConfig({}));
    const [f] = findOutputIssues(g, buildProvenance(g));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.reachesAnswer).toBe(false);
  });
});
