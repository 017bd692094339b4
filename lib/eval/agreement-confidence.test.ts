import { describe, expect, it } from "vitest";
import type { CandidateTable } from "../attribution/model/candidates";
import { agreementConfidence } from "./agreement-confidence";
import type { HybridInput } from "./hybrid";
import type { Item } from "./loso";

/** Three steps by agents A, B, C; the gold agent's step carries the toy detector. */
function table(gold: number): CandidateTable {
  const names = ["det:toy", "pos:relative"];
  const x = new Float64Array([0, 1, 2].flatMap((i) => [i === gold ? 1 : 0, i / 2]));
  return {
    names,
    steps: [0, 1, 2],
    agentOf: [0, 1, 2],
    stepIds: ["s0", "s1", "s2"],
    agentNames: ["A", "B", "C"],
    x,
    kinds: ["worker", "worker", "worker"],
    candidates: 3,
    candidateAgents: 3,
    effectiveAgents: 3,
    activity: [1 / 3, 1 / 3, 1 / 3],
  };
}

/** The rules name the gold agent on even k, another agent on odd k. */
function item(source: string, k: number): Item<HybridInput> {
  const gold = k % 3;
  const named = k % 2 === 0 ? gold : (gold + 1) % 3;
  const t = table(gold);
  return {
    id: `${source}${k}`,
    source,
    gold: { agents: [t.agentNames[gold]], stepIndex: gold },
    input: {
      table: { example: { table: t, goldRows: [gold], goldStep: gold }, traceIndex: [0, 1, 2] },
      verdict: {
        prediction: { agents: [t.agentNames[named]], stepIndex: named, confidence: 0, decided: true },
        features: { bias: 1 },
      },
    },
  };
}

describe("confidence with out-of-fold rules/ranker agreement", () => {
  it("states more confidence where a held-out ranker agrees with the rules", () => {
    const groups = ["A", "B", "C"].map((s) => Array.from({ length: 12 }, (_, k) => item(s, k)));
    const learner = agreementConfidence(undefined, 0.5);
    const m = learner.fit(groups);
    const agree = learner.predict(m, item("D", 0));
    const disagree = learner.predict(m, item("D", 1));
    expect(m.confidence["ens:agree"]).toBeGreaterThan(0);
    expect(agree.confidence).toBeGreaterThan(disagree.confidence + 0.1);
    expect(agree.agents[0]).toBe("A");
  });
});
