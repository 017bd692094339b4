import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Intervention } from "../protocol";
import { fakeReplay } from "../test-fake-replay";
import { sequentialIntervention } from "./sequential-intervention";
import { binarySearchSteps } from "./binary-search-steps";
import { leaveOneOut } from "./leave-one-out";
import { replayShapley } from "./replay-shapley";

const steps = (n: number, agents = ["A", "B", "C"]) =>
  Array.from({ length: n }, (_, i) => ({ stepId: `s${i}`, agent: agents[i % agents.length] }));

describe("sequentialIntervention", () => {
  it("stops at the first agent whose repair flips the outcome", async () => {
    const calls: Intervention[][] = [];
    const r = await sequentialIntervention(["A", "B", "C", "D"], fakeReplay([[{ agent: "B", stepId: "s1" }]], calls));
    expect(r.confirmed).toBe("B");
    expect(r.tried).toEqual([
      { agent: "A", outcome: "failure" },
      { agent: "B", outcome: "success" },
    ]);
    expect(r.untried).toEqual(["C", "D"]);
    expect(calls).toEqual([[{ agent: "A", mode: "resample" }], [{ agent: "B", mode: "resample" }]]);
  });

  it("confirms nobody when two faults must both be repaired", async () => {
    const r = await sequentialIntervention(
      ["A", "B"],
      fakeReplay([[{ agent: "A", stepId: "s0" }], [{ agent: "B", stepId: "s1" }]]),
    );
    expect(r.confirmed).toBeNull();
    expect(r.tried.map((t) => t.outcome)).toEqual(["failure", "failure"]);
  });
});

describe("binarySearchSteps", () => {
  it("finds the decisive step of any single fault in at most ⌈log₂ n⌉ + 1 replays", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 200 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 }))),
        async ([n, k]) => {
          const s = steps(n);
          const calls: Intervention[][] = [];
          const r = await binarySearchSteps(s, fakeReplay([[s[k]]], calls));
          expect(r.decisiveStepId).toBe(`s${k}`);
          expect(r.decisiveAgent).toBe(s[k].agent);
          expect(calls.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)) + 1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("finds the later of two faults that must both be repaired (the step that completes the repair)", async () => {
    const s = steps(20);
    const r = await binarySearchSteps(s, fakeReplay([[s[3]], [s[11]]]));
    expect(r.decisiveStepId).toBe("s11");
  });

  it("reports an unrepairable failure instead of guessing", async () => {
    const r = await binarySearchSteps(steps(8), async () => "failure");
    expect(r.decisiveStepId).toBeNull();
    expect(r.probes).toHaveLength(1);
    expect(r.note).toMatch(/not repairable/);
  });
});

describe("leaveOneOut", () => {
  it("marks the single faulty agent as necessary with n + 1 replays", async () => {
    const calls: Intervention[][] = [];
    const r = await leaveOneOut(["A", "B", "C"], fakeReplay([[{ agent: "C", stepId: "s2" }]], calls));
    expect(r.values).toEqual({ A: 0, B: 0, C: 1 });
    expect(r.necessary).toEqual(["C"]);
    expect(calls).toHaveLength(4);
  });

  it("finds no necessary agent when faults are redundant (either repair suffices)", async () => {
    const r = await leaveOneOut(
      ["A", "B"],
      fakeReplay([
        [
          { agent: "A", stepId: "s0" },
          { agent: "B", stepId: "s1" },
        ],
      ]),
    );
    expect(r.necessary).toEqual([]);
    expect(r.allRepaired).toBe("success");
  });

  it("stops after one replay when repairing everyone still fails", async () => {
    const calls: Intervention[][] = [];
    const r = await leaveOneOut(["A", "B"], async (iv) => (calls.push(iv), "failure"));
    expect(r.allRepaired).toBe("failure");
    expect(calls).toHaveLength(1);
  });
});

describe("replayShapley", () => {
  it("splits a joint failure equally and is efficient", async () => {
    const r = await replayShapley(
      ["A", "B", "C"],
      fakeReplay([[{ agent: "A", stepId: "s0" }], [{ agent: "B", stepId: "s1" }]]),
    );
    expect(r.values).toEqual({ A: 0.5, B: 0.5, C: 0 });
    expect(r.total).toBe(1);
    expect(r.coalitions["A+B"]).toBe(1);
    expect(r.coalitions["A"]).toBe(0);
  });

  it("gives a single culprit all the value, with 2^n − 1 replays", async () => {
    const calls: Intervention[][] = [];
    const r = await replayShapley(["A", "B", "C", "D"], fakeReplay([[{ agent: "D", stepId: "s3" }]], calls));
    expect(r.values).toEqual({ A: 0, B: 0, C: 0, D: 1 });
    expect(calls).toHaveLength(15);
  });

  it("refuses more than four players", async () => {
    await expect(replayShapley(["A", "B", "C", "D", "E"], async () => "failure")).rejects.toThrow(/at most 4/);
  });
});
