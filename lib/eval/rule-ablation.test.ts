import { describe, expect, it } from "vitest";
import {
  ablationVerdict,
  effectOn,
  formatRuleAblation,
  lowersInSource,
  sourceChanges,
  type SourceChange,
} from "./rule-ablation";
import type { Scored } from "./loso";

const scored = (id: string, source: string, agentHit: boolean, stepExact: boolean): Scored => ({
  id,
  source,
  agentHit,
  top3Hit: agentHit,
  stepExact,
  step1: stepExact,
  step3: stepExact,
  confidence: 0.5,
  decided: true,
});
const change = (source: string, agentOn: number, agentOff: number, stepOn = 0, stepOff = 0): SourceChange => ({
  source,
  n: 10,
  agentOn,
  agentOff,
  stepOn,
  stepOff,
  flipped: 0,
});
const home = (s: string) => s === "orchard";

describe("rule ablation", () => {
  it("counts hits per source with the rule on and off, matched by run", () => {
    const on = [
      scored("a", "orchard", true, true),
      scored("b", "orchard", true, false),
      scored("c", "dock", false, false),
    ];
    const off = [
      scored("c", "dock", true, false),
      scored("a", "orchard", false, false),
      scored("b", "orchard", true, true),
    ];
    expect(sourceChanges(on, off)).toEqual([
      // One orchard run gains the agent and the step, the other loses the step: net step change 0, two flips.
      { source: "orchard", n: 2, agentOn: 2, agentOff: 1, stepOn: 1, stepOff: 1, flipped: 2 },
      { source: "dock", n: 1, agentOn: 0, agentOff: 1, stepOn: 0, stepOff: 0, flipped: 1 },
    ]);
    expect(() => sourceChanges(on, off.slice(1))).toThrow(/not scored/);
  });

  it("judges a source by its agent hits, and by the step only at equal agent hits", () => {
    expect(effectOn(change("dock", 6, 5, 1, 3))).toBe(1);
    expect(effectOn(change("dock", 5, 5, 3, 1))).toBe(1);
    expect(effectOn(change("dock", 5, 5, 1, 3))).toBe(-1);
    expect(effectOn(change("dock", 5, 5, 2, 2))).toBe(0);
  });

  it("judges a rule on the sources it was not developed on, and names the others it lowers", () => {
    const verdict = (...c: SourceChange[]) => ablationVerdict(c, "who-and-when", home);
    const outside = [change("dock", 6, 5), change("quay", 5, 5)];
    expect(verdict(change("orchard", 7, 5), ...outside)).toBe("helps out of source");
    expect(verdict(change("orchard", 7, 5), change("dock", 5, 5))).toBe("neutral out of source");
    expect(verdict(change("orchard", 7, 5), change("dock", 6, 5), change("quay", 5, 5, 1, 2))).toBe("hurts");
    // Lowering its own source says nothing about generalising; it is named beside the verdict.
    const own = [change("orchard", 4, 5), ...outside];
    expect(verdict(...own)).toBe("helps out of source");
    expect(lowersInSource(own, "who-and-when", home)).toEqual(["orchard"]);
    expect(lowersInSource(outside, "who-and-when", home)).toEqual([]);
    expect(ablationVerdict([change("dock", 9, 5)], "all five", home)).toBe("developed on all five");
    expect(lowersInSource([change("dock", 4, 5)], "all five", home)).toEqual(["dock"]);
  });

  it("prints on, off and the change in points and runs, the verdict on the rule's first line", () => {
    const lines = formatRuleAblation([
      {
        rule: "given-task",
        layer: "importer",
        developedOn: "who-and-when",
        changes: [change("orchard", 7, 5, 4, 4), change("dock", 5, 5)],
        verdict: "neutral out of source",
        lowers: ["orchard"],
      },
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\s+given-task \(imp\.\)\s+orchard\s+10\s+70\.0 \/\s+50\.0\s+\+20\.0 \(\+2\)/);
    expect(lines[1]).toMatch(/40\.0 \/\s+40\.0\s+0\.0 \(0\)\s+0\s+neutral out of source; lowers orchard$/);
    expect(lines[2]).toMatch(/^\s+dock\s+10\s+50\.0 \/\s+50\.0\s+0\.0 \(0\)/);
    expect(lines[2]).not.toMatch(/source$/);
  });
});
