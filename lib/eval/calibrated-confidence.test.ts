import { describe, expect, it } from "vitest";
import { calibratedConfidence } from "./calibrated-confidence";
import type { VerdictInput } from "./learners";
import type { Item } from "./loso";

/** One verdict naming agent "x"; right when the gold agent is "x"; `flag` is its only feature. */
const verdict = (source: string, k: number, flag: boolean, right: boolean): Item<VerdictInput> => ({
  id: `${source}${k}`,
  source,
  gold: { agents: [right ? "x" : "y"], stepIndex: 0 },
  input: {
    prediction: { agents: ["x"], stepIndex: 0, confidence: 0, decided: true },
    features: { bias: 1, ...(flag ? { "rule:toy": 1 } : {}) },
  },
});

/** A group of 20 verdicts: flagged ones right with rate `flagged`, unflagged with rate `plain`. */
const group = (source: string, flagged: number, plain: number) =>
  Array.from({ length: 20 }, (_, k) => verdict(source, k, k < 10, k < 10 ? k < flagged * 10 : k - 10 < plain * 10));

describe("out-of-fold calibrated confidence", () => {
  it("shrinks a feature that does not carry over between groups toward the base rate", () => {
    // The flag means "right" in one group and nothing in the other two: held out, it overstates.
    const groups = [group("A", 0.9, 0.2), group("B", 0.5, 0.5), group("C", 0.5, 0.5)];
    const learner = calibratedConfidence(0.3);
    const m = learner.fit(groups);
    // In logit space the map multiplies every gap by a: |a| < 1 is the shrink; a consistent feature keeps more.
    const consistent = learner.fit([group("A", 0.9, 0.2), group("B", 0.8, 0.2), group("C", 0.9, 0.1)]);
    expect(Math.abs(m.a)).toBeLessThan(0.5);
    expect(consistent.a).toBeGreaterThan(Math.abs(m.a) + 0.25);
  });

  it("keeps the order of a feature that carries over, and marks low confidence undetermined", () => {
    const groups = [group("A", 0.9, 0.2), group("B", 0.8, 0.2), group("C", 0.9, 0.1)];
    const learner = calibratedConfidence(0.5);
    const m = learner.fit(groups);
    expect(m.a).toBeGreaterThan(0);
    const hi = learner.predict(m, groups[0][0]);
    const lo = learner.predict(m, groups[0][15]);
    expect(hi.confidence).toBeGreaterThan(lo.confidence);
    expect(hi.decided).toBe(true);
    expect(lo.decided).toBe(false);
  });
});
