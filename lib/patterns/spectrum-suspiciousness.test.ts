import { describe, expect, it } from "vitest";
import {
  kulczynski2,
  localFrequencyBoost,
  ochiai,
  spectrumSuspiciousness,
  type SpectrumRun,
} from "./spectrum-suspiciousness";
import { behaviourSignature, detectorHits, runBehaviours } from "./behaviour-signature";

const b = (agent: string, signature: string) => ({ agent, signature });

/**
 * Hand-computed example, λ = 0.9:
 *   F1 (target): X·a ×2, Y·b ×1     F2: X·a ×1     S1: Y·b ×1, X·c ×1
 */
const runs: SpectrumRun[] = [
  { runId: "F1", outcome: "failure", behaviours: [b("X", "a"), b("Y", "b"), b("X", "a")] },
  { runId: "F2", outcome: "failure", behaviours: [b("X", "a")] },
  { runId: "S1", outcome: "success", behaviours: [b("Y", "b"), b("X", "c")] },
];

describe("FAMAS spectrum formula", () => {
  it("Kulczynski2 and Ochiai on hand-computed counts", () => {
    expect(kulczynski2(1.9, 0, 0)).toBe(1);
    expect(kulczynski2(1, 1, 1)).toBe(0.5);
    expect(kulczynski2(1.9, 0, 1)).toBeCloseTo(0.5 * (1 + 1.9 / 2.9), 12);
    expect(kulczynski2(0, 2, 1)).toBe(0);
    expect(ochiai(1, 1, 1)).toBe(0.5);
    expect(ochiai(2, 0, 0)).toBe(1);
  });

  it("α = 1 + log_{1/λ}(f)", () => {
    expect(localFrequencyBoost(0, 0.9)).toBe(1);
    expect(localFrequencyBoost(1, 0.9)).toBe(1);
    // log_{1/0.9}(2) = ln 2 / ln(1/0.9) = 0.693147 / 0.105361 = 6.578813
    expect(localFrequencyBoost(2, 0.9)).toBeCloseTo(7.578813, 5);
  });

  it("ranks behaviours of the hand-computed example", () => {
    const r = spectrumSuspiciousness(runs);
    expect(r.targetRunId).toBe("F1");
    expect([r.failed, r.passed]).toEqual([2, 1]);
    const xa = r.behaviours[0];
    // X·a: n_cf = 0.9^(2−1) + 0.9^0 = 1.9, n_cs = 0, n_uf = 0 → K2 = 1; α = 7.578813;
    // β = 3 occurrences / 4 of X = 0.75; γ = 2 runs / 3 runs with X; S = 7.578813 · 1 · 1.75 · 5/3 = 22.10487
    expect(xa).toMatchObject({
      agent: "X",
      signature: "a",
      ncf: 1.9,
      ncs: 0,
      nuf: 0,
      kulczynski2: 1,
      beta: 0.75,
      inTarget: 2,
      failedRunIds: ["F1", "F2"],
    });
    expect(xa.gamma).toBeCloseTo(2 / 3, 12);
    expect(xa.score).toBeCloseTo(22.10487, 4);
    expect(xa.ochiai).toBe(1);
    const yb = r.behaviours[1];
    // Y·b: n_cf = 1, n_cs = 1, n_uf = 1 → K2 = ½(½ + ½) = 0.5; α = 1; β = 1; γ = 1; S = 0.5 · 2 · 2 = 2
    expect(yb).toMatchObject({ agent: "Y", signature: "b", kulczynski2: 0.5, alpha: 1, beta: 1, gamma: 1, score: 2 });
    expect(yb.ochiai).toBe(0.5);
    // X·c never occurs in a failure: S = 0.
    expect(r.behaviours[2]).toMatchObject({ signature: "c", score: 0, kulczynski2: 0 });
  });

  it("scores agents by their top behaviour, with their own presence Kulczynski2", () => {
    const r = spectrumSuspiciousness(runs);
    expect(r.agents.map((a) => [a.agent, a.topBehaviour])).toEqual([
      ["X", "a"],
      ["Y", "b"],
    ]);
    // X present: F1 ×2 → 0.9^1, F2 ×1 → 0.9^0: n_cf = 1.9; S1 ×1 → n_cs = 1; n_uf = 0 → K2 = ½(1 + 1.9/2.9)
    expect(r.agents[0].kulczynski2).toBeCloseTo(0.5 * (1 + 1.9 / 2.9), 12);
    expect(r.agents[1].kulczynski2).toBe(0.5);
  });

  it("uses the chosen target run for α", () => {
    const r = spectrumSuspiciousness(runs, { targetRunId: "F2" });
    const xa = r.behaviours.find((x) => x.signature === "a")!;
    expect(xa.inTarget).toBe(1);
    expect(xa.alpha).toBe(1);
    // 1 · 1 · 1.75 · 5/3
    expect(xa.score).toBeCloseTo(2.916667, 5);
  });

  it("rejects λ outside (0, 1)", () => {
    expect(() => spectrumSuspiciousness(runs, { lambda: 1 })).toThrow(/λ/);
  });
});

describe("behaviour signatures", () => {
  it("keep the act and drop the wording", () => {
    const step = {
      id: "s1",
      agent: "R",
      kind: "tool_call" as const,
      content: "anything",
      status: "error" as const,
      tool: { name: "search" },
    };
    expect(behaviourSignature(step)).toBe("tool_call search ✕");
    expect(behaviourSignature({ ...step, content: "other words" } as typeof step, ["b", "a", "a"])).toBe(
      "tool_call search ✕ [a, b]",
    );
  });

  it("take detectors from the report, above the minimum score", () => {
    const steps = [{ id: "s1", agent: "R", kind: "message" as const, content: "x", status: "ok" as const }];
    const report = {
      steps: [
        {
          stepId: "s1",
          detectors: [
            { name: "false-success", score: 0.8 },
            { name: "weak", score: 0.1 },
          ],
        },
        { stepId: "s2", detectors: [{ name: "weak", score: 0.49 }] },
      ],
    };
    const hits = detectorHits(report);
    expect(hits).toEqual([{ stepId: "s1", detectors: ["false-success"] }]);
    expect(runBehaviours({ steps }, hits)).toEqual([{ agent: "R", signature: "message [false-success]" }]);
  });
});
