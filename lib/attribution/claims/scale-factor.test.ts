/**
 * A power of ten a step multiplies or divides by converts a unit or a scale: no fact it states, so
 * no unsourced value. A range written with a dash, and a power of ten stated as a count, stay values.
 * Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../index";
import { scaleFactors } from "./scale-factor";

describe("a power of ten as a factor or a divisor", () => {
  it("is read in symbols and in words", () => {
    expect(scaleFactors("share = (late / total) * 100")).toEqual(new Set(["100"]));
    expect(scaleFactors("Divide the difference by 1,000 to give it in thousands.")).toEqual(new Set(["1000"]));
    expect(scaleFactors("version // 10000 gives the major number")).toEqual(new Set(["10000"]));
    expect(scaleFactors("In tens of thousands, that is 3,200,000 ÷ 10,000 = 320.")).toEqual(new Set(["10000"]));
    expect(scaleFactors("multiplying the ratio by 100")).toEqual(new Set(["100"]));
    expect(scaleFactors("pct = 100 * late / total")).toEqual(new Set(["100"]));
  });

  it("near miss: a range, a count and a bound are values", () => {
    expect(scaleFactors("Gas and parking come to $80-100.")).toEqual(new Set());
    expect(scaleFactors("The depot holds 1,000 crates.")).toEqual(new Set());
    expect(scaleFactors("between 100 and 200 crates")).toEqual(new Set());
  });
});

describe("a step that scales its result", () => {
  const run = (said: string) =>
    analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: "What share of the 412 crates arrived late? 103 did." },
        agents: [{ name: "Clerk" }],
        steps: [{ id: "s1", agent: "Clerk", kind: "message", content: said }],
      }),
    ).steps.flatMap((s) => s.detectors.filter((d) => /ungrounded|unsourced/.test(d.name)).map((d) => d.evidence.note));

  it("introduces no value by the power of ten it divides or multiplies by", () => {
    expect(run("Late share: 103 / 412 = 0.25, and multiplying by 100 gives 25 percent.")).toEqual([]);
    // The same number stated as a fact is still one.
    expect(run("Late share: 103 / 412 = 0.25, and 1,000 crates came late.").join(" ")).toMatch(/1,000/);
  });
});
