/**
 * A value a step says it rounds to is computed from the number it rounds: no value made up. The
 * number rounded keeps its own provenance, and a "rounding" that lands outside half a place is no
 * rounding. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../index";
import { statedRoundings } from "./stated-rounding";

describe("a stated rounding", () => {
  it("reads the value rounded to and the number it rounds", () => {
    expect(statedRoundings("Total is 4850 km, which rounds (half up) to 5000 km.")).toEqual([
      { result: 5000, operands: [4850] },
    ]);
    expect(statedRoundings("Mass ≈ 418.6 g\n# Rounded to the nearest integer: 419 g")).toEqual([
      { result: 419, operands: [418.6] },
    ]);
    expect(statedRoundings("Rounding 17.4 gives 17.")).toEqual([{ result: 17, operands: [17.4] }]);
    expect(statedRoundings("The mean is 3.14159; rounded to 2 decimal places: 3.14")).toEqual([
      { result: 3.14, operands: [3.14159] },
    ]);
  });

  it("near miss: a value outside half its last place, or a game's round, is no rounding", () => {
    expect(statedRoundings("4850 rounds to 7000")).toEqual([]);
    expect(statedRoundings("418.2 rounded: 419")).toEqual([]);
    expect(statedRoundings("Scores of 2.4 in round 2 were kept")).toEqual([]);
  });
});

describe("a step that rounds its figure", () => {
  const notes = (said: string) =>
    analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: "How far is the depot from the port, in whole miles?" },
        agents: [{ name: "Router" }, { name: "Clerk" }],
        steps: [
          { id: "s1", agent: "Router", kind: "tool_result", content: "route length: 2947.6 miles" },
          { id: "s2", agent: "Clerk", kind: "message", content: said },
        ],
      }),
    ).steps.flatMap((s) => s.detectors.filter((d) => /ungrounded|unsourced/.test(d.name)).map((d) => d.evidence.note));

  it("introduces no value by the rounding it states", () => {
    expect(notes("The route is 2947.6 miles, which rounds to 2948 miles.")).toEqual([]);
    // The same figure with no rounding stated is one the step made up.
    expect(notes("The route is 2947.6 miles, and the depot is 2948 miles away.").join(" ")).toMatch(/2948/);
  });
});
