import { describe, expect, it } from "vitest";
import type { AnalysisReport } from "../attribution/types";
import { agentStanding } from "./agent-standing";
import { buildStepFlow } from "./build-step-flow";
import { reportHeadline } from "./headline";
import { indexReport, stepMark } from "./index-report";
import { firstErrorStep } from "./step-navigation";
import { summarizeReport } from "./summarize-run";
import { researchReport, researchTrace } from "./test-fixtures";
import { toViewEdges } from "./view-edges";
import { ALL_EDGE_KINDS } from "./view-state";

const trace = researchTrace();
const edges = toViewEdges(trace.steps, trace.edges);

/** An undetermined report as the engine writes it for an unknown outcome: no decisive step, ranked suspects. */
function undetermined(): AnalysisReport {
  const report: AnalysisReport = {
    ...researchReport(),
    outcome: "unknown",
    decisionSource: "undetermined",
    decisive: null,
  };
  report.suspects = [
    { agent: "Analyst", stepId: "s5", score: 1, probability: 0.62 },
    { agent: "Researcher", stepId: "s4", score: 0.8, probability: 0.31 },
  ];
  return report;
}

const stepNodes = (report: AnalysisReport) =>
  buildStepFlow({
    agents: trace.agents,
    steps: trace.steps,
    edges,
    index: indexReport(summarizeReport(report), edges),
    state: { kinds: [...ALL_EDGE_KINDS], hiddenAgents: [], selection: null },
  }).nodes.flatMap((n) => (n.type === "step" ? [n.data] : []));

describe("suspect marks (indexReport)", () => {
  it("marks the ranked suspects of an undetermined report as suspects, in the header's order, and no root cause", () => {
    const report = undetermined();
    const index = indexReport(summarizeReport(report), edges);
    expect(index.decisiveStepId).toBeNull();
    expect([...index.suspectRank]).toEqual([
      ["s5", 1],
      ["s4", 2],
    ]);
    const nodes = stepNodes(report);
    expect(nodes.filter((n) => n.mark === "origin")).toEqual([]);
    expect(nodes.filter((n) => n.mark === "suspect").map((n) => [n.stepId, n.suspectRank])).toEqual([
      ["s4", 2],
      ["s5", 1],
    ]);
    // The header names the same step first, and the agent standing calls its agent a suspect.
    expect(reportHeadline(report).stepId).toBe("s5");
    expect(agentStanding(index, "Analyst")).toBe("suspect");
    // `d` (and `f` when nothing failed) goes to the top suspect.
    expect(index.namedStepId).toBe("s5");
  });

  it("calls the decisive step of an unknown outcome a suspect, not a root cause", () => {
    const report: AnalysisReport = { ...researchReport(), outcome: "unknown" };
    const index = indexReport(report, edges);
    expect(stepMark(index, "s4", "ok")).toBe("suspect");
    expect(index.suspectRank.get("s4")).toBe(1);
    expect(index.namedStepId).toBe("s4");
  });

  it("keeps one root cause and no suspects when the verdict names one", () => {
    const index = indexReport(researchReport(), edges);
    expect(index.decisiveStepId).toBe("s4");
    expect(index.suspectRank.size).toBe(0);
    expect(stepMark(index, "s4", "ok")).toBe("origin");
    expect(firstErrorStep([], index)).toBe("s4");
  });

  it("names no suspect on a run that passed", () => {
    const report: AnalysisReport = { ...researchReport(), outcome: "success", decisive: null };
    const index = indexReport(report, edges);
    expect(index.suspectRank.size).toBe(0);
    expect(index.namedStepId).toBeNull();
  });
});
