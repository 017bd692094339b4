import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { buildGraph, type EngineGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import { buildGrounding, changesOneDigit, labelOnlyNumbers, swapsDigits } from "./grounding";
import { extractNumbers } from "./text-features";
import { mulberry32 } from "./prng";

/** A random run whose steps state small numbers in their text and input, with or without stated edges. */
function randomRun(seed: number, n: number, stated: boolean): EngineGraph {
  const rand = mulberry32(seed);
  const num = () => String(11 + Math.floor(rand() * 12));
  const steps = Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    agent: `a${Math.floor(rand() * 3)}`,
    kind: "message" as const,
    content: `value ${num()}`,
    ...(rand() < 0.3 ? { input: `use ${num()}` } : {}),
  }));
  const edges = [];
  if (stated)
    for (let i = 1; i < n; i++)
      if (rand() < 0.5) edges.push({ from: `s${Math.floor(rand() * i)}`, to: `s${i}`, kind: "message" as const });
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: `start from ${num()}` },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });
  return buildGraph(trace, DEFAULT_CONFIG);
}

/** A run of one message under a task. */
function oneStep(task: string, content: string): EngineGraph {
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task },
    agents: [{ name: "a" }],
    steps: [{ id: "s0", agent: "a", kind: "message", content }],
    edges: [],
  });
  return buildGraph(trace, DEFAULT_CONFIG);
}

/** The definition: the task, the step's own input, or a step it could see (an ancestor; any earlier step without stated edges) states x. */
function seenByDefinition(g: EngineGraph, v: number, x: string): boolean {
  const states = (u: number) =>
    g.features[u].allNumbers.includes(x) || extractNumbers(g.steps[u].input ?? "").includes(x);
  if (extractNumbers(g.trace.run.task ?? "").includes(x) || extractNumbers(g.steps[v].input ?? "").includes(x))
    return true;
  if (g.edgesInferred) return Array.from({ length: v }, (_, u) => u).some(states);
  const seen = new Set<number>();
  const stack = [v];
  while (stack.length) {
    const w = stack.pop()!;
    for (let k = g.inStart[w]; k < g.inStart[w + 1]; k++) {
      const u = g.edges[g.inEdges[k]].from;
      if (seen.has(u)) continue;
      seen.add(u);
      if (states(u)) return true;
      stack.push(u);
    }
  }
  return false;
}

