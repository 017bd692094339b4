/**
 * Rulings and tallies as debates write them: a qualified position noun ("the majority answer is (A)"),
 * "Majority: Madrid", a tally behind its own label ("Tally — (A): 2 votes"), an option letter closed by
 * a full stop; and a yes or no after a short lead ("On reflection, no — …") is a position. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../index";
import { statedRuling, statedTally } from "./stated-position";

/** A failed group chat whose last message is its final step. */
function chat(task: string, steps: string[][]) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task },
    agents: [...new Set(steps.map(([a]) => a))].map((name) => ({ name })),
    steps: steps.map(([agent, content], i) => ({
      id: `m${i}`,
      agent,
      kind: i === steps.length - 1 ? "final" : "message",
      content,
    })),
  });
}

describe("rulings and tallies in a debate's words", () => {
  it("reads a qualified position noun and a bare majority", () => {
    expect(statedRuling("Tally done. The majority answer is (C).")?.value).toBe("o:c");
    expect(statedRuling("Majority: Lisbon")?.value).toBe("e:lisbon");
    expect(statedRuling("Our agreed choice: (B)")?.value).toBe("o:b");
  });

  it("reads a name cased any way after a position noun whole, not its capitalised first word", () => {
    expect(statedRuling("My position: Dorrit wefts.")?.value).toBe("e:dorrit wefts");
    expect(statedRuling("My vote: Dorrit wefts. The ledger backs it.")?.value).toBe("e:dorrit wefts");
    // Near misses: a clause after the name, or a number with its unit, keeps the value it opens with.
    expect(statedRuling("My position: Dorrit, as the ledger shows.")?.value).toBe("e:dorrit");
    expect(statedRuling("My answer: 42 crates.")?.value).toBe("n:42");
  });

  it("reads an answer given as a JSON field", () => {
    expect(statedRuling('{"answer": "no", "confidence": 0.8}')?.value).toBe("y:no");
    expect(statedRuling('{"final_answer": "(C)", "votes": {"C": 2}}')?.value).toBe("o:c");
  });

  it("reads a tally behind its own label", () => {
    expect(statedTally("Tally — (C): 2 votes, (D): 1 vote.").map((t) => [t.value.value, t.count])).toEqual([
      ["o:c", 2],
      ["o:d", 1],
    ]);
  });
});

describe("a judge that miscounts the votes it lists", () => {
  it("is where the wrong ruling entered", () => {
    const steps = [
      ["Chair", "Round 1. Choose one option: which metal is liquid at room temperature? (A) Iron (B) Mercury (C) Tin"],
      ["Pia", "Mercury melts at about -39 °C. Answer: (B)"],
      ["Rex", "Tin is soft, so it may be liquid. Answer: (C)"],
      ["Sam", "Mercury, clearly. Answer: (B)"],
      ["Chair", "Round 2. Cast your final vote."],
      ["Pia", "Vote: (B)"],
      ["Rex", "Vote: (C)"],
      ["Sam", "Vote: (B)"],
      ["Judge", "Tally — (C): 2 votes, (B): 1 vote. The majority answer is (C)."],
    ];
    const trace = chat("Which metal is liquid at room temperature? (A) Iron (B) Mercury (C) Tin", steps);
    expect(analyzeTrace(trace).decisive?.agent).toBe("Judge");
  });
});

describe("a judge that rules for the minority it weighed", () => {
  const debate = (judge: string) => {
    const steps = [
      ["Chair", "Round 1. Debaters, answer: which river is the longest in the valley?"],
      ["Pia", "The Arlen — about 410 km long."],
      ["Rex", "The Arlen."],
      ["Sam", "The Morrow — it rises furthest north."],
      ["Judge", judge],
    ];
    return chat("Which river is the longest in the valley?", steps);
  };

  it("is where the wrong ruling entered", () => {
    const report = analyzeTrace(debate("Sam's argument persuades me. Final answer: the Morrow."));
    expect(report.decisive?.agent).toBe("Judge");
    expect(report.claims?.some((c) => c.detector === "overruled-majority")).toBe(true);
  });

  it("is no finding when it follows the majority", () => {
    const report = analyzeTrace(debate("Two of three agree. Final answer: the Arlen."));
    expect(report.claims?.some((c) => c.detector === "overruled-majority")).toBe(false);
  });
});

describe("a closing ruling that states a number", () => {
  it("answers with that number, not with the alternatives its tally lists", () => {
    const report = analyzeTrace(
      chat("A ferry sails at 24 km/h. How far does it go in 45 minutes?", [
        ["Chair", "Round 1. Debaters, answer the question."],
        ["Lena", "45 / 60 × 24 = 18 km."],
        ["Omar", "16 km — ferries slow down near the pier."],
        ["Pip", "16 km."],
        ["Judge", "Tally: 18 got 1 vote, 16 got 2 votes. Final answer: 16"],
      ]),
    );
    expect(report.decisive?.agent).not.toBe("Lena");
  });
});
