import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { dropSuggestions, dylanImportance, ratingWeight } from "./dylan-importance";
import { analyzeTrace } from "./analyze-trace";

const config = resolveConfig();
const parse = (steps: TTraceInput["steps"], edges: TTraceInput["edges"], outcome: "success" | "failure" = "success") =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });
const edge = (from: string, to: string, kind: "message" | "aggregation" = "message") => ({
  from,
  to,
  kind,
  evidence: "toy",
  confidence: 1,
});

/** Review §2d toy: A → B → C, each building on the previous one; C's message is the answer. */
const chain = () =>
  parse(
    [
      { id: "a", agent: "A", kind: "message", content: "first part of the proof" },
      { id: "b", agent: "B", kind: "message", content: "second part, using the first" },
      { id: "c", agent: "C", kind: "final", content: "the proof is complete: 42" },
    ],
    [edge("a", "b"), edge("b", "c")],
  );

/**
 * Review §2d toy: a 2-round DyLAN network (arXiv 2310.02170 §3.3). Round 1: X1, Y1, Z1 answer;
 * round 2: each agent answers again, rating the three round-1 answers 1..5. The result (42) agrees
 * with X2 and Y2; Z dissents (17). By the paper's formulas (rating weight s/5, normalized per rater;
 * I = 1/|A*| on the agreeing last-round nodes; I(i) = Σ_j w̃(i→j) I(j)):
 *   round 2: X2 = Y2 = 1/2, Z2 = 0.
 *   round 1: X1 = ½·(5/11) + ½·(5/11) = 5/11, Y1 = 5/11, Z1 = ½·(1/11) + ½·(1/11) = 1/11.
 *   agents (Σ over rounds): X = Y = 1/2 + 5/11 = 21/22 ≈ 0.955, Z = 1/11 ≈ 0.091; total 2 (one per round).
 */
const ratedNetwork = () => {
  const ratings = { X1: 5, Y1: 5, Z1: 1 };
  const steps: TTraceInput["steps"] = [
    { id: "X1", agent: "X", kind: "message", content: "I think it is 42", attributes: { answer: "42" } },
    { id: "Y1", agent: "Y", kind: "message", content: "It should be 42", attributes: { answer: "42" } },
    { id: "Z1", agent: "Z", kind: "message", content: "My answer is 17", attributes: { answer: "17" } },
    { id: "X2", agent: "X", kind: "message", content: "Still 42", attributes: { answer: "42", ratings } },
    { id: "Y2", agent: "Y", kind: "message", content: "42 after review", attributes: { answer: "42", ratings } },
    {
      id: "Z2",
      agent: "Z",
      kind: "message",
      content: "I keep 17",
      attributes: { answer: "17", ratings: { X1: 1, Y1: 1, Z1: 5 } },
    },
    {
      id: "R",
      agent: "consensus",
      kind: "aggregate",
      name: "majority vote",
      content: "42",
      attributes: { answer: "42" },
    },
  ];
  const edges = [];
  for (const to of ["X2", "Y2", "Z2"]) for (const from of ["X1", "Y1", "Z1"]) edges.push(edge(from, to));
  for (const from of ["X2", "Y2", "Z2"]) edges.push(edge(from, "R", "aggregation"));
  return parse(steps, edges);
};

