import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import * as G from "./test-graphs";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";

const roleOf = (r: ReturnType<typeof analyzeTrace>, agent: string) => r.agents.find((a) => a.agent === agent)?.role;

describe("test graphs: answers known by construction", () => {
  it("culprit upstream, victim last", () => {
    const r = analyzeTrace(G.culpritUpstreamVictimLast());
    expect(r.decisive?.stepId).toBe("s0");
    expect(r.decisive?.agent).toBe("planner");
    expect(r.decisive?.criteria.primacy).toBe(true);
    expect(roleOf(r, "planner")).toBe("culprit");
    expect(roleOf(r, "writer")).toBe("propagator");
    expect(r.agents[0].agent).toBe("planner");
    expect(r.propagationPath).toEqual(["s0", "s1", "s2"]);
    expect(r.channelPath.map((h) => [h.fromAgent, h.toAgent])).toEqual([["planner", "writer"]]);
  });

  it("error travelling only through shared state", () => {
    const r = analyzeTrace(G.errorThroughSharedState());
    expect(r.decisive?.agent).toBe("pricer");
    expect(r.channelPath[0].edgeKinds).toContain("state");
    expect(roleOf(r, "seller")).toBe("propagator");
  });

  it("bad delegation: manager culprit, worker victim", () => {
    const r = analyzeTrace(G.badDelegation());
    expect(r.decisive?.agent).toBe("manager");
    const s0 = r.steps.find((s) => s.stepId === "s0")!;
    expect(s0.detectors.map((d) => d.name)).toContain("instruction-drift");
    expect(roleOf(r, "worker")).toBe("propagator");
    expect(r.channelPath[0].edgeKinds).toEqual(["delegation"]);
  });

  it("two wrong voters: composed, equal blame, the right voter is a bystander", () => {
    const r = analyzeTrace(G.twoWrongVoters());
    expect(r.interaction.class).toBe("composed");
    const b1 = r.agents.find((a) => a.agent === "voter1")!.blame;
    const b2 = r.agents.find((a) => a.agent === "voter2")!.blame;
    expect(b1).toBeCloseTo(0.5, 6);
    expect(b2).toBeCloseTo(0.5, 6);
    expect(roleOf(r, "voter3")).toBe("bystander");
    expect(r.steps.find((s) => s.stepId === "s0")!.counterfactual.flips).toBe(true);
  });

  it("a tool error retried and recovered is not blamed", () => {
    const r = analyzeTrace(G.toolErrorRecovered());
    expect(r.decisive?.agent).toBe("analyst");
    expect(r.agents.find((a) => a.agent === "coder")!.blame).toBe(0);
    expect(roleOf(r, "coder")).toBe("repairer");
    expect(r.steps.find((s) => s.stepId === "s0")!.fault).toBeLessThan(0.5);
  });

  it("a rubber-stamp reviewer is the culprit and verification collapses", () => {
    const r = analyzeTrace(G.rubberStampReviewer());
    expect(r.decisive?.agent).toBe("reviewer");
    expect(r.flags.verificationCollapseRate).toBe(1);
    const d = r.steps.find((s) => s.stepId === "s1")!.detectors.find((x) => x.name === "abandoned-verification");
    expect(d?.mast).toBe("FM-3.2 no or incomplete verification");
  });

  it("a verifier is known by the role its description gives it, not only by its name", () => {
    // Read on the graph as built, before behaviour is weighed (verifiers-by-behaviour.test.ts).
    const verifiers = (description?: string) => {
      const t = G.rubberStampReviewer();
      t.agents = t.agents.map((a) =>
        a.name === "reviewer" ? { name: "alex", ...(description ? { description } : {}) } : a,
      );
      t.steps = t.steps.map((s) => (s.agent === "reviewer" ? { ...s, agent: "alex" } : s));
      const g = buildGraph(t, resolveConfig());
      return [...g.verifierAgents].map((a) => g.agentNames[a]);
    };
    expect(verifiers("You are the team's code reviewer. You also keep the changelog.")).toEqual(["alex"]);
    // A duty listed later in the description does not make a verifier, nor does a bare name.
    expect(verifiers("You write the changelog. Verify links before posting.")).toEqual([]);
    expect(verifiers()).toEqual([]);
  });

  it("a successful run blames nobody and conserves credit", () => {
    const r = analyzeTrace(G.successfulRun());
    expect(r.decisive).toBeNull();
    expect(r.agents.every((a) => a.blame === 0)).toBe(true);
    const total = r.training.rewards.reduce((s, x) => s + x.reward, 0);
    expect(total).toBeCloseTo(1, 5);
  });

  it("verdict names the root cause and channel", () => {
    const r = analyzeTrace(G.culpritUpstreamVictimLast());
    expect(r.verdict).toMatch(/^Root cause: planner at step 1 /);
    expect(r.verdict).toContain("planner → writer (message)");
  });
});
