import { describe, expect, it } from "vitest";
import { kFoldPooled, kFoldWithinSources, leaveOneSourceOut, scorePrediction, type Item, type Learner } from "./loso";

const item = (id: string, source: string, agent: string, stepIndex: number): Item<string> => ({
  id,
  source,
  gold: { agents: [agent], stepIndex },
  input: agent,
});

describe("leave-one-source-out", () => {
  const items = [item("a1", "A", "x", 3), item("a2", "A", "y", 1), item("b1", "B", "x", 0), item("c1", "C", "z", 5)];
  it("fits each held-out source on the other sources only", () => {
    const seen: string[][] = [];
    const learner: Learner<string, string[]> = {
      name: "spy",
      fit: (groups) => {
        const ids = groups.flat().map((i) => i.id);
        seen.push(ids);
        return ids;
      },
      predict: (ids, it) => ({
        agents: [ids.includes(it.id) ? it.input : "nobody"],
        stepIndex: it.gold.stepIndex,
        confidence: 0.5,
        decided: true,
      }),
    };
    const scored = leaveOneSourceOut(learner, items);
    expect(seen).toEqual([
      ["b1", "c1"],
      ["a1", "a2", "c1"],
      ["a1", "a2", "b1"],
    ]);
    // A learner that only knows records it was fitted on gets none right out of source.
    expect(scored.every((s) => !s.agentHit)).toBe(true);
  });
  it("k-fold within a source never fits on the fold it scores", () => {
    const learner: Learner<string, Set<string>> = {
      name: "spy",
      fit: (groups) => new Set(groups.flat().map((i) => i.id)),
      predict: (ids, it) => ({
        agents: [ids.has(it.id) ? it.input : "nobody"],
        stepIndex: -1,
        confidence: 0,
        decided: false,
      }),
    };
    expect(kFoldWithinSources(learner, items, 2).every((s) => !s.agentHit)).toBe(true);
  });
  it("pooled k-fold never fits on the fold it scores, and fits on other sources' folds too", () => {
    const fits: string[][] = [];
    const learner: Learner<string, Set<string>> = {
      name: "spy",
      fit: (groups) => {
        fits.push(groups.flat().map((i) => i.id));
        return new Set(fits.at(-1));
      },
      predict: (ids, it) => ({
        agents: [ids.has(it.id) ? it.input : "nobody"],
        stepIndex: -1,
        confidence: 0,
        decided: true,
      }),
    };
    const scored = kFoldPooled(learner, items, 2);
    expect(scored).toHaveLength(items.length);
    expect(scored.every((s) => !s.agentHit)).toBe(true);
    // Each fit sees records of more than one source whenever they exist outside the held fold.
    expect(fits.some((ids) => new Set(ids.map((id) => id[0])).size > 1)).toBe(true);
  });
});

describe("scorePrediction", () => {
  it("scores top-1, top-3 and step distance", () => {
    const s = scorePrediction(item("r", "A", "x", 10), {
      agents: ["y", "z", "x"],
      stepIndex: 12,
      confidence: 0.8,
      decided: true,
    });
    expect(s).toMatchObject({ agentHit: false, top3Hit: true, stepExact: false, step1: false, step3: true });
  });
});
