/**
 * The four demo runs every new user sees first (public/demo). Their answers are known by
 * construction (see each file's task, ground truth and explicit typed edges); the engine must find
 * them through its general mechanisms, so these tests fail if a detector, the propagation model or
 * the localization regresses.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importTrace } from "../importers/index";
import { analyzeTrace } from "./index";
import type { AnalysisReport } from "./types";

const load = (file: string): AnalysisReport => {
  const text = readFileSync(path.join(import.meta.dirname, "../../public/demo", file), "utf8");
  return analyzeTrace(importTrace(text, { fileName: file }).trace);
};
const roleOf = (r: AnalysisReport, agent: string) => r.agents.find((a) => a.agent === agent)?.role;
const blameOf = (r: AnalysisReport, agent: string) => r.agents.find((a) => a.agent === agent)?.blame ?? NaN;
const detectorsAt = (r: AnalysisReport, stepId: string) =>
  r.steps.find((s) => s.stepId === stepId)?.detectors.map((d) => d.name) ?? [];

describe("demo runs: verdicts known by construction", () => {
  it("pipeline-false-success: Researcher's false success claim at s3, not the last agent", () => {
    const r = load("pipeline-false-success.json");
    expect(r.decisive?.agent).toBe("Researcher");
    expect(r.decisive?.stepId).toBe("s3");
    expect(detectorsAt(r, "s3")).toContain("false-success-claim");
    expect(r.flags.falseSuccessClaims.map((c) => c.stepId)).toContain("s3");
    expect(roleOf(r, "Researcher")).toBe("culprit");
    expect(roleOf(r, "Analyst")).toBe("propagator");
    expect(roleOf(r, "Writer")).toBe("propagator");
    expect(roleOf(r, "Reviewer")).not.toBe("culprit");
    expect(detectorsAt(r, "s6")).toContain("abandoned-verification");
    expect(r.agents[0].agent).toBe("Researcher");
    expect(blameOf(r, "Writer")).toBeLessThan(blameOf(r, "Researcher"));
    expect(blameOf(r, "Reviewer")).toBeLessThan(blameOf(r, "Researcher"));
    expect(r.interaction.class).toBe("amplified");
  });

  it("orchestrator-bad-delegation: Orchestrator's drifted instruction at d1", () => {
    const r = load("orchestrator-bad-delegation.json");
    expect(r.decisive?.agent).toBe("Orchestrator");
    expect(r.decisive?.stepId).toBe("d1");
    expect(detectorsAt(r, "d1")).toContain("instruction-drift");
    expect(roleOf(r, "Orchestrator")).toBe("culprit");
    for (const victim of ["FlightAgent", "HotelAgent", "Concierge"]) {
      expect(roleOf(r, victim)).toBe("propagator");
      expect(blameOf(r, victim)).toBe(0);
    }
    expect(r.channelPath[0]).toMatchObject({ fromAgent: "Orchestrator", edgeKinds: ["delegation"] });
    expect(r.interaction.class).toBe("amplified");
  });

  it("voting-ensemble-composed: SolverA and SolverB jointly, the Aggregator only voted", () => {
    const r = load("voting-ensemble-composed.json");
    expect(r.interaction.class).toBe("composed");
    expect(["SolverA", "SolverB"]).toContain(r.decisive?.agent);
    expect(roleOf(r, "SolverA")).toBe("culprit");
    expect(roleOf(r, "SolverB")).toBe("culprit");
    expect(roleOf(r, "Aggregator")).not.toBe("culprit");
    expect(roleOf(r, "SolverC")).toBe("bystander");
    expect(blameOf(r, "SolverA")).toBeCloseTo(0.5, 6);
    expect(blameOf(r, "SolverB")).toBeCloseTo(0.5, 6);
    expect(blameOf(r, "Aggregator")).toBe(0);
  });

  it("shared-memory-corruption: Collector's write contradicting its own tool result at m1", () => {
    const r = load("shared-memory-corruption.json");
    expect(r.decisive?.agent).toBe("Collector");
    expect(r.decisive?.stepId).toBe("m1");
    expect(detectorsAt(r, "m1")).toContain("contradiction");
    expect(roleOf(r, "Pricer")).toBe("propagator");
    expect(roleOf(r, "Responder")).toBe("propagator");
    expect(blameOf(r, "Responder")).toBe(0);
    expect(r.channelPath[0]).toMatchObject({ fromAgent: "Collector", toAgent: "Pricer", edgeKinds: ["state"] });
  });
});