describe("DyLAN importance (Liu et al., arXiv 2310.02170)", () => {
  it("rating weights follow LLM_Neuron.activate: s/5 up to 5, 1 above, 0 otherwise", () => {
    expect([ratingWeight(5), ratingWeight(1), ratingWeight(7), ratingWeight(0), ratingWeight(-2)]).toEqual([
      1, 0.2, 1, 0, 0,
    ]);
  });

  it("a chain of three equal contributors gets equal importance (the old flow gave A 0.125 and flagged it)", () => {
    const g = buildGraph(chain(), config);
    const r = dylanImportance(g);
    const [a, b, c] = ["A", "B", "C"].map((n) => r.perAgent[g.agentNames.indexOf(n)]);
    expect(a).toBeCloseTo(1 / 3, 12);
    expect(b).toBeCloseTo(1 / 3, 12);
    expect(c).toBeCloseTo(1 / 3, 12);
    expect(dropSuggestions(g, r.perAgent, config.lowImportanceFraction).low.size).toBe(0);
  });

  it("reproduces the hand-derived 2-round network: X = Y = 21/22, Z = 1/11 per round-sum, each round sums to 1", () => {
    const g = buildGraph(ratedNetwork(), config);
    const r = dylanImportance(g);
    const at = (id: string) => r.perStep[g.indexOf.get(id)!];
    expect(at("X2")).toBeCloseTo(0.5, 12);
    expect(at("Y2")).toBeCloseTo(0.5, 12);
    expect(at("Z2")).toBe(0);
    expect(at("X1")).toBeCloseTo(5 / 11, 12);
    expect(at("Y1")).toBeCloseTo(5 / 11, 12);
    expect(at("Z1")).toBeCloseTo(1 / 11, 12);
    expect(at("X1") + at("Y1") + at("Z1")).toBeCloseTo(1, 12);
    expect(at("X2") + at("Y2") + at("Z2")).toBeCloseTo(1, 12);
    // Shares over agents: the per-agent sums (21/22, 21/22, 1/11) divided by the 2 rounds.
    const share = (n: string) => r.perAgent[g.agentNames.indexOf(n)];
    expect(share("X")).toBeCloseTo(21 / 44, 12);
    expect(share("Y")).toBeCloseTo(21 / 44, 12);
    expect(share("Z")).toBeCloseTo(1 / 22, 12);
    expect(r.seeds.map((v) => g.steps[v].id)).toEqual(["X2", "Y2"]);
    expect(r.usedRatings).toBe(true);
  });

  it("the dissenter whose answer was discarded is the one drop suggestion", () => {
    const g = buildGraph(ratedNetwork(), config);
    const r = dylanImportance(g);
    const drop = dropSuggestions(g, r.perAgent, config.lowImportanceFraction);
    expect([...drop.low].map((a) => g.agentNames[a])).toEqual(["Z"]);
    expect(drop.candidates.map((a) => g.agentNames[a]).sort()).toEqual(["X", "Y", "Z"]);
  });

  it("the report carries DyLAN importance, the drop suggestion and the corruptible-ratings note", () => {
    const report = analyzeTrace(ratedNetwork());
    expect(report.importance.method).toBe("dylan");
    expect(report.importance.dropSuggestions).toEqual(["Z"]);
    expect(report.importance.ratingsUsed).toBe(true);
    expect(report.importance.evidence.note).toMatch(/self-reported/);
    expect(report.agents.find((a) => a.agent === "Z")!.lowImportance).toBe(true);
    expect(report.agents.find((a) => a.agent === "X")!.lowImportance).toBe(false);
    expect(report.importance.perAgent["X"]).toBeCloseTo(21 / 44, 5);
  });

  it("without stated answers every input of the result is seeded (no evidence of dissent)", () => {
    const trace = parse(
      [
        { id: "p", agent: "P", kind: "message", content: "part one" },
        { id: "q", agent: "Q", kind: "message", content: "part two" },
        { id: "f", agent: "F", kind: "final", content: "both parts" },
      ],
      [edge("p", "f"), edge("q", "f")],
    );
    const g = buildGraph(trace, config);
    const r = dylanImportance(g);
    expect(r.seeds.map((v) => g.steps[v].id)).toEqual(["p", "q"]);
    expect(r.usedRatings).toBe(false);
  });
});

