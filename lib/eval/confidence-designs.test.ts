import { describe, expect, it } from "vitest";
import { CHANCE } from "../attribution/model/confidence";
import { learnedConfidence, type VerdictInput } from "./learners";
import { pessimisticDesign, runLengthDesign, unfamiliarCapDesign } from "./confidence-designs";
import { formatDesignSummary } from "./loso-report";
import type { Item, Scored } from "./loso";

/** A verdict naming "p"; right when the gold agent is "p". `majority` marks the named agent doing most of the work. */
function verdict(source: string, k: number, majority: boolean, right: boolean, participants = 3): Item<VerdictInput> {
  const features = { bias: 1, [CHANCE]: 0.2, ...(majority ? { "agent:majority": 1 } : {}) };
  return {
    id: `${source}-${k}`,
    source,
    gold: { agents: [right ? "p" : "q"], stepIndex: 0 },
    input: {
      prediction: { agents: ["p"], stepIndex: 0, confidence: 0, decided: true },
      features,
      pool: { ...features, "run:participants": Math.log(participants) },
    },
  };
}

/** 20 verdicts: those by the agent doing most of the work right at rate `hi`, the others at rate `lo`. */
const group = (source: string, hi: number, lo: number) =>
  Array.from({ length: 20 }, (_, k) => verdict(source, k, k < 10, k < 10 ? k < hi * 10 : k - 10 < lo * 10));

describe("confidence designs", () => {
  it("pessimistic across sources states no more than the least of the fits that left one source out", () => {
    // Doing most of the work means "right" in one source only: the fit without that source ignores it.
    const groups = [group("A", 1, 0.2), group("B", 0.5, 0.5), group("C", 0.5, 0.5)];
    const probe = verdict("D", 0, true, true);
    const plain = learnedConfidence();
    const pessimistic = pessimisticDesign();
    const stated = pessimistic.predict(pessimistic.fit(groups), probe).confidence;
    expect(stated).toBeLessThan(plain.predict(plain.fit(groups), probe).confidence - 0.05);
    for (let i = 0; i < groups.length; i++) {
      const without = plain.fit(groups.filter((_, j) => j !== i));
      expect(stated).toBeLessThanOrEqual(plain.predict(without, probe).confidence + 1e-12);
    }
  });

  it("caps a run with more participants than any training run at the training verdicts' accuracy", () => {
    const groups = [group("A", 1, 0.6), group("B", 1, 0.6)];
    const design = unfamiliarCapDesign();
    const m = design.fit(groups);
    const familiar = design.predict(m, verdict("C", 0, true, true, 3)).confidence;
    const crowded = design.predict(m, verdict("C", 1, true, true, 12)).confidence;
    expect(familiar).toBeGreaterThan(0.85);
    expect(crowded).toBeCloseTo(0.8, 6);
  });

  it("run length never raises the confidence, even where longer runs happen to be right more often", () => {
    // Long runs (run:candidates 1) right, short ones (0) wrong: the unconstrained fit would reward length.
    const withLength = (it: Item<VerdictInput>, long: boolean): Item<VerdictInput> => ({
      ...it,
      input: { ...it.input, pool: { ...it.input.pool, "run:candidates": long ? 1 : 0 } },
    });
    const groups = ["A", "B"].map((s) =>
      Array.from({ length: 20 }, (_, k) => withLength(verdict(s, k, false, k < 10), k < 10)),
    );
    const w = runLengthDesign.fit(groups);
    expect(w["run:candidates"] ?? 0).toBe(0);
    const short = runLengthDesign.predict(w, withLength(verdict("C", 0, false, true), false)).confidence;
    const long = runLengthDesign.predict(w, withLength(verdict("C", 1, false, true), true)).confidence;
    expect(long).toBeLessThanOrEqual(short);
  });
});

describe("design summary", () => {
  const scored = (source: string, confidence: number, agentHit: boolean): Scored => ({
    id: `${source}${confidence}${agentHit}`,
    source,
    agentHit,
    top3Hit: agentHit,
    stepExact: false,
    step1: false,
    step3: false,
    confidence,
    decided: confidence >= 0.45,
  });

  it("names the source whose stated-high verdicts are right least often", () => {
    const rows = [
      scored("S", 0.9, true),
      scored("S", 0.8, true),
      scored("T", 0.75, false),
      scored("T", 0.72, true),
      scored("T", 0.4, false),
    ];
    const text = formatDesignSummary([{ design: "toy", scheme: "LOSO", scored: rows }], 0.45);
    expect(text).toContain("coverage  80.0 %");
    expect(text).toContain("worst T 50.0 % of 2");
    expect(text).toContain("undetermined 20.0 %");
  });
});
