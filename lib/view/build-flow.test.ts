import { describe, expect, it } from "vitest";
import { AGENT_MAX_COLUMNS, buildAgentFlow, agentEdgeId } from "./build-agent-flow";
import { buildStepFlow, groupId } from "./build-step-flow";
import { indexReport } from "./index-report";
import { summarizeReport } from "./summarize-run";
import { toViewEdges } from "./view-edges";
import { researchReport, researchTrace } from "./test-fixtures";
import { ALL_EDGE_KINDS } from "./view-state";
import type { TTrace } from "../trace/schema";

const trace = researchTrace();
const edges = toViewEdges(trace.steps, trace.edges);
const index = indexReport(researchReport(), edges);
const allKinds = [...ALL_EDGE_KINDS];

describe("buildStepFlow", () => {
  it("makes one node per step with its mark, and typed edges with the path lit", () => {
    const flow = buildStepFlow({
      agents: trace.agents,
      steps: trace.steps,
      edges,
      index,
      state: { kinds: allKinds, hiddenAgents: [], selection: null },
    });
    expect(flow.nodes.map((n) => n.id)).toEqual(trace.steps.map((s) => s.id));
    const s4 = flow.nodes.find((n) => n.id === "s4")!;
    expect(s4.type === "step" && s4.data.mark).toBe("origin");
    const s7 = flow.nodes.find((n) => n.id === "s7")!;
    expect(s7.type === "step" && s7.data.aggregates).toBe(true);
    expect(
      flow.edges
        .filter((e) => e.data!.onPath)
        .map((e) => e.id)
        .sort(),
    ).toEqual(["e3", "e4", "e7"]);
    expect(flow.edges.find((e) => e.id === "e5")!.data).toMatchObject({ kind: "state", key: "figures" });
    expect(flow.laneNodes.find((l) => l.data.agent === "Researcher")!.data.isCulprit).toBe(true);
  });

  it("filters by edge kind and by agent", () => {
    const flow = buildStepFlow({
      agents: trace.agents,
      steps: trace.steps,
      edges,
      index,
      state: { kinds: ["state"], hiddenAgents: ["Planner"], selection: null },
    });
    expect(flow.nodes.some((n) => n.id === "s1")).toBe(false);
    expect(flow.edges.map((e) => e.id)).toEqual(["e5"]);
    expect(flow.layout.laneCount).toBe(4);
  });

  it("shows only the brushed window of steps", () => {
    const flow = buildStepFlow({
      agents: trace.agents,
      steps: trace.steps,
      edges,
      index,
      state: { kinds: allKinds, hiddenAgents: [], selection: null, range: [2, 4] },
    });
    expect(flow.nodes.map((n) => n.id)).toEqual(["s3", "s4", "s5"]);
    expect(flow.edges.map((e) => e.id)).toEqual(["e2", "e3"]);
  });

  it("collapses unremarkable runs of one agent in huge runs, keeping the path and the selection", () => {
    const big = longTrace(60);
    const bigEdges = toViewEdges(big.steps, big.edges);
    const bigIndex = indexReport(
      {
        ...researchReport(),
        decisive: { ...researchReport().decisive!, stepId: "x30" },
        propagationPath: ["x30", "x31"],
        channelPath: [],
        steps: [],
        training: { rewards: [], preferencePairs: [] },
      },
      bigEdges,
    );
    const flow = buildStepFlow({
      agents: big.agents,
      steps: big.steps,
      edges: bigEdges,
      index: bigIndex,
      state: { kinds: allKinds, hiddenAgents: [], selection: { type: "step", id: "x10" } },
      collapseAbove: 20,
    });
    expect(flow.collapsed).toBe(true);
    const ids = flow.nodes.map((n) => n.id);
    for (const keep of ["x10", "x30", "x31"]) expect(ids).toContain(keep);
    expect(ids.length).toBeLessThan(20);
    // every step is shown by exactly one node, and edges never connect a node to itself
    expect(big.steps.every((s) => flow.nodeOfStep.has(s.id))).toBe(true);
    expect(flow.edges.every((e) => e.source !== e.target)).toBe(true);
    // an expanded group shows its steps again
    const g = flow.nodes.find((n) => n.type === "stepGroup")!;
    const expanded = buildStepFlow({
      agents: big.agents,
      steps: big.steps,
      edges: bigEdges,
      index: bigIndex,
      state: { kinds: allKinds, hiddenAgents: [], selection: null },
      collapseAbove: 20,
      expanded: new Set([g.id]),
    });
    expect(expanded.nodes.some((n) => n.id === g.id)).toBe(false);
    expect(groupId("x0")).toBe("group:x0");
  });

  it("groups corrupted steps off the path too (counting them), so a run where every step is corrupted still collapses", () => {
    const big = longTrace(60);
    const bigEdges = toViewEdges(big.steps, big.edges);
    // Every step corrupted; only x30..x31 carried the failure onward (the path).
    const steps = big.steps.map((s) => ({
      stepId: s.id,
      agent: s.agent,
      fault: 0.6,
      corrupted: true,
      onPath: s.id === "x30" || s.id === "x31",
      detectorCount: 1,
    }));
    const summary = {
      ...summarizeReport(researchReport()),
      decisive: { ...researchReport().decisive!, stepId: "x30" },
      propagationPath: ["x30", "x31"],
      channelPath: [],
      steps,
      repairStepIds: [],
    };
    const bigIndex = indexReport(summary, bigEdges);
    const flow = buildStepFlow({
      agents: big.agents,
      steps: big.steps,
      edges: bigEdges,
      index: bigIndex,
      state: { kinds: allKinds, hiddenAgents: [], selection: null },
      collapseAbove: 20,
    });
    const ids = flow.nodes.map((n) => n.id);
    expect(ids).toContain("x30");
    expect(ids).toContain("x31");
    // the last step (the answer) ends the story and stays visible too
    expect(ids).toContain("x59");
    expect(ids.length).toBeLessThan(10);
    const groups = flow.nodes.filter((n) => n.type === "stepGroup");
    // each group counts the corrupted steps it hides, and together they hide all the others
    expect(groups.reduce((sum, g) => sum + (g.type === "stepGroup" ? g.data.carried : 0), 0)).toBe(57);
    expect(groups.every((g) => g.type === "stepGroup" && g.data.carried === g.data.stepIds.length)).toBe(true);
  });
});

