import { describe, expect, it } from "vitest";
import {
  agentEdgeId,
  groupFirstStep,
  groupId,
  mergedEdgeId,
  parseMergedEdgeId,
  parsePathLinkId,
  pathLinkId,
  resolveEdgeIds,
} from "./canvas-ids";
import { buildAgentFlow } from "./build-agent-flow";
import { buildStepFlow } from "./build-step-flow";
import { indexReport } from "./index-report";
import { summarizeReport } from "./summarize-run";
import { researchReport, researchTrace } from "./test-fixtures";
import { toViewEdges } from "./view-edges";
import { ALL_EDGE_KINDS } from "./view-state";

describe("canvas ids", () => {
  it("round-trips ids whose parts contain the separators", () => {
    const id = mergedEdgeId("group:a|b", "c>d", "state", "k|ey");
    expect(parseMergedEdgeId(id)).toEqual({ source: "group:a|b", target: "c>d", kind: "state", key: "k|ey" });
    expect(parsePathLinkId(pathLinkId("a>b", "c"))).toEqual({ from: "a>b", to: "c" });
    expect(groupFirstStep(groupId("s:1"))).toBe("s:1");
    expect(groupFirstStep("s1")).toBeNull();
    expect(parseMergedEdgeId("e1")).toBeNull();
    expect(parseMergedEdgeId("merged:%E0%A4%A|b|c|d")).toBeNull();
  });

  it("resolves agent and merged canvas edges to the trace edges they stand for", () => {
    const trace = researchTrace();
    const edges = toViewEdges(trace.steps, trace.edges);
    expect(resolveEdgeIds("e3", trace.steps, edges)).toEqual(["e3"]);
    const planToResearch = resolveEdgeIds(agentEdgeId("Planner", "Researcher", "message"), trace.steps, edges);
    expect(planToResearch).toEqual(["e0"]);
    // a group of Researcher's s2..s4 receiving Planner's message
    expect(resolveEdgeIds(mergedEdgeId("s1", groupId("s2"), "message", undefined), trace.steps, edges)).toEqual(["e0"]);
    expect(resolveEdgeIds(pathLinkId("s1", "s2"), trace.steps, edges)).toEqual([]);
    expect(resolveEdgeIds("nonsense", trace.steps, edges)).toEqual([]);
  });
});

describe("path links (the engine's memory and return links)", () => {
  // The trace states no edge from Analyst's s5 to Writer's s6: the engine's memory/return link carried it.
  const trace = researchTrace();
  const edges = toViewEdges(trace.steps, trace.edges).filter((e) => !(e.from === "s5" && e.to === "s6"));
  const summary = summarizeReport(researchReport());
  const index = indexReport({ ...summary, channelPath: [...summary.channelPath] }, edges);
  const state = { kinds: [...ALL_EDGE_KINDS], hiddenAgents: [], selection: null };

  it("draws a path hop no trace edge states, dotted and on the path", () => {
    const flow = buildStepFlow({ agents: trace.agents, steps: trace.steps, edges, index, state });
    const link = flow.edges.find((e) => e.id === pathLinkId("s5", "s6"));
    expect(link?.data).toMatchObject({ onPath: true, implicit: true, edgeIds: [] });
    // hops a trace edge already draws get no second line
    expect(flow.edges.filter((e) => e.data?.implicit)).toHaveLength(1);
    expect(flow.layout.links).toContainEqual({ source: "s5", target: "s6" });
  });

  it("follows the message filter", () => {
    const flow = buildStepFlow({
      agents: trace.agents,
      steps: trace.steps,
      edges,
      index,
      state: { ...state, kinds: ["state"] },
    });
    expect(flow.edges.some((e) => e.data?.implicit)).toBe(false);
  });

  it("draws an agent hop that only engine links carry in Agents mode", () => {
    const onlyState = edges.filter((e) => e.kind === "state");
    const flow = buildAgentFlow({ agents: trace.agents, steps: trace.steps, edges: onlyState, index, state });
    const hops = flow.edges.filter((e) => e.data?.implicit).map((e) => `${e.source}>${e.target}`);
    for (const hop of summary.channelPath) expect(hops).toContain(`${hop.fromAgent}>${hop.toAgent}`);
  });
});