describe("grounding: seenBefore", () => {
  it("agrees with the definition on runs with stated edges (exact frontiers) and without (chat order)", () => {
    const wrong: string[] = [];
    for (let seed = 1; seed <= 10; seed++) {
      const g = randomRun(seed, 30, seed % 3 !== 0);
      const gr = buildGrounding(g);
      for (let v = 0; v < g.n; v++)
        for (let x = 9; x <= 24; x++)
          if (gr.seenBefore(v, String(x)) !== seenByDefinition(g, v, String(x))) wrong.push(`${seed}: ${x} at ${v}`);
    }
    expect(wrong).toEqual([]);
  });

  it("is built once per graph", () => {
    const g = randomRun(3, 10, true);
    expect(buildGrounding(g)).toBe(buildGrounding(g));
  });

  it("derives a number one operation away from numbers at hand, and not one two operations away", () => {
    const g = randomRun(4, 5, true);
    const gr = buildGrounding(g);
    expect(gr.derivable(4, "7", ["3", "4"])).toBe(true);
    expect(gr.derivable(4, "12", ["3", "4"])).toBe(true);
    expect(gr.derivable(4, String(3 * 4 * 1000 + 7), ["3", "4"])).toBe(false);
  });

  it("does not derive a number at hand with two neighbouring digits swapped: that is a misquote", () => {
    const gr = buildGrounding(oneStep("Count the crates of bay 9.", "That makes 38181 crates."));
    // 38,118 + 63 = 38,181, and 38,181 is 38,118 with its last two digits swapped: a misquote.
    expect(gr.derivable(0, "38181", ["38118", "63"])).toBe(false);
    // Near misses: with no swapped copy at hand a sum with a count the task gives stands (the bay's
    // number is a label, no operand); a short number's swap may be another value.
    const added = buildGrounding(
      oneStep("Count the crates of bay 9, with the 9 added today.", "That makes 38181 crates."),
    );
    expect(added.derivable(0, "38181", ["38172"])).toBe(true);
    expect(gr.derivable(0, "38181", ["38172"])).toBe(false);
    expect(gr.derivable(0, "181", ["118", "63"])).toBe(true);
    expect(swapsDigits("426.9", "429.6")).toBe(true);
    expect(swapsDigits("426.9", "42.69")).toBe(false);
    expect(swapsDigits("4269", "4629")).toBe(true);
    expect(swapsDigits("4269", "9264")).toBe(false);
    // The point stays put, and nothing past the swapped pair differs.
    expect(swapsDigits("426.9", "42.96")).toBe(false);
    expect(swapsDigits("4269", "2461")).toBe(false);
  });

  it("does not derive 1, 0 or 100 % from one number taken from or divided by itself", () => {
    const gr = buildGrounding(oneStep("Measure the seeing.", "It is 1.00 arcsec."));
    expect(gr.derivable(0, "1", ["1.8"])).toBe(false);
    expect(gr.derivable(0, "0", ["1.8"])).toBe(false);
    expect(buildGrounding(oneStep("Measure the load.", "It is 100% of 1.8 t.")).derivable(0, "100", ["1.8"])).toBe(
      false,
    );
    // Near misses: two numbers at hand still subtract and add, a number to itself too, and divide
    // where the step writes a division.
    expect(gr.derivable(0, "1", ["1.8", "0.8"])).toBe(true);
    expect(
      buildGrounding(oneStep("Measure the seeing.", "It is 1.5 per frame.")).derivable(0, "1.5", ["2.7", "1.8"]),
    ).toBe(true);
    expect(gr.derivable(0, "3.6", ["1.8"])).toBe(true);
  });

  it("takes a decimal with one digit changed for a misquote of the number at hand, not a sum with a small one", () => {
    // 335641.83 + 4 = 335645.83, and "4" is at hand in "period 4".
    const gr = buildGrounding(oneStep("Parts spend for period 4?", "It comes to 335645.83 EUR."));
    expect(gr.derivable(0, "335645.83", ["335641.83"])).toBe(false);
    expect(changesOneDigit("335641.83", "335645.83")).toBe(true);
    expect(changesOneDigit("335641.83", "335645.84")).toBe(false);
    expect(changesOneDigit("335641.83", "335641.8")).toBe(false);
    // Whole numbers one digit apart are a count or a year moved on: still derived.
    expect(buildGrounding(oneStep("The 2023 season, then 1 more.", "So 2024.")).derivable(0, "2024", ["2023"])).toBe(
      true,
    );
    expect(changesOneDigit("2023", "2024")).toBe(false);
    // A real sum of two amounts stays one.
    expect(gr.derivable(0, "335645.83", ["335000.00", "645.83"])).toBe(true);
  });

  it("takes no operand from a number the task writes only as a label ('period 4')", () => {
    // 4 + 4 = 8: a misquoted 8.00 would pass as "period 4" doubled.
    const asked = "What was the rail wear during period 4?";
    expect(buildGrounding(oneStep(asked, "It is 8.00 mm.")).derivable(0, "8", ["5"])).toBe(false);
    // The same number as a quantity anywhere in the task is an operand again.
    expect(
      buildGrounding(oneStep("Period 4 ran 4 shifts: the rail wear?", "It is 8.00 mm.")).derivable(0, "8", ["5"]),
    ).toBe(true);
    expect(labelOnlyNumbers("Team 7 scored 7 points in week 3, see page 3 of 10.")).toEqual(new Set(["3"]));
    expect(labelOnlyNumbers("Round 2 and 2.5 mm; step 4mm; level 5%.")).toEqual(new Set(["2"]));
    // Nor from a step it read that writes the number only as a label.
    const relay = (ask: string) =>
      buildGrounding(
        buildGraph(
          ZTrace.parse({
            schema: "culprit.trace/v1",
            run: { outcome: "failure", task: "The rail wear?" },
            agents: [{ name: "lead" }, { name: "clerk" }],
            steps: [
              { id: "s0", agent: "lead", kind: "message", content: ask },
              { id: "s1", agent: "clerk", kind: "message", content: "It is 8.00 mm." },
            ],
            edges: [{ from: "s0", to: "s1", kind: "message" }],
          }),
          DEFAULT_CONFIG,
        ),
      );
    expect(relay("Look it up for period 4.").derivable(1, "8", ["5"])).toBe(false);
    expect(relay("Look it up for the 4 yards.").derivable(1, "8", ["5"])).toBe(true);
    // A decimal's whole part is no label: "phase 3.5" leaves "phase 3" the one use of 3.
    expect(labelOnlyNumbers("Phase 3.5 and phase 3 of the plan.")).toEqual(new Set(["3"]));
  });

  it("takes a quotient of two numbers at hand only where the step writes a division", () => {
    // 1.27 ÷ 0.57 = 2.228: a made-up "2.23" would pass as the ratio of two unrelated readings.
    const bare = buildGrounding(oneStep("Measure the seeing.", "Ridge site: 2.23 arcsec."));
    expect(bare.derivable(0, "2.23", ["1.27", "0.57"])).toBe(false);
    for (const written of [
      "1.27 / 0.57 = 2.23",
      "1.27 ÷ 0.57 gives 2.23",
      "2.23 arcsec per frame",
      "2.23 on average",
      "the ratio is 2.23",
      "about 2.23 times the first",
      "1.27 divided by 0.57",
      "2.23 each",
      "2.23 for every frame",
      "a mean of 2.23",
      "a rate of 2.23",
      "a 2.23-fold spread",
      "a share of 2.23",
      "split into 2.23",
      "the quotient, 2.23",
      "in proportion: 2.23",
      "a fraction: 2.23",
    ])
      expect(buildGrounding(oneStep("Measure the seeing.", written)).derivable(0, "2.23", ["1.27", "0.57"])).toBe(true);
    // Sums, differences and products of two numbers need no mark.
    expect(bare.derivable(0, "1.84", ["1.27", "0.57"])).toBe(true);
    expect(bare.derivable(0, "0.72", ["1.27", "0.57"])).toBe(true);
  });

  it("takes a number times itself only where the step writes a power", () => {
    // 0.89² = 0.7921: a misquote "0.79" of 0.89 would pass as its square.
    expect(buildGrounding(oneStep("Measure the seeing.", "It is 0.79 arcsec.")).derivable(0, "0.79", ["0.89"])).toBe(
      false,
    );
    for (const written of ["0.89² = 0.79", "0.89^2 = 0.79", "0.89 ** 2 gives 0.79", "0.89 squared is 0.79"])
      expect(buildGrounding(oneStep("Measure the seeing.", written)).derivable(0, "0.79", ["0.89"])).toBe(true);
    // Two numbers still multiply unmarked.
    expect(
      buildGrounding(oneStep("Measure the seeing.", "It is 0.79 arcsec.")).derivable(0, "0.79", ["0.89", "0.8876"]),
    ).toBe(true);
  });

  it("takes a percent of a number only with a rate written as a percent at hand", () => {
    const run = (task: string) => oneStep(task, "That comes to 72 crates.");
    // 15 × 480 / 100 = 72: a share when the task gives a rate, a coincidence when it gives two counts.
    expect(buildGrounding(run("How many of the 480 crates are 15% of them?")).derivable(0, "72", [])).toBe(true);
    expect(buildGrounding(run("Stack 15 pallets and 480 crates.")).derivable(0, "72", [])).toBe(false);
  });
});