describe("buildAgentFlow", () => {
  it("aggregates step edges per agent pair and kind, skipping self-loops", () => {
    const flow = buildAgentFlow({
      agents: trace.agents,
      steps: trace.steps,
      edges,
      index,
      state: { kinds: allKinds, hiddenAgents: [] },
    });
    expect(flow.nodes.map((n) => n.id)).toEqual(["Planner", "Researcher", "Analyst", "Writer", "Reviewer"]);
    const ids = flow.edges.map((e) => e.id).sort();
    expect(ids).toEqual(
      [
        agentEdgeId("Planner", "Researcher", "message"),
        agentEdgeId("Researcher", "Analyst", "message"),
        agentEdgeId("Analyst", "Writer", "message"),
        agentEdgeId("Researcher", "Reviewer", "state"),
        agentEdgeId("Reviewer", "Writer", "delegation"),
      ].sort(),
    );
    expect(flow.edges.find((e) => e.id === agentEdgeId("Researcher", "Analyst", "message"))!.data!.onPath).toBe(true);
    expect(flow.edges.find((e) => e.id === agentEdgeId("Researcher", "Reviewer", "state"))!.data!.onPath).toBe(false);
    const researcher = flow.nodes.find((n) => n.id === "Researcher")!;
    expect(researcher.data).toMatchObject({ isCulprit: true, role: "culprit", blame: 0.71 });
    // layered: every edge between distinct columns points rightwards
    const x = new Map(flow.nodes.map((n) => [n.id, n.position.x]));
    expect(x.get("Analyst")!).toBeGreaterThan(x.get("Researcher")!);
  });
});

function longTrace(n: number): TTrace {
  const agents = [{ name: "A" }, { name: "B" }];
  const steps = Array.from({ length: n }, (_, i) => ({
    id: `x${i}`,
    agent: i % 2 ? "B" : "A",
    kind: "message" as const,
    content: `m${i}`,
    status: "ok" as const,
  }));
  return {
    schema: "culprit.trace/v1",
    run: { outcome: "failure", sourceFormat: "culprit" },
    agents,
    steps,
    edges: [],
    labels: [],
    warnings: [],
  };
}

describe("buildAgentFlow layout", () => {
  it("wraps a long chain of agents into bands of at most AGENT_MAX_COLUMNS columns", () => {
    const names = Array.from({ length: 9 }, (_, i) => `a${i}`);
    const steps = names.map((agent, i) => ({
      id: `x${i}`,
      agent,
      kind: "message" as const,
      content: "",
      status: "ok" as const,
    }));
    const edges = toViewEdges(
      steps,
      steps
        .slice(1)
        .map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const, evidence: "", confidence: 1 })),
    );
    const flow = buildAgentFlow({
      agents: names.map((name) => ({ name })),
      steps,
      edges,
      index: indexReport(null, edges),
      state: { kinds: ["message"], hiddenAgents: [] },
    });
    const xs = new Set(flow.nodes.map((n) => n.position.x));
    expect(xs.size).toBe(AGENT_MAX_COLUMNS);
    const pos = new Map(flow.nodes.map((n) => [n.id, n.position]));
    expect(pos.get("a4")!.y).toBeGreaterThan(pos.get("a3")!.y + 96);
    expect(pos.get("a4")!.x).toBe(pos.get("a0")!.x);
    // no two agents overlap
    const keys = flow.nodes.map((n) => `${n.position.x},${n.position.y}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
