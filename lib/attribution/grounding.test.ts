import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { buildGraph, type EngineGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import {
  buildGrounding,
  changesOneDigit,
  labelOnlyNumbers,
  millisecondOnlyNumbers,
  swapsDigits,
  yearOnlyNumbers,
} from "./grounding";
import { extractNumbers } from "./text-features";
import { isMeasureUnit, wordsAfterNumbers } from "./measured-numbers";
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

/** A tool step whose content repeats its result, as tool steps do. */
function tool(result: string) {
  return {
    id: "",
    agent: "db",
    kind: "tool_result" as const,
    content: result,
    tool: { name: "lookup", arguments: {}, result },
  };
}

/** A message step whose content is `note`, as a source. */
function said(note: string) {
  return { id: "", agent: "clerk", kind: "message" as const, content: note };
}

/** Source steps, each with a stated edge into one last message that states `claim`. */
function fromSources(
  sources: { id: string; agent: string; kind: "message" | "tool_result"; content: string }[],
  claim: string,
): ReturnType<typeof buildGrounding> {
  const steps = [...sources, { id: "", agent: "analyst", kind: "message" as const, content: claim }].map((s, i) => ({
    ...s,
    id: `s${i}`,
  }));
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Measure the seeing." },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges: sources.map((_, i) => ({ from: `s${i}`, to: `s${sources.length}`, kind: "message" as const })),
  });
  return buildGrounding(buildGraph(trace, DEFAULT_CONFIG));
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
    // Near misses: two numbers at hand still subtract and add, and divide where the step writes a
    // division.
    expect(gr.derivable(0, "1", ["1.8", "0.8"])).toBe(true);
    expect(
      buildGrounding(oneStep("Measure the seeing.", "It is 1.5 per frame.")).derivable(0, "1.5", ["2.7", "1.8"]),
    ).toBe(true);
  });

  it("adds a number to itself only where it is written twice or a doubling is written", () => {
    // One 0.57 at hand: a made-up 1.14 would pass as 0.57 + 0.57.
    const asked = "The west dome read 0.57 arcsec. Measure the east dome.";
    expect(buildGrounding(oneStep(asked, "East dome: 1.14 arcsec.")).derivable(0, "1.14", [])).toBe(false);
    // Written twice (in the task, or by the step itself), or a doubling written, it is a sum.
    expect(
      buildGrounding(oneStep("West read 0.57 arcsec, east read 0.57 arcsec.", "Together 1.14.")).derivable(
        0,
        "1.14",
        [],
      ),
    ).toBe(true);
    expect(buildGrounding(oneStep(asked, "West 0.57, east 0.57: 1.14 in all.")).derivable(0, "1.14", ["0.57"])).toBe(
      true,
    );
    for (const written of [
      "twice that: 1.14",
      "doubled, 1.14",
      "1.14 for the two domes",
      "both: 1.14",
      "a pair, 1.14",
      "pour deux nuits: 1.14",
      "für zwei Nächte 1.14",
      "双份：1.14",
    ])
      expect(buildGrounding(oneStep(asked, written)).derivable(0, "1.14", [])).toBe(true);
    // A word that only holds a doubling word ("Dosage", "Kudos" hold "dos") writes none.
    for (const word of ["Dosage: 1.14 units.", "Kudos, 1.14 units."])
      expect(buildGrounding(oneStep(asked, word)).derivable(0, "1.14", [])).toBe(false);
    // The step's own input counts among the texts it read.
    const withInput = buildGraph(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: asked },
        agents: [{ name: "a" }],
        steps: [
          { id: "s0", agent: "a", kind: "message", input: "The east dome read 0.57 too.", content: "Sum: 1.14." },
        ],
        edges: [],
      }),
      DEFAULT_CONFIG,
    );
    expect(buildGrounding(withInput).derivable(0, "1.14", [])).toBe(true);
  });

  it("takes a three-digit decimal with two neighbouring digits swapped for a misquote too", () => {
    // 1.62 ÷ 1.32 = 1.227: a misquote "1.23" of 1.32 would pass as a quotient where the step writes "average".
    const gr = buildGrounding(oneStep("Average dwell time?", "The average dwell time comes to 1.23 days."));
    expect(gr.derivable(0, "1.23", ["1.62", "1.32"])).toBe(false);
    // Near misses: a three-digit whole number's swap may be another value (123 = 132 − 9), and a
    // three-digit decimal one digit off is as often a small sum (1.20 + 0.03 = 1.23).
    expect(gr.derivable(0, "123", ["132", "9"])).toBe(true);
    expect(gr.derivable(0, "1.23", ["1.2", "0.03"])).toBe(true);
    // A two-digit decimal is too short to read a swap in (1.2 = 2.1 − 0.9).
    expect(gr.derivable(0, "1.2", ["2.1", "0.9"])).toBe(true);
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
    expect(labelOnlyNumbers("Team 7 scored 7 points in week 3, see page 3 of 10.")).toEqual(new Set(["3", "10"]));
    // The count after a label is the listing's pagination; written as a quantity too, or as a decimal
    // or a percent, it is one.
    expect(
      labelOnlyNumbers("Step 2 of 5; page 3 of 3; page 4 of 12, 12 rows; round 6 of 9.5; stage 3 of 40%."),
    ).toEqual(new Set(["2", "5", "3", "4", "6"]));
    // 4.82 + 3 = 7.82: a misquoted 7.82 days would pass as a reading plus the page count.
    const paged = said("Dock B recorded 4.82 days (dwell).\nNote: the service returned page 3 of 3.");
    expect(fromSources([paged], "Dock B: dwell time is 7.82 days.").derivable(1, "7.82", [])).toBe(false);
    const plus = said("Dock B: 4.82 days, plus 3 days.");
    expect(fromSources([plus], "Dock B: 7.82 days.").derivable(1, "7.82", [])).toBe(true);
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
    expect(relay("Look it up for the 4 yards and the 4 bays.").derivable(1, "8", ["5"])).toBe(true);
    // A decimal's whole part is no label: "phase 3.5" leaves "phase 3" the one use of 3.
    expect(labelOnlyNumbers("Phase 3.5 and phase 3 of the plan.")).toEqual(new Set(["3"]));
  });

  it("takes a year that names a period as an operand only of a year or a span of years", () => {
    // 2,024 × 55.30 = 111,927: a made-up 111,930 would pass as the campaign's year times a price.
    const period = said("The 2024 campaign: 55.30 USD per container.");
    expect(fromSources([period], "Dock Nine: 111,930 containers.").derivable(1, "111930", [])).toBe(false);
    // 7,794 + 2,024: a count of frames is no sum with the year it was counted in.
    const fiscal = said("Frames logged in fiscal 2024: 7794.");
    expect(fromSources([fiscal], "Frames: 9,818.").derivable(1, "9818", [])).toBe(false);
    // Near misses: a span or a year from years, and the same number as a count.
    const since = said("Opened in 2019; the 2024 season is its last.");
    expect(fromSources([since], "It ran 5 seasons.").derivable(1, "5", [])).toBe(true);
    expect(fromSources([since], "The next one is 2025.").derivable(1, "2025", ["1"])).toBe(true);
    const counted = said("2024 containers at 55.30 USD per container.");
    expect(fromSources([counted], "Dock Nine: 111,930 USD.").derivable(1, "111930", [])).toBe(true);
    expect(yearOnlyNumbers("In 2023, Dock 2022 season; 2025 crates; fiscal 1899; FY 2100; in 2000.5 h.")).toEqual(
      new Set(["2023", "2022"]),
    );
    // A year the task names is no operand either.
    const asked = "What did the 2024 campaign's containers cost, at 55.30 USD each?";
    expect(buildGrounding(oneStep(asked, "Dock Nine: 111,930 containers.")).derivable(0, "111930", [])).toBe(false);
  });

  it("reads a whole number with four digits before its zero as exact, not rounded to tens", () => {
    // 27,100 + 18.30 = 27,118.30, within 5 of 27,120 only if "27,120" were rounded to tens.
    const fee = said("Birch Quay: 27,100 crates; 18.30 EUR per crate.");
    expect(fromSources([fee], "Birch Quay has 27,120 crates.").derivable(1, "27120", [])).toBe(false);
    // Near misses: an exact sum, and a sum rounded to three digits (27,013 + 90 = 27,103).
    expect(fromSources([said("27,100 crates, then 20 more.")], "27,120 crates.").derivable(1, "27120", [])).toBe(true);
    expect(fromSources([said("27,013 crates, then 90 more.")], "About 27,100.").derivable(1, "27100", [])).toBe(true);
  });

  it("takes no operand from a status a failed call returned ('HTTP 503')", () => {
    // 2,024 ÷ 503 = 4.024: a made-up average of 4.02 would pass as the year over the status code.
    const failed = { id: "", agent: "db", kind: "message" as const, content: "HTTP 503 Service Unavailable" };
    const claim = "Quay East: 4.02 days on average in 2024.";
    expect(fromSources([failed], claim).derivable(1, "4.02", ["2024"])).toBe(false);
    for (const status of ["status 503: unavailable", "error code 503", "errno 503"])
      expect(labelOnlyNumbers(status)).toEqual(new Set(["503"]));
    // An exit code, however a runner writes it, is one too: 3.62 + 1 is no made-up 4.62 days.
    for (const exit of ["exitcode: 1 (execution failed)", '{"exit_code": 1}', "exit status 1", "Exit code=1"])
      expect(labelOnlyNumbers(exit)).toEqual(new Set(["1"]));
    expect(labelOnlyNumbers("exitcode: 1.5; exit code 10%")).toEqual(new Set());
    const runner = { ...failed, content: "Dock A: 3.62 days.\nexitcode: 1 (execution failed)" };
    expect(fromSources([runner], "Dock B: 4.62 days.").derivable(1, "4.62", [])).toBe(false);
    // Near miss: 503 as a count is an operand.
    const counted = { ...failed, content: "503 ships called." };
    expect(fromSources([counted], claim).derivable(1, "4.02", ["2024"])).toBe(true);
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

  it("reads a tool's table once when its content repeats its result", () => {
    // A one-row table read twice totals 0.57 + 0.57; read once, neither it nor a pair makes 1.14.
    const oneRow = "site | seeing\nWest dome | 0.57";
    expect(fromSources([tool(oneRow)], "East dome: 1.14 arcsec.").derivable(1, "1.14", [])).toBe(false);
    // The table's real total stands, its doubled total does not.
    const rows = "site | seeing\nWest | 0.57\nNorth | 0.30\nSouth | 0.20";
    expect(fromSources([tool(rows)], "All three: 1.07 arcsec.").derivable(1, "1.07", [])).toBe(true);
    expect(fromSources([tool(rows)], "All three: 2.14 arcsec.").derivable(1, "2.14", [])).toBe(false);
    // Two sources that each give 0.57 write it twice between them: their sum is 1.14.
    const west = tool("site | seeing\nWest dome | 0.57");
    const north = tool("site | seeing\nNorth dome | 0.57");
    expect(fromSources([west, north], "Together: 1.14 arcsec.").derivable(2, "1.14", [])).toBe(true);
    // An agent relaying the output's 0.57 beside it writes no second reading: a made-up 1.14 for the
    // next site would pass as the relay plus its source. Without an output at hand, two agents' writings count.
    const relay = said("West dome: 0.57 arcsec.");
    expect(fromSources([west, relay], "East dome: 1.14 arcsec.").derivable(2, "1.14", [])).toBe(false);
    const twoSaid = [said("West dome: 0.57 arcsec."), said("North dome: 0.57 arcsec.")];
    expect(fromSources(twoSaid, "Together: 1.14 arcsec.").derivable(2, "1.14", [])).toBe(true);
    // A label is no writing of a quantity: "page 1 of 1" in the step, or in what it read, writes no 1
    // twice, so 1 + 1 is no made-up 2.00's source.
    const crane = said("Ridge yard ran 1 crane.");
    const paged = "Ridge site: 2.00 arcsec.\nNote: the service returned page 1 of 1.";
    expect(fromSources([crane], paged).derivable(1, "2", [])).toBe(false);
    expect(fromSources([crane, said("Served page 1 of 1.")], "Ridge site: 2.00 arcsec.").derivable(2, "2", [])).toBe(
      false,
    );
    expect(fromSources([crane], "Ridge site: 2.00 arcsec, 1 crane and 1 spare.").derivable(1, "2", [])).toBe(true);
    const labelled = buildGrounding(oneStep("Rail wear for period 2, round 2?", "It is 4.00 mm."));
    expect(labelled.derivable(0, "4", ["2"])).toBe(false);
    expect(buildGrounding(oneStep("Rail wear of 2 yards, 2 bays?", "It is 4.00 mm.")).derivable(0, "4", ["2"])).toBe(
      true,
    );
    // Past 64 sources read, a number counts as written twice (conservative: the sum stands).
    const quiet = Array.from({ length: 70 }, () => ({
      id: "",
      agent: "clerk",
      kind: "message" as const,
      content: "noted",
    }));
    const many = [west, ...quiet];
    expect(fromSources(many, "Together: 1.14 arcsec.").derivable(many.length, "1.14", [])).toBe(true);
    expect(fromSources([west, ...quiet.slice(0, 60)], "Together: 1.14.").derivable(61, "1.14", [])).toBe(false);
  });

  it("in a chat with no stated edges, counts every earlier step that writes the number", () => {
    const chat = (...contents: string[]) =>
      buildGrounding(
        buildGraph(
          ZTrace.parse({
            schema: "culprit.trace/v1",
            run: { outcome: "failure", task: "Measure the seeing." },
            agents: [{ name: "a" }, { name: "b" }],
            steps: contents.map((content, i) => ({ id: `s${i}`, agent: i % 2 ? "b" : "a", kind: "message", content })),
            edges: [],
          }),
          DEFAULT_CONFIG,
        ),
      );
    // West's 0.57 two steps back and east's 0.57 in the step before: written twice.
    const two = chat("West dome: 0.57 arcsec.", "Noted.", "East dome: 0.57 arcsec.", "Together: 1.14 arcsec.");
    expect(two.derivable(3, "1.14", [])).toBe(true);
    // One 0.57, however far back, is one writing.
    const one = chat("West dome: 0.57 arcsec.", "Noted.", "Checked.", "East dome: 1.14 arcsec.");
    expect(one.derivable(3, "1.14", [])).toBe(false);
    const near = chat("Noted.", "West dome: 0.57 arcsec.", "East dome: 1.14 arcsec.");
    expect(near.derivable(2, "1.14", [])).toBe(false);
    // Steps after v are not read.
    const later = chat("West dome: 0.57 arcsec.", "East dome: 1.14 arcsec.", "North dome: 0.57 arcsec.");
    expect(later.derivable(1, "1.14", [])).toBe(false);
  });

  it("takes no operand from a millisecond reading unless the step itself speaks in milliseconds", () => {
    // 23,500 + 410 is a made-up 23,910 crates: the 410 is how long a query took.
    const timed = said("Willow yard: 23,500 crates.\n(query took 410 ms)");
    expect(fromSources([timed], "Ridge yard: 23,910 crates.").derivable(1, "23910", [])).toBe(false);
    // Near misses: the same number as a count is an operand, and so is a reading for a step in milliseconds.
    const counted = said("Willow yard: 23,500 crates, and 410 more came in.");
    expect(fromSources([counted], "Ridge yard: 23,910 crates.").derivable(1, "23910", [])).toBe(true);
    const queries = said("First query: 23,500 ms.\n(query took 410 ms)");
    expect(fromSources([queries], "Both queries: 23,910 ms.").derivable(1, "23910", [])).toBe(true);
    // Written as milliseconds once and as a count once, it is a count.
    const both = said("Willow yard: 23,500 crates, 410 of them late.\n(query took 410 ms)");
    expect(fromSources([both], "Ridge yard: 23,910 crates.").derivable(1, "23910", [])).toBe(true);
    expect(millisecondOnlyNumbers("built in 214ms; tests done (58 milliseconds), 3 skipped")).toEqual(
      new Set(["214", "58"]),
    );
  });

  it("takes a percent of a number only with a rate written as a percent at hand", () => {
    const run = (task: string) => oneStep(task, "That comes to 72 crates.");
    // 15 × 480 / 100 = 72: a share when the task gives a rate, a coincidence when it gives two counts.
    expect(buildGrounding(run("How many of the 480 crates are 15% of them?")).derivable(0, "72", [])).toBe(true);
    expect(buildGrounding(run("Stack 15 pallets and 480 crates.")).derivable(0, "72", [])).toBe(false);
  });

  it("takes an amount less or more a percent only with the rate written as a percent at hand", () => {
    const run = (task: string) => oneStep(task, "The coat now costs $68.");
    // 80 less 15 % is 68, and 80 plus 15 % is 92: one step for a shopper, as 15 % of 80 is.
    expect(buildGrounding(run("A $80 coat is 15% off. What does it cost?")).derivable(0, "68", [])).toBe(true);
    expect(buildGrounding(run("A $80 coat plus 15% tax.")).derivable(0, "92", [])).toBe(true);
    expect(buildGrounding(run("A $80 coat and 15 scarves.")).derivable(0, "68", [])).toBe(false);
  });

  it("takes a rate at hand as its fraction, and what is left of a whole after it", () => {
    const run = (task: string, said: string) => buildGrounding(oneStep(task, said));
    // 21 % is 0.21, and a value that loses 21 % a year keeps 0.79 of itself.
    expect(run("The van loses 21% of its value each year.", "Rate: 0.21").derivable(0, "0.21", [])).toBe(true);
    expect(run("The van loses 21% of its value each year.", "It keeps 0.79").derivable(0, "0.79", [])).toBe(true);
    expect(run("The van is 21 years old.", "Rate: 0.21").derivable(0, "0.21", [])).toBe(false);
  });

  it("takes a rate as a percent of itself only where the number is written twice", () => {
    // 87 % of 87 = 75.69: a made-up 75.7 % would pass as the one rate at hand applied to itself.
    const rate = tool("Ridge site, semester B: clear-night fraction = 87.0 %.");
    expect(fromSources([rate], "Ridge site: 75.7 percent clear nights.").derivable(1, "75.7", [])).toBe(false);
    // Near misses: the number written once as the rate and once as the amount, and two numbers.
    const twice = tool("Ridge site: 87 clear nights; 87.0 % of them photometric.");
    expect(fromSources([twice], "75.7 photometric nights.").derivable(1, "75.7", [])).toBe(true);
    const two = tool("Ridge site: 87 clear nights; 90.0 % of them photometric.");
    expect(fromSources([two], "78.3 photometric nights.").derivable(1, "78.3", [])).toBe(true);
  });

  it("takes no product or quotient of two readings in one unit as a reading in that unit", () => {
    // 0.49 × 0.58 = 0.284: a misquoted 0.28 arcsec would pass as the product of two seeings (arcsec²).
    const sites = [tool("Site A: median seeing = 0.49 arcsec."), tool("Site B: median seeing = 0.58 arcsec.")];
    expect(fromSources(sites, "Site B: 0.28 arcsec.").derivable(2, "0.28", [])).toBe(false);
    // 6.38 ÷ 2.90 = 2.2: a ratio of two wear readings is no wear reading.
    const wear = [tool("Yard A: 6.38 mm of wear."), tool("Yard B: 2.90 mm of wear.")];
    expect(fromSources(wear, "Yard A wore 2.20 mm per Yard B mm.").derivable(2, "2.2", [])).toBe(false);
    // Near misses: the value in a squared unit or none, an operand written without the unit or in
    // another unit somewhere at hand, a ratio.
    expect(fromSources(sites, "Site B: 0.28 arcsec².").derivable(2, "0.28", [])).toBe(true);
    expect(fromSources(sites, "The product is 0.28.").derivable(2, "0.28", [])).toBe(true);
    const bare = [sites[0], tool("Site B: seeing factor 0.58.")];
    expect(fromSources(bare, "Site B: 0.28 arcsec.").derivable(2, "0.28", [])).toBe(true);
    expect(fromSources(sites, "Site B: 0.28 arcsec, on a 0.58 mm shim.").derivable(2, "0.28", [])).toBe(true);
    expect(fromSources(wear, "Yard A wore 2.20 times as much.").derivable(2, "2.2", [])).toBe(true);
    const measured = (text: string) => new Map([...wordsAfterNumbers(text)].filter(([, w]) => isMeasureUnit(w)));
    expect(
      measured(
        "A: 0.49 arcsec; B: 0.58 arcsec; 3 crates; 12 km/h; 20 m²; 5 m^2; 7 mm, 7 crates; 8 mm, 8 km, 8 mm; 1.5x",
      ),
    ).toEqual(
      new Map([
        ["0.49", "arcsec"],
        ["0.58", "arcsec"],
        ["12", "km"],
      ]),
    );
  });

  it("reads the unit a record's key ends in as the unit of its value", () => {
    // Records that name the unit in the key (`seeing_arcsec: 0.49`) hold readings as much as "0.49 arcsec".
    const keyed = [
      tool('{"site":"Site A","seeing_arcsec":0.49}'),
      tool("site: Site B\nseeing_arcsec: 0.58\nunit: arcsec"),
    ];
    expect(fromSources(keyed, "Site B: 0.28 arcsec.").derivable(2, "0.28", [])).toBe(false);
    // Near miss: a key that names no unit leaves the value bare, and the product stands.
    const plain = [tool('{"site":"Site A","seeing_factor":0.49}'), tool("site: Site B\nseeing_factor: 0.58")];
    expect(fromSources(plain, "Site B: 0.28 arcsec.").derivable(2, "0.28", [])).toBe(true);
    expect(
      wordsAfterNumbers('seeing_arcsec: 0.49; "wear_mm":0.3; dwell_days = 3.75; count_items: 12; total: 5'),
    ).toEqual(
      new Map([
        ["0.49", "arcsec"],
        ["0.3", "mm"],
        ["3.75", "days"],
      ]),
    );
    // Only a key's value: the unit word must end a key followed by ":" or "=".
    expect(wordsAfterNumbers("sample_days (6) and seeing_arcsec 0.49")).toEqual(new Map());
    // A word after the value comes first; a key's unit stands in for none, or for a word for no thing.
    expect(wordsAfterNumbers("wear_mm: 6 rows; dwell_days: 2 of them")).toEqual(
      new Map([
        ["6", "rows"],
        ["2", "days"],
      ]),
    );
  });

  it("reads a number rounded from a more precise one at hand", () => {
    // Code prints floats in full; agents report them rounded.
    const printed = [tool("Mean: 611.27004518933761, Max: 734.1200012207031")];
    for (const [claim, x] of [
      ["The mean was 611.27.", "611.27"],
      ["The mean was 611.3.", "611.3"],
      ["The high was 734.12.", "734.12"],
    ])
      expect(fromSources(printed, claim).derivation(1, x, [])).toEqual([
        x.startsWith("734") ? "734.1200012207" : "611.2700451893",
      ]);
    // A rounding of one number among many: a data dump fills the operand pool, not this reading.
    const dump = [
      tool(`${Array.from({ length: 300 }, (_, i) => `${1000 + i}.25`).join(", ")}, mean 611.27004518933761`),
    ];
    expect(fromSources(dump, "The mean was 611.27.").derivable(1, "611.27", [])).toBe(true);
    // The task or the step's own input may hold the precise number.
    const asked = buildGrounding(oneStep("Report the mean of 611.27004518933761 rounded.", "The mean was 611.27."));
    expect(asked.derivation(0, "611.27", [])).toEqual(["611.2700451893"]);
    const fed = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Report the mean." },
      agents: [{ name: "a" }],
      steps: [{ id: "s0", agent: "a", kind: "message", input: "Mean: 611.27004518933761", content: "It was 611.27." }],
      edges: [],
    });
    expect(buildGrounding(buildGraph(fed, DEFAULT_CONFIG)).derivable(0, "611.27", [])).toBe(true);
    // Or a number the step itself wrote earlier (its own working).
    const own = buildGrounding(oneStep("Report the mean.", "Mean 611.27004518933761, so about 611.27."));
    expect(own.derivable(0, "611.27", ["611.2700451893"])).toBe(true);
    expect(own.derivable(0, "611.27", [])).toBe(false);
    // Near misses: not the nearest at its decimals, as precise as the number, more precise than it.
    expect(fromSources(printed, "The mean was 611.28.").derivable(1, "611.28", [])).toBe(false);
    expect(fromSources(printed, "The mean was 611.26.").derivable(1, "611.26", [])).toBe(false);
    expect(fromSources(printed, "The mean was 612.").derivable(1, "612", [])).toBe(false);
    // The decimals a value is written with count, not its normalized form: "611.30" is given to two
    // places, "611" to none (a whole number is as often a count or a misquote as a rounding).
    expect(fromSources(printed, "The mean was 611.30.").derivable(1, "611.3", [])).toBe(false);
    expect(fromSources(printed, "The mean was about 611.").derivable(1, "611", [])).toBe(false);
    const two = [tool("Mean: 611.27")];
    expect(fromSources(two, "The mean was 611.28.").derivable(1, "611.28", [])).toBe(false);
    expect(fromSources(two, "The mean was 611.271.").derivable(1, "611.271", [])).toBe(false);
  });

  it("derives a value from the latest tool outputs the step saw, several turns back", () => {
    // A chat chain: the lookup, then turns in between, then a fare difference worked out from it.
    const chat = (between: number, result: string, claim: string, extra: string[] = [], seen = true) => {
      const steps = [
        {
          id: "",
          agent: "db",
          kind: "tool_result" as const,
          content: result,
          tool: { name: "get", arguments: {}, result },
        },
        ...extra.map((r) => ({
          id: "",
          agent: "db",
          kind: "tool_result" as const,
          content: r,
          tool: { name: "get", arguments: {}, result: r },
        })),
        ...Array.from({ length: between }, (_, i) => ({
          id: "",
          agent: i % 2 ? "agent" : "customer",
          kind: "message" as const,
          content: i % 2 ? "Let me check that." : "Please go on.",
        })),
        { id: "", agent: "agent", kind: "message" as const, content: claim },
      ].map((st, i) => ({ ...st, id: `s${i}` }));
      const trace = ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: "Change the flight." },
        agents: [...new Set(steps.map((st) => st.agent))].map((name) => ({ name })),
        steps,
        // Unseen: the lookup is on no path into the last step.
        edges: steps
          .slice(seen ? 1 : 2)
          .map((st, i) => ({ from: `s${seen ? i : i + 1}`, to: st.id, kind: "message" as const })),
      });
      return buildGrounding(buildGraph(trace, DEFAULT_CONFIG)).derivable(
        steps.length - 1,
        claim.match(/\d+(?:\.\d+)?/)![0],
        [],
      );
    };
    const fares = "legs: price 113, price 86";
    expect(chat(6, fares, "The current fare is $199.")).toBe(true);
    expect(chat(6, "legs: price 11.3, price 8.6", "The current fare is $19.9.")).toBe(true);
    // Near misses: a small whole number (one operation on a wide pool makes almost any), an output
    // beyond the steps read back, one behind four later outputs.
    expect(chat(6, "legs: price 13, price 6", "The current fare is $19.")).toBe(false);
    expect(chat(66, fares, "The current fare is $199.")).toBe(false);
    const later = ["seats: 412, rows: 41", "seats: 385, rows: 38", "seats: 377, rows: 37", "seats: 366, rows: 36"];
    expect(chat(2, fares, "The current fare is $199.", later)).toBe(false);
    expect(chat(2, fares, "The current fare is $199.", later.slice(1))).toBe(true);
    // An output with fewer than two figures (a calculator's result, an echo) is no record: it pushes none out.
    expect(chat(2, fares, "The current fare is $199.", ["412.0", "385.0", "", "ok", "366"])).toBe(true);
    // The total of every figure the record files under one key is its own: three legs' fares.
    expect(chat(6, "price: 113\nprice: 86\nprice: 54", "The fare was $253.")).toBe(true);
    expect(chat(6, "price: 113\nprice: 86\nfee: 54", "The fare was $253.")).toBe(false);
    // Nor figures of two records: across records one operation makes almost any value.
    expect(chat(6, "legs: price 113", "The current fare is $199.", ["legs: price 86"])).toBe(false);
    // Nor a value one digit off a figure of the record (a misquote of it, however the rest adds up).
    expect(chat(6, "legs: price 1135, fee 48, price 1283", "The leg costs $1183.")).toBe(false);
    expect(chat(6, "legs: price 1135, fee 48, price 1138", "The leg costs $1183.")).toBe(false);
    expect(chat(6, "legs: price 1135, fee 48, price 1270", "The leg costs $1183.")).toBe(true);
    // Nor an output the step could not see (stated edges, no path from it).
    expect(chat(6, fares, "The current fare is $199.", [], false)).toBe(false);
  });

  it("reads units written out as units of measure", () => {
    // Web pages and prose give distances as "1.6 miles": 1.6 × 2.5 = 4.0 is no distance in miles.
    const trails = [tool("Trail A: 1.6 miles round trip."), tool("Trail B: 2.5 miles round trip.")];
    expect(fromSources(trails, "Trail C: 4.00 miles round trip.").derivable(2, "4", [])).toBe(false);
    // Nor is a distance plus a count of stops.
    const stops = [tool("Trail A: 1.6 miles round trip."), tool("Trail B has 3 stops.")];
    expect(fromSources(stops, "Trail C: 4.6 miles round trip.").derivable(2, "4.6", [])).toBe(false);
    // Near misses: the product as a bare number, a distance plus a distance in another unit.
    expect(fromSources(trails, "Trail C scores 4.00.").derivable(2, "4", [])).toBe(true);
    const km = [tool("Trail A: 1.6 miles round trip."), tool("Trail B: 3 kilometers round trip.")];
    expect(fromSources(km, "Trail C: 4.6 miles round trip.").derivable(2, "4.6", [])).toBe(true);
    expect(["mile", "feet", "inch", "inches", "litres", "gallon", "stops"].map(isMeasureUnit)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("takes no sum of a reading and a count of something else as a reading", () => {
    // 3 − 1.98 = 1.02: a made-up 1.02 arcsec would pass as a cache's hit count minus a seeing.
    const site = tool("Site A: median seeing = 1.98 arcsec.");
    const cache = said("Site A — median seeing: 1.98 arcsec\nCache was warm, 3 hits.");
    expect(fromSources([site, cache], "Site B: 1.02 arcsec.").derivable(2, "1.02", [])).toBe(false);
    // Near misses: the count in a unit (units convert), with no word or a word for no thing, or the
    // value itself written without its unit.
    for (const added of ["3 days", "3", "3 more"]) {
      const other = said(`Site A — median seeing: 1.98 arcsec, then ${added}.`);
      expect(fromSources([site, other], "Site B: 1.02 arcsec.").derivable(2, "1.02", [])).toBe(true);
    }
    expect(fromSources([site, cache], "Site B: 1.02.").derivable(2, "1.02", [])).toBe(true);
    // A sum too, whichever source comes first; and a count written in a unit's singular ("1 day") converts.
    const hits = said("Cache was warm, 3 hits.");
    expect(fromSources([hits, site], "Site B: 4.98 arcsec.").derivable(2, "4.98", [])).toBe(false);
    expect(fromSources([site, hits], "Site B: 4.98 arcsec.").derivable(2, "4.98", [])).toBe(false);
    const day = said("Site A — median seeing: 1.98 arcsec, then 1 day.");
    expect(fromSources([site, day], "Site B: 2.98 arcsec.").derivable(2, "2.98", [])).toBe(true);
    // A number written without a word is no exception: whatever 1.98 is, it and a count of hits
    // make no arcsec. One written with another word is: it may convert.
    const bare = tool("Site A seeing: 1.98.");
    expect(fromSources([bare, hits], "Site B: 1.02 arcsec.").derivable(2, "1.02", [])).toBe(false);
    const other = tool("Site A seeing: 1.98 deg.");
    expect(fromSources([other, hits], "Site B: 1.02 arcsec.").derivable(2, "1.02", [])).toBe(true);
    expect(fromSources([other, bare, hits], "Site B: 1.02 arcsec.").derivable(3, "1.02", [])).toBe(true);
    expect([isMeasureUnit(""), isMeasureUnit("hits"), isMeasureUnit("day"), isMeasureUnit("arcsec")]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(wordsAfterNumbers("1.98 arcsec; 3 hits, 3 hits; 4 more; 5 m, 5 rows; 6")).toEqual(
      new Map([
        ["1.98", "arcsec"],
        ["3", "hits"],
      ]),
    );
  });

  it("takes no sum that leaves a fraction as a count of things", () => {
    // 58,310 + 12.35 = 58,322.35, within half a crate of a misquoted 58,322: a count plus a price.
    const count = tool('{"site":"Ridge site","crates":58310}');
    const price = tool("Fee per crate at Ridge site: 12.35 EUR");
    const claim = "Ridge site shipped 58,322 crates. The fee per crate is 12.35 EUR.";
    expect(fromSources([count, price], claim).derivable(2, "58322", [])).toBe(false);
    // A difference too: 58,310 − 12.35 = 58,297.65, a misquoted 58,298.
    expect(fromSources([count, price], "Ridge site shipped 58,298 crates.").derivable(2, "58298", [])).toBe(false);
    // Near misses: the count written without its noun, or with a word for money or a unit of measure
    // (both round); a whole operand (an exact count); the fraction written with the count's own noun.
    const unpriced = tool("Fee per crate at Ridge site: 12.35");
    for (const written of ["58,322.", "58,322 USD.", "58,322 kg."])
      expect(fromSources([count, unpriced], `Ridge site: ${written}`).derivable(2, "58322", [])).toBe(true);
    // An exact sum stands: fractions that add up to a whole number.
    const score = tool('{"site":"Ridge site","score":58309.65}');
    expect(fromSources([score, price], "Ridge site: 58,322 points.").derivable(2, "58322", [])).toBe(true);
    const whole = tool("Fee per crate at Ridge site: 12 EUR");
    expect(fromSources([count, whole], "Ridge site shipped 58,322 crates.").derivable(2, "58322", [])).toBe(true);
    const share = tool("Ridge site also holds 12.35 crates of returns");
    expect(fromSources([count, share], "Ridge site shipped 58,322 crates.").derivable(2, "58322", [])).toBe(true);
    // A fraction one source writes with the count's noun and another without still counts those things.
    const named = said("That is 12.35 crates of returns.");
    const bare = tool("Returns at Ridge site: 12.35");
    expect(fromSources([count, named, bare], "Ridge site shipped 58,322 crates.").derivable(3, "58322", [])).toBe(true);
    // Nor is a decimal value a count, however it is worded.
    const fine = tool('{"site":"Ridge site","load":58310.5}');
    expect(fromSources([fine, price], "Ridge site: 58,322.85 crates.").derivable(2, "58322.85", [])).toBe(true);
  });

  it("takes a product of two whole numbers as exact, as a sum is", () => {
    // 6,917 × 4 = 27,668 is whole: "27,674" is no rounding of it (a rounded one ends in zeros).
    const perBay = tool('{"yard":"Keel yard","pallets_per_bay":6917}');
    const bays = said("Keel yard has 4 bays.");
    expect(fromSources([perBay, bays], "Keel yard holds 27,674 pallets.").derivable(2, "27674", [])).toBe(false);
    expect(fromSources([perBay, bays], "Keel yard holds 27,668 pallets.").derivable(2, "27668", [])).toBe(true);
    // Nor is "27,668.40", which no whole product rounds to.
    expect(fromSources([perBay, bays], "Keel yard holds 27,668.40 units.").derivable(2, "27668.4", [])).toBe(false);
    // A factor with a fraction gives a product a writer rounds: 6,917 × 0.4 = 2,766.8.
    const share = said("Keel yard keeps a 0.4 share.");
    expect(fromSources([perBay, share], "Keel yard keeps 2,767 pallets.").derivable(2, "2767", [])).toBe(true);
    // Either operand may carry the fraction: 0.4 × 69,173 = 27,669.2, written to the nearest ten.
    const bigBay = tool('{"yard":"Keel yard","pallets_per_bay":69173}');
    expect(fromSources([share, bigBay], "Keel yard keeps 27,670 pallets.").derivable(2, "27670", [])).toBe(true);
  });

  it("takes no count times or over a price as a count of things", () => {
    // 58,310 × 0.74 = 43,149.4 and 58,310 ÷ 0.74 = 78,797.3: a misquoted count landing on either is
    // money, or a count per money, not crates.
    const count = tool('{"site":"Ridge site","crates":58310}');
    const price = tool("Fee per crate at Ridge site: 0.74 EUR");
    const times = "Ridge site shipped 43,149 crates. The fee per crate is 0.74 EUR.";
    expect(fromSources([count, price], times).derivable(2, "43149", [])).toBe(false);
    const over = "Ridge site shipped 78,797 crates. The fee per crate is 0.74 EUR.";
    expect(fromSources([count, price], over).derivable(2, "78797", [])).toBe(false);
    // Near misses: the value written as money, or the price written nowhere as money.
    expect(fromSources([count, price], "Ridge site owes 43,149 EUR.").derivable(2, "43149", [])).toBe(true);
    const bare = tool("Fee per crate at Ridge site: 0.74");
    expect(fromSources([count, bare], "Ridge site shipped 43,149 crates.").derivable(2, "43149", [])).toBe(true);
    // One writing as money is enough, wherever it stands among the others.
    expect(fromSources([count, price, bare], "Ridge site shipped 43,149 crates.").derivable(3, "43149", [])).toBe(
      false,
    );
    // A rate per money written at hand makes money times it a count ("points per EUR").
    const spent = tool("Ridge site spent 58,310 EUR");
    for (const rate of ["per EUR", "for every €", "each euro", "a dollar", "/EUR"]) {
      const scheme = said(`The scheme gives 0.74 points ${rate}.`.replace(" /", "/"));
      expect(fromSources([spent, scheme], "Ridge site earned 43,149 points.").derivable(2, "43149", [])).toBe(true);
    }
    const flat = said("The scheme gives 0.74 points per visit.");
    expect(fromSources([spent, flat], "Ridge site earned 43,149 points.").derivable(2, "43149", [])).toBe(false);
    // A budget over a price is a count: both operands money.
    const budget = tool("Ridge site budget: 58,310 EUR");
    const buy = "Ridge site can buy 78,797 crates, the budget divided by the price.";
    expect(fromSources([budget, price], buy).derivable(2, "78797", [])).toBe(true);
  });

  it("reads labels, years and milliseconds over a tool step's result as well as its content", () => {
    // 6.38 − 4 = 2.38: a misquoted 2.38 would pass as the record minus the period the result names.
    const record = {
      ...tool('{"entity":"Ridge site","period":"period 4","wear_mm":6.38}'),
      content: "Pulling the record.",
    };
    expect(fromSources([record], "Ridge site: 2.38 mm.").derivable(1, "2.38", [])).toBe(false);
    // 2,023 × 5.85 = 11,834.55: a year the result names is no operand of a measurement either.
    const table = { ...tool("entity | period | wear_mm\nRidge site | the 2023 financial year | 5.85"), content: "" };
    expect(fromSources([table], "Ridge site: 11,834.55 mm.").derivable(1, "11834.55", [])).toBe(false);
    // Nor a millisecond reading the result writes: 6.38 − 4 with "4 ms" the query's time.
    const timed = { ...record, tool: { ...record.tool, result: "Ridge site: 6.38 mm of wear. Query took 4 ms." } };
    expect(fromSources([timed], "Ridge site: 2.38 mm.").derivable(1, "2.38", [])).toBe(false);
    // Near miss: the same number as a quantity in the result is an operand.
    const counted = {
      ...record,
      tool: { ...record.tool, result: "Ridge site: 6.38 mm of wear, 4 mm before regrinding." },
    };
    expect(fromSources([counted], "Ridge site: 2.38 mm.").derivable(1, "2.38", [])).toBe(true);
  });
});
