import { describe, expect, it } from "vitest";
import { confoundFlags } from "./confound-flags";
import { analyzeTrace } from "./analyze-trace";
import { rubberStampReviewer } from "./test-graphs";
import { ZTrace } from "../trace/schema";

describe("token-share confound (review §2f: 100× the tokens got no flag)", () => {
  it("flags an agent with most of the tokens and under half that share of attribution", () => {
    const f = confoundFlags({
      agents: ["A", "B"],
      tokens: Float64Array.from([100_000, 1_000]),
      attribution: Float64Array.from([0.2, 0.8]),
      verificationCollapseRate: 0,
      approvals: 0,
    });
    expect(f.tokenShareConfounds.map((c) => c.agent)).toEqual(["A"]);
    expect(f.tokenShareConfounds[0].tokenShare).toBeCloseTo(100 / 101, 5);
    expect(f.tokenShareConfounds[0].ratio).toBeCloseTo(100 / 101 / 0.2, 4);
    const none = confoundFlags({
      agents: ["A", "B"],
      tokens: Float64Array.from([100_000, 1_000]),
      attribution: Float64Array.from([0, 1]),
      verificationCollapseRate: 0,
      approvals: 0,
    });
    expect(none.tokenShareConfounds[0].ratio).toBeNull();
  });

  it("does not flag a heavy spender that also carries the attribution, or a run without token counts", () => {
    expect(
      confoundFlags({
        agents: ["A", "B"],
        tokens: Float64Array.from([100_000, 1_000]),
        attribution: Float64Array.from([0.9, 0.1]),
        verificationCollapseRate: 0,
        approvals: 0,
      }).tokenShareConfounds,
    ).toEqual([]);
    expect(
      confoundFlags({
        agents: ["A", "B"],
        tokens: Float64Array.from([0, 0]),
        attribution: Float64Array.from([1, 0]),
        verificationCollapseRate: 0,
        approvals: 0,
      }).tokenShareConfounds,
    ).toEqual([]);
  });

  it("is computed on every run: a successful run with one agent spending 100× the tokens of the one that mattered", () => {
    const trace = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "success" },
      agents: [{ name: "Browser" }, { name: "Solver" }],
      steps: [
        { id: "b0", agent: "Browser", kind: "message", content: "looked around the site", tokens: { total: 50_000 } },
        { id: "b1", agent: "Browser", kind: "message", content: "looked around more", tokens: { total: 50_000 } },
        { id: "s0", agent: "Solver", kind: "message", content: "worked it out from the table", tokens: { total: 500 } },
        { id: "s1", agent: "Solver", kind: "final", content: "the answer is 12", tokens: { total: 500 } },
      ],
      edges: [
        { from: "b0", to: "b1", kind: "message" },
        { from: "s0", to: "s1", kind: "message" },
      ],
    });
    const report = analyzeTrace(trace);
    expect(report.flags.tokenShareConfounds?.map((c) => c.agent)).toEqual(["Browser"]);
  });
});

describe("verification collapse feeds a flag", () => {
  it("a rubber-stamp reviewer collapses verification", () => {
    const report = analyzeTrace(rubberStampReviewer());
    expect(report.flags.verificationCollapseRate).toBe(1);
    expect(report.flags.verificationCollapsed).toBe(true);
  });

  it("no approvals, no collapse", () => {
    expect(
      confoundFlags({
        agents: [],
        tokens: new Float64Array(0),
        attribution: new Float64Array(0),
        verificationCollapseRate: 0,
        approvals: 0,
      }).verificationCollapsed,
    ).toBe(false);
    expect(
      confoundFlags({
        agents: [],
        tokens: new Float64Array(0),
        attribution: new Float64Array(0),
        verificationCollapseRate: 0.4,
        approvals: 5,
      }).verificationCollapsed,
    ).toBe(false);
  });
});

describe("confound flag boundaries (from the mutation run's survivors)", () => {
  const flags = (tokens: number[], attribution: number[], rate = 0, approvals = 0) =>
    confoundFlags({
      agents: tokens.map((_, i) => `A${i}`),
      tokens: Float64Array.from(tokens),
      attribution: Float64Array.from(attribution),
      verificationCollapseRate: rate,
      approvals,
    });

  it("exactly half of the tokens, or exactly half of the token share as attribution, is not a confound", () => {
    expect(flags([500, 500], [0, 1]).tokenShareConfounds).toEqual([]);
    expect(flags([800, 200], [0.4, 0.6]).tokenShareConfounds).toEqual([]);
    expect(flags([800, 200], [0.39, 0.61]).tokenShareConfounds.map((c) => c.agent)).toEqual(["A0"]);
  });

  it("attribution is compared as a share, whatever its scale, and the note says the percentages", () => {
    const c = flags([900, 100], [2, 8]).tokenShareConfounds;
    expect(c).toHaveLength(1);
    expect(c[0].attributionShare).toBeCloseTo(0.2, 9);
    expect(c[0].evidence).toEqual({
      stepIds: [],
      note: "A0 spent 90% of the run's 1000 tokens but holds 20% of the attribution",
    });
  });

  it("collapse needs at least one approval and a rate of one half or more", () => {
    expect(flags([], [], 0.5, 2).verificationCollapsed).toBe(true);
    expect(flags([], [], 0.49, 2).verificationCollapsed).toBe(false);
    expect(flags([], [], 0.5, 0).verificationCollapsed).toBe(false);
  });
});
