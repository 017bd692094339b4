import { describe, expect, it } from "vitest";
import { agentStanding } from "./agent-standing";
import { buildAgentFlow } from "./build-agent-flow";
import { indexReport } from "./index-report";
import { summarizeReport } from "./summarize-run";
import { researchReport, researchTrace } from "./test-fixtures";
import { toViewEdges } from "./view-edges";
import { DEFAULT_VIEW_STATE } from "./view-state";

const withRoles = (roles: Record<string, "culprit" | "propagator">, over: object = {}) => {
  const r = researchReport();
  return { ...r, ...over, agents: r.agents.map((a) => (roles[a.agent] ? { ...a, role: roles[a.agent] } : a)) };
};

describe("agentStanding", () => {
  it("gives one culprit badge: the verdict's agent; other responsible agents are co-culprits", () => {
    const index = indexReport(withRoles({ Analyst: "culprit" }), []);
    expect(agentStanding(index, "Researcher")).toBe("culprit");
    expect(agentStanding(index, "Analyst")).toBe("co-culprit");
    expect(agentStanding(index, "Writer")).toBe("victim");
    expect(agentStanding(index, "Reviewer")).toBe("repairer");
    expect(agentStanding(index, "Planner")).toBe("bystander");
  });

  it("names suspects, not culprits, when the outcome is unknown or only a prior decided", () => {
    expect(agentStanding(indexReport(withRoles({}, { outcome: "unknown" }), []), "Researcher")).toBe("suspect");
    expect(
      agentStanding(indexReport(withRoles({ Analyst: "culprit" }, { decisionSource: "prior" }), []), "Analyst"),
    ).toBe("suspect");
  });

  it("is what the Agents canvas shows", () => {
    const trace = researchTrace();
    const report = withRoles({ Analyst: "culprit" });
    const index = indexReport(summarizeReport(report), toViewEdges(trace.steps, trace.edges));
    const flow = buildAgentFlow({
      agents: trace.agents,
      steps: trace.steps,
      edges: toViewEdges(trace.steps, trace.edges),
      index,
      state: DEFAULT_VIEW_STATE,
    });
    const standing = Object.fromEntries(flow.nodes.map((n) => [n.id, n.data.standing]));
    expect(standing).toMatchObject({ Researcher: "culprit", Analyst: "co-culprit", Writer: "victim" });
    expect(flow.nodes.filter((n) => n.data.isCulprit).map((n) => n.id)).toEqual(["Researcher"]);
  });
});