describe("DyLAN importance details", () => {
  const vote = (answers: (string | number)[], result: string | number, ratings?: Record<string, unknown>) =>
    parse(
      [
        ...answers.map((a, i) => ({
          id: `v${i}`,
          agent: `V${i}`,
          kind: "message" as const,
          content: `answer ${i}`,
          attributes: { answer: a },
        })),
        {
          id: "R",
          agent: "consensus",
          kind: "aggregate",
          name: "majority vote",
          content: String(result),
          attributes: { answer: result, ...(ratings ? { ratings } : {}) },
        },
      ],
      answers.map((_, i) => edge(`v${i}`, "R", "aggregation")),
    );
  const seedsOf = (t: ReturnType<typeof parse>) => {
    const g = buildGraph(t, config);
    return dylanImportance(g).seeds.map((v) => g.steps[v].id);
  };

  it("answers match after case, whitespace and trailing-period normalization, and numbers match their text", () => {
    expect(seedsOf(vote(["The  Answer is 42.", "seventeen", "the answer is 42"], "the answer IS 42"))).toEqual([
      "v0",
      "v2",
    ]);
    expect(seedsOf(vote([42, 17, "42"], 42))).toEqual(["v0", "v2"]);
    expect(seedsOf(vote(["4.2", "42"], "42"))).toEqual(["v1"]);
  });

  it("a single-input aggregate still seeds only an agreeing input", () => {
    expect(seedsOf(vote(["17"], "42"))).toEqual(["v0"]); // nobody agrees: all inputs share the seed
    const g = buildGraph(vote(["42"], "42"), config);
    expect(dylanImportance(g).perAgent[g.agentNames.indexOf("V0")]).toBe(1);
  });

  it("a rater whose ratings are all zero splits uniformly; ratings that are not an object are ignored", () => {
    const zero = buildGraph(vote(["42", "42", "42"], "42"), config);
    const z = dylanImportance(zero);
    expect(z.perStep[zero.indexOf.get("v0")!]).toBeCloseTo(1 / 3, 12);
    const arr = parse(
      [
        { id: "a", agent: "A", kind: "message", content: "x" },
        { id: "b", agent: "B", kind: "message", content: "y" },
        { id: "c", agent: "C", kind: "final", content: "z", attributes: { ratings: [5, 1] } },
      ],
      [edge("a", "c"), edge("b", "c")],
    );
    expect(dylanImportance(buildGraph(arr, config)).usedRatings).toBe(false);
    const zeros = parse(
      [
        { id: "a", agent: "A", kind: "message", content: "x" },
        { id: "b", agent: "B", kind: "message", content: "y" },
        { id: "m", agent: "M", kind: "message", content: "w", attributes: { ratings: { a: 0, b: 0 } } },
        { id: "c", agent: "C", kind: "final", content: "z" },
      ],
      [edge("a", "m"), edge("b", "m"), edge("m", "c")],
    );
    const g = buildGraph(zeros, config);
    const r = dylanImportance(g);
    expect(r.perStep[g.indexOf.get("a")!]).toBeCloseTo(0.5, 12);
    expect(r.perStep[g.indexOf.get("b")!]).toBeCloseTo(0.5, 12);
    expect(r.usedRatings).toBe(true);
  });

  it("drop suggestions: the cut is the fraction of the uniform share, strictly below it, over contributing agents", () => {
    const g = buildGraph(chain(), config);
    const per = Float64Array.from(g.agentNames.map((n) => (n === "A" ? 0.5 / 2 : 0.375)));
    // Candidates are A and B (C only wrote the outcome): the cut is 0.5 / 2 = 0.25, and A sits exactly on it.
    const drop = dropSuggestions(g, per, 0.5);
    expect(drop.candidates.map((a) => g.agentNames[a])).toEqual(["A", "B"]);
    expect(drop.low.size).toBe(0);
  });

  it("an empty trace has no importance and no seeds", () => {
    const g = buildGraph(ZTraceEmpty(), config);
    expect(dylanImportance(g)).toMatchObject({ seeds: [], usedRatings: false });
  });
});

function ZTraceEmpty() {
  return parse([], []);
}
