/**
 * A figure stated for one thing the task names that only another thing's record gave, where no
 * lookup of the first was made: the step that states it borrowed it. Each case has near misses that
 * must stay quiet. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { taskThings } from "./borrowed-value";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { buildProvenance } from "./provenance";
import { findClaimIssues } from "./claim-findings";

type Step = TTraceInput["steps"][number];

const TASK = "What is the combined nitrate of Alder Plot and Birchmoor together, in mg/L?";
const lookup = (id: string, plot: string, result: string): Step[] => [
  { id: `${id}c`, agent: "Sampler", kind: "tool_call", tool: { name: "soil_probe", arguments: { plot } } },
  { id: `${id}r`, agent: "Sampler", kind: "tool_result", content: result },
];
const ALDER = lookup("a", "Alder Plot", "plot | nitrate_mg_l\nAlder Plot | 7.35");

function run(middle: Step[], task = TASK) {
  const steps: Step[] = [
    { id: "t", agent: "user", kind: "message", content: task },
    ...middle,
    { id: "sum", agent: "Adder", kind: "message", content: "Adding them gives 14.70 mg/L in total." },
  ];
  return analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task, finalAnswer: "14.70 mg/L" },
      agents: [{ name: "user", kind: "task_giver" }, { name: "Sampler" }, { name: "Adder" }],
      steps,
    }),
  );
}
const post = (id: string, text: string): Step => ({ id, agent: "Sampler", kind: "message", content: text });

describe("a figure borrowed from another thing's record", () => {
  it("is where the wrong value entered, however the thing is written (a board key)", () => {
    const r = run([
      ...ALDER,
      post("p1", "Posted alder_plot.nitrate = 7.35 mg/L to the board."),
      post("p2", "Posted birchmoor.nitrate = 7.35 mg/L to the board."),
    ]);
    expect(r.decisive?.stepId).toBe("p2");
    expect(r.decisive?.evidence.note).toContain("7.35 for Birchmoor, but it is Alder Plot's figure");
  });
  it("near misses: the thing looked up too, the line naming both, a thing the task does not name", () => {
    const both = run([
      ...ALDER,
      ...lookup("b", "Birchmoor", "plot | nitrate_mg_l\nBirchmoor | 7.35"),
      post("p2", "Posted birchmoor.nitrate = 7.35 mg/L to the board."),
    ]);
    expect(both.decisive?.evidence.note ?? "").not.toContain("but it is");
    for (const task of [TASK, "What is the combined nitrate of Birchmoor and Alder Plot together, in mg/L?"]) {
      const pair = run([...ALDER, post("p2", "Birchmoor reads 7.35 mg/L, as Alder Plot does.")], task);
      expect(pair.decisive?.evidence.note ?? "").not.toContain("but it is");
    }
    const other = run([...ALDER, post("p2", "Posted kestrel.nitrate = 7.35 mg/L to the board.")]);
    expect(other.decisive?.evidence.note ?? "").not.toContain("but it is");
  });
  it("past the outputs read for a lookup of the thing, it counts as looked up (conservative)", () => {
    const noise = (n: number) => Array.from({ length: n }, (_, i) => lookup(`n${i}`, "all", "ok")).flat();
    const borrowed = (n: number) =>
      run([...ALDER, ...noise(n), post("p2", "Posted birchmoor.nitrate = 7.35 mg/L to the board.")]);
    expect(borrowed(3).decisive?.evidence.note).toContain("but it is");
    expect(borrowed(420).decisive?.evidence.note ?? "").not.toContain("but it is");
  });
  it("past the values read per run, none is (no finding: the conservative direction)", () => {
    const posts = Array.from({ length: 300 }, (_, i) => post(`p${i}`, `Posted birchmoor.nitrate_${i} = 7.35 mg/L.`));
    const t = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: TASK },
      agents: [{ name: "Sampler" }],
      steps: [...ALDER, ...posts],
    });
    const g = buildGraph(t, resolveConfig({}));
    const borrowed = findClaimIssues(g, buildProvenance(g)).filter((f) => f.note.includes("but it is"));
    expect(borrowed).toHaveLength(256);
  });
  it("is read at each writing of the value: the same figure given for the owner, then for the thing", () => {
    const twice = run([...ALDER, post("p2", "Alder Plot: 7.35 mg/L.\nBirchmoor comes to 7.35 mg/L as well.")]);
    expect(twice.decisive?.stepId).toBe("p2");
    expect(twice.decisive?.evidence.note).toContain("7.35 for Birchmoor, but it is Alder Plot's figure");
    // Near misses: a longer number holding the value is no writing of it, and past four writings none is read.
    // Sentences of one line are read apart, also where one ends in a number's short unit.
    for (const said of [
      "Birchmoor: 7.35 g. Alder Plot comes to 7.35 g.",
      "Alder Plot comes to 7.35 g. Birchmoor: 7.35 g.",
    ]) {
      const oneLine = run([...ALDER, post("p2", said)]);
      expect(oneLine.decisive?.stepId).toBe("p2");
      expect(oneLine.decisive?.evidence.note).toContain("7.35 for Birchmoor, but it is Alder Plot's figure");
    }
    // Near misses: one sentence naming both things, and an abbreviation before a name ("St. Ives").
    expect(
      run([...ALDER, post("p2", "Birchmoor and Alder Plot: 7.35 g each.")]).decisive?.evidence.note ?? "",
    ).not.toContain("but it is");
    expect(
      run([...ALDER, post("p2", "Near St. Ives, Birchmoor and Alder Plot: 7.35 g.")]).decisive?.evidence.note ?? "",
    ).not.toContain("but it is");
    const longer = run([...ALDER, post("p2", "Alder Plot: 7.35 mg/L.\nBirchmoor comes to 17.35 or 7.351 mg/L.")]);
    expect(longer.decisive?.evidence.note ?? "").not.toContain("but it is");
    const fifth = "Alder Plot: 7.35 mg/L (7.35, 7.35, 7.35).\nBirchmoor comes to 7.35 mg/L.";
    expect(run([...ALDER, post("p2", fifth)]).decisive?.evidence.note ?? "").not.toContain("but it is");
  });
  it("a thing looked up too, whose own record gave another measurement, is stated with the owner's figure", () => {
    const birch = lookup("b", "Birchmoor", "Birchmoor nitrate: 5.73 mg/L");
    const r = run([...ALDER, ...birch, post("p2", "board[birchmoor.nitrate] := 7.35 mg/L")]);
    expect(r.decisive?.stepId).toBe("p2");
    expect(r.decisive?.evidence.note).toContain("7.35 for Birchmoor, but it is Alder Plot's figure in ar");
    expect(r.decisive?.evidence.note).toContain("Birchmoor's own record br gave 5.73");
    // Near misses: a record that shows the value too, a figure of another size, a whole number, and
    // listings on either side.
    const quiet = (steps: Step[], said = "board[birchmoor.nitrate] := 7.35 mg/L") =>
      run([...steps, post("p2", said)]).decisive?.evidence.note ?? "";
    expect(
      quiet([...ALDER, ...lookup("b", "Birchmoor", "Birchmoor nitrate: 7.35 mg/L (5.73 last year)")]),
    ).not.toContain("but it is");
    expect(quiet([...ALDER, ...lookup("b", "Birchmoor", "Birchmoor nitrate: 15.73 mg/L")])).not.toContain("but it is");
    // A record that shows the value as a float printed in full (2.45 × 3) shows it too.
    const full = lookup("b", "Birchmoor", "Birchmoor nitrate: 7.3500000000000005 mg/L (5.73 last year)");
    expect(quiet([...ALDER, ...full])).not.toContain("but it is");
    const wholes = [...lookup("a", "Alder Plot", "Alder Plot | 735"), ...lookup("b", "Birchmoor", "Birchmoor | 573.5")];
    expect(quiet(wholes, "board[birchmoor.nitrate] := 735 mg/L")).not.toContain("but it is");
    const listing = lookup("b", "Birchmoor", "Birchmoor nitrate: 5.73, 5.81, 5.92, 6.04 mg/L");
    expect(quiet([...ALDER, ...listing])).not.toContain("but it is");
    const owners = lookup("a", "Alder Plot", "Alder Plot nitrate: 7.35, 7.41, 7.52, 7.60 mg/L");
    expect(quiet([...owners, ...birch])).not.toContain("but it is");
    // Nor a record that gives a count of the same size, or one a lookup of both things produced.
    expect(quiet([...ALDER, ...lookup("b", "Birchmoor", "Birchmoor samples: 12")])).not.toContain("but it is");
    const both = lookup("b", "Birchmoor and Alder Plot", "Birchmoor nitrate: 5.73 mg/L");
    expect(quiet([...ALDER, ...both])).not.toContain("but it is");
    // Nor a record looked up only after the step, the thing named before it by a listing of plots.
    const named = lookup("l", "all", "plots: Alder Plot, Birchmoor");
    const later = run([...ALDER, ...named, post("p2", "board[birchmoor.nitrate] := 7.35 mg/L"), ...birch]);
    expect(later.decisive?.evidence.note ?? "").not.toContain("but it is");
  });
  it("a thing looked up too, whose own record gave another count of the same things, is stated with the owner's count", () => {
    const alder = lookup("a", "Alder Plot", "Alder Plot: samples taken = 4,317 cores.");
    const birch = lookup("b", "Birchmoor", "Birchmoor: samples taken = 3,845 cores.");
    const said = (text: string, steps = [...alder, ...birch]) =>
      run([...steps, post("p2", text)]).decisive?.evidence.note ?? "";
    expect(said("Posted birchmoor.samples = 4,317 cores to the board.")).toContain(
      "4,317 for Birchmoor, but it is Alder Plot's figure in ar, and Birchmoor's own record br gave 3,845",
    );
    // Near misses: a count of other things, a number with no word after it, a small one (a date's
    // day, an index), and an own record that counts something else.
    expect(said("Posted birchmoor.samples = 4,317 rows to the board.")).not.toContain("but it is");
    const measured = lookup("b", "Birchmoor", "Birchmoor: samples taken = 3,845.5 cores.");
    expect(said("Posted birchmoor.samples = 4,317 to the board.", [...alder, ...measured])).not.toContain("but it is");
    const small = [
      ...lookup("a", "Alder Plot", "Alder Plot: samples taken = 99 cores."),
      ...lookup("b", "Birchmoor", "Birchmoor: samples taken = 87 cores."),
    ];
    expect(said("Posted birchmoor.samples = 99 cores to the board.", small)).not.toContain("but it is");
    const other = lookup("b", "Birchmoor", "Birchmoor: samples taken = 3,845 rows.");
    expect(said("Posted birchmoor.samples = 4,317 cores to the board.", [...alder, ...other])).not.toContain(
      "but it is",
    );
  });
  it("counts a failed lookup of the thing as none: it gave no record of it", () => {
    const failed = (status: "error" | "ok"): Step[] => [
      { id: "bc", agent: "Sampler", kind: "tool_call", tool: { name: "soil_probe", arguments: { plot: "Birchmoor" } } },
      { id: "br", agent: "Sampler", kind: "tool_result", content: "Birchmoor: rate limit exceeded", status },
    ];
    const r = run([...ALDER, ...failed("error"), post("p2", "Birchmoor nitrate: 7.35 mg/L")]);
    expect(r.decisive?.stepId).toBe("p2");
    expect(r.decisive?.evidence.note).toContain("7.35 for Birchmoor, but it is Alder Plot's figure");
    // A failure the output states in its text, with no error status, is one too.
    const stated: Step = {
      id: "br",
      agent: "Sampler",
      kind: "tool_result",
      content: '{"status": "error", "plot": "Birchmoor"}',
    };
    const said = run([...ALDER, failed("ok")[0], stated, post("p2", "Birchmoor nitrate: 7.35 mg/L")]);
    expect(said.decisive?.evidence.note).toContain("7.35 for Birchmoor, but it is Alder Plot's figure");
    // Near miss: an output that names the thing and reports no failure is a lookup of it.
    const named = run([...ALDER, ...failed("ok"), post("p2", "Birchmoor nitrate: 7.35 mg/L")]);
    expect(named.decisive?.evidence.note ?? "").not.toContain("but it is");
  });
  it("reads a tool step whose content repeats its result as one record, not two", () => {
    // Each output gives a year and a figure; read twice, four figures made a listing and no record.
    const echoed = (id: string, plot: string, result: string): Step[] => [
      { id: `${id}c`, agent: "Sampler", kind: "tool_call", tool: { name: "soil_probe", arguments: { plot } } },
      { id: `${id}r`, agent: "Sampler", kind: "tool_result", content: result, tool: { name: "soil_probe", result } },
    ];
    const alder = echoed("a", "Alder Plot", "plot | season | nitrate_mg_l\nAlder Plot | the 2023 season | 7.35");
    const birch = echoed("b", "Birchmoor", "plot | season | nitrate_mg_l\nBirchmoor | the 2023 season | 5.73");
    const r = run([...alder, ...birch, post("p2", "Birchmoor — nitrate: 7.35 mg/L")]);
    expect(r.decisive?.stepId).toBe("p2");
    expect(r.decisive?.evidence.note).toContain("Birchmoor's own record br gave 5.73");
    // Near miss: an echoed record of four figures is a listing still.
    const listing = echoed("b", "Birchmoor", "Birchmoor | 2023 | 5.73, 5.81, 5.92");
    const quiet = run([...alder, ...listing, post("p2", "Birchmoor — nitrate: 7.35 mg/L")]);
    expect(quiet.decisive?.evidence.note ?? "").not.toContain("own record");
  });
  it("reads the sentence around each writing, so one line can give two things their figures", () => {
    const birch = lookup("b", "Birchmoor", "Birchmoor nitrate: 5.73 mg/L");
    const said = (text: string) => run([...ALDER, ...birch, post("p2", text)]).decisive?.evidence.note ?? "";
    expect(said("Alder Plot reads 7.35 mg/L (nitrate). Birchmoor — nitrate: 7.35 mg/L")).toContain(
      "7.35 for Birchmoor, but it is Alder Plot's figure",
    );
    // Near misses: one sentence naming both, and a stop after a short abbreviation, which ends no sentence.
    expect(said("Alder Plot and Birchmoor both read 7.35 mg/L")).not.toContain("but it is");
    expect(said("Alder Plot, per Dr. Birchmoor: 7.35 mg/L")).not.toContain("but it is");
    expect(said("Alder Plot etc. and also Birchmoor: 7.35 mg/L")).not.toContain("but it is");
  });
  it("near miss: an output no lookup of the owner produced says nothing of whose record it is", () => {
    const unasked = [
      { id: "ac", agent: "Sampler", kind: "tool_call", tool: { name: "soil_probe", arguments: { plot: "all" } } },
      { id: "ar", agent: "Sampler", kind: "tool_result", content: "plot | nitrate_mg_l\nAlder Plot | 7.35" },
    ] as Step[];
    const r = run([...unasked, post("p2", "Posted birchmoor.nitrate = 7.35 mg/L to the board.")]);
    expect(r.decisive?.evidence.note ?? "").not.toContain("but it is");
  });
});

describe("the things a task names", () => {
  it("are runs of capitalised words, the word opening a sentence aside", () => {
    expect(taskThings(TASK)).toEqual([" alder plot ", " birchmoor "]);
    expect(taskThings("Report Mount Hale and Vossberg. Then stop.")).toEqual([" mount hale ", " vossberg "]);
    // A single short word is no thing; a task naming many is a listing.
    expect(taskThings("Compare Rye and Ely.")).toEqual([]);
    const many = Array.from({ length: 14 }, (_, i) => `Placename${String.fromCharCode(97 + i)}`).join(", ");
    expect(taskThings(`Rank these: ${many}.`)).toEqual([]);
  });
});

describe("a thing's figure made of other things' figures", () => {
  const TASK3 = "What is the combined nitrate of Alder Plot, Birchmoor and Cole Farm, in mg/L?";
  const BIRCH = lookup("b", "Birchmoor", "plot | nitrate_mg_l\nBirchmoor | 5.73");
  /** The notes of the findings on step p2, which read every output before it. */
  const notes = (middle: Step[], task = TASK3) => {
    const steps: Step[] = [{ id: "t", agent: "user", kind: "message", content: task }, ...middle];
    const edges = steps.slice(1).map((x, i) => ({ from: steps[i].id, to: x.id, kind: "message" as const }));
    for (const x of steps) if (x.kind === "tool_result") edges.push({ from: x.id, to: "p2", kind: "message" });
    const t = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task },
      agents: [{ name: "user", kind: "task_giver" }, { name: "Sampler" }],
      steps,
      edges,
    });
    const g = buildGraph(t, resolveConfig({}));
    const p2 = g.steps.findIndex((x) => x.id === "p2");
    return findClaimIssues(g, buildProvenance(g))
      .filter((f) => f.step === p2)
      .map((f) => f.note)
      .join(" | ");
  };
  it("is a finding where the thing was never looked up, or its lookup failed", () => {
    expect(notes([...ALDER, ...BIRCH, post("p2", "Cole Farm: 13.08 mg/L.")])).toContain(
      "states 13.08 for Cole Farm, but it is made of other things' figures (Alder Plot's in ar, Birchmoor's in br), and no output before it gave Cole Farm's",
    );
    const failed: Step[] = [
      { id: "cc", agent: "Sampler", kind: "tool_call", tool: { name: "soil_probe", arguments: { plot: "Cole Farm" } } },
      { id: "cr", agent: "Sampler", kind: "tool_result", content: "Cole Farm: rate limit exceeded", status: "error" },
    ];
    // A thing that was looked up, whose own record gave another measurement of the same size.
    const own = lookup("c", "Cole Farm", "plot | nitrate_mg_l\nCole Farm | 11.42");
    expect(notes([...ALDER, ...BIRCH, ...own, post("p2", "Cole Farm: 13.08 mg/L.")])).toContain(
      "made of other things' figures (Alder Plot's in ar, Birchmoor's in br), and Cole Farm's own record cr gave 11.42",
    );
    expect(notes([...ALDER, ...BIRCH, ...failed, post("p2", "Cole Farm: 13.08 mg/L.")])).toContain(
      "made of other things' figures",
    );
  });
  it("near misses: a part that is no other thing's one record, read before the step", () => {
    const TASK4 = "What is the combined nitrate of Alder Plot, Birchmoor, Cole Farm and Dell Row, in mg/L?";
    const said = post("p2", "Cole Farm: 13.08 mg/L.");
    // The thing's own record gave a figure of another size, or the figure stated is a whole number.
    const cole = lookup("c", "Cole Farm", "plot | nitrate_mg_l\nCole Farm | 6.10");
    expect(notes([...ALDER, ...BIRCH, ...cole, said])).not.toContain("made of");
    const wholes = [...lookup("a", "Alder Plot", "Alder Plot | 700"), ...lookup("b", "Birchmoor", "Birchmoor | 573")];
    const coleWhole = lookup("c", "Cole Farm", "Cole Farm | 1150.5");
    expect(notes([...wholes, ...coleWhole, post("p2", "Cole Farm: 1273 mg/L.")])).not.toContain("made of");
    // A sentence naming two things never looked up.
    expect(notes([...ALDER, ...BIRCH, post("p2", "Cole Farm and Dell Row: 13.08 mg/L.")], TASK4)).not.toContain(
      "made of",
    );
    // A part from a call made for the thing itself, or from an output naming two things.
    const forCole = lookup("a", "Cole Farm", "plot | nitrate_mg_l\nAlder Plot | 7.35");
    expect(notes([...forCole, ...BIRCH, said])).not.toContain("made of");
    const two = lookup("a", "Alder Plot", "plot | nitrate_mg_l\nAlder Plot | 7.35\nDell Row | 2.10");
    expect(notes([...two, ...BIRCH, said], TASK4)).not.toContain("made of");
    // A part from a listing, or only from a record read after the step.
    const listing = lookup("a", "Alder Plot", "Alder Plot nitrate: 7.35, 7.41, 7.52, 7.60 mg/L");
    expect(notes([...listing, ...BIRCH, said])).not.toContain("made of");
    // Nor an agent's word after a failed call for the other thing.
    const failedBirch: Step[] = [
      { id: "bc", agent: "Sampler", kind: "tool_call", tool: { name: "soil_probe", arguments: { plot: "Birchmoor" } } },
      { id: "br", agent: "Sampler", kind: "tool_result", content: "Birchmoor: rate limit exceeded", status: "error" },
    ];
    expect(notes([...ALDER, ...failedBirch, post("p1", "Birchmoor read 5.73 last week."), said])).not.toContain(
      "made of",
    );
    const told = post("p1", "Birchmoor read 5.73 last week.");
    expect(
      notes([...ALDER, told, said, ...lookup("b", "Birchmoor", "plot | nitrate_mg_l\nBirchmoor | 5.73")]),
    ).not.toContain("made of");
  });
  it("reads a bounded number of outputs per part: past them none is a record (conservative)", () => {
    const noise = (n: number) => Array.from({ length: n }, (_, i) => lookup(`n${i}`, "all", "7.35 ok")).flat();
    const made = (n: number) => notes([...noise(n), ...ALDER, ...BIRCH, post("p2", "Cole Farm: 13.08 mg/L.")]);
    expect(made(7)).toContain("made of other things' figures");
    expect(made(8)).not.toContain("made of");
  });
  it("near misses: the thing looked up, a sentence naming two things, a sum the step works out", () => {
    const cole = lookup("c", "Cole Farm", "plot | nitrate_mg_l\nCole Farm | 13.08");
    expect(notes([...ALDER, ...BIRCH, ...cole, post("p2", "Cole Farm: 13.08 mg/L.")])).not.toContain("made of");
    expect(notes([...ALDER, ...BIRCH, post("p2", "Alder Plot and Cole Farm: 13.08 mg/L.")])).not.toContain("made of");
    expect(notes([...ALDER, ...BIRCH, post("p2", "Cole Farm: 7.35 + 5.73 = 13.08 mg/L.")])).not.toContain("made of");
    // Nor a figure whose parts are not all other things' records (the task's own 2 here).
    expect(notes([...ALDER, post("p2", "Cole Farm: 9.35 mg/L.")], `${TASK3} Add 2 for the spring.`)).not.toContain(
      "made of",
    );
  });
});
