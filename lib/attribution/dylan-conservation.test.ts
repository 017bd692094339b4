/**
 * DyLAN's importance as a conserved quantity (Liu et al., arXiv 2310.02170 §3.3): the last round's
 * agreeing nodes share 1, and every rater hands all of its importance back to the round before it
 * in proportion to its normalized ratings, so on a layered network every round sums to exactly 1,
 * whatever the ratings (missing, zero, above 5, non-numeric). And a chain of k equal contributors
 * gives each of them 1/k, for every k (the seed's equal-contributors toy, beyond k = 3). Then the
 * cases mutation testing showed unchecked: edge-weight splits without ratings (an older test's
 * array-ratings rater was never seeded, so it could not fail), seeds, and agent shares.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { dropSuggestions, dylanImportance } from "./dylan-importance";

const config = resolveConfig();
const edge = (from: string, to: string, kind: "message" | "aggregation" = "message") => ({
  from,
  to,
  kind,
  evidence: "toy",
  confidence: 1,
});
const parse = (steps: TTraceInput["steps"], edges: TTraceInput["edges"]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "success" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });

describe("DyLAN importance is conserved round by round", () => {
  const rating = fc.oneof(fc.integer({ min: 0, max: 7 }), fc.constant("n/a"), fc.constant(null));
  const network = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 })).chain(([rounds, width]) =>
    fc.tuple(
      fc.constant(rounds),
      fc.constant(width),
      fc.array(fc.constantFrom("1", "2"), { minLength: rounds * width, maxLength: rounds * width }),
      fc.array(fc.option(fc.array(rating, { minLength: width, maxLength: width })), {
        minLength: rounds * width,
        maxLength: rounds * width,
      }),
    ),
  );

  it("every round of a layered network sums to 1, the result's agreeing nodes share the last round", () => {
    fc.assert(
      fc.property(network, ([rounds, width, answers, ratings]) => {
        const id = (r: number, a: number) => `r${r}a${a}`;
        const steps: TTraceInput["steps"] = [];
        const edges: TTraceInput["edges"] = [];
        for (let r = 0; r < rounds; r++)
          for (let a = 0; a < width; a++) {
            const k = r * width + a;
            const given = r > 0 ? ratings[k] : null;
            const attributes: Record<string, unknown> = { answer: answers[k] };
            if (given) attributes.ratings = Object.fromEntries(given.map((s, p) => [id(r - 1, p), s]));
            steps.push({
              id: id(r, a),
              agent: `A${a}`,
              kind: "message",
              content: `round ${r} answer ${answers[k]}`,
              attributes,
            });
            if (r > 0) for (let p = 0; p < width; p++) edges.push(edge(id(r - 1, p), id(r, a)));
          }
        steps.push({ id: "R", agent: "vote", kind: "aggregate", content: "1", attributes: { answer: "1" } });
        for (let a = 0; a < width; a++) edges.push(edge(id(rounds - 1, a), "R", "aggregation"));
        const g = buildGraph(parse(steps, edges), config);
        const { perStep, seeds } = dylanImportance(g);
        for (let r = 0; r < rounds; r++) {
          let sum = 0;
          for (let a = 0; a < width; a++) sum += perStep[g.indexOf.get(id(r, a))!];
          expect(sum).toBeCloseTo(1, 9);
        }
        const last = answers.slice((rounds - 1) * width);
        const agreeing = last
          .map((x, a) => (x === "1" || width === 1 || !last.includes("1") ? id(rounds - 1, a) : ""))
          .filter(Boolean);
        expect(seeds.map((v) => g.steps[v].id)).toEqual(width === 1 ? [id(rounds - 1, 0)] : agreeing);
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it("a chain of k equal contributors gives each 1/k, for k = 1..8", () => {
    for (let k = 1; k <= 8; k++) {
      const steps: TTraceInput["steps"] = Array.from({ length: k }, (_, i) => ({
        id: `s${i}`,
        agent: `Agent${i}`,
        kind: i === k - 1 ? ("final" as const) : ("message" as const),
        content: `part ${i} of the work`,
      }));
      const edges = steps.slice(1).map((s, i) => edge(steps[i].id, s.id));
      const g = buildGraph(parse(steps, edges), config);
      const { perAgent } = dylanImportance(g);
      for (let i = 0; i < k; i++) expect(perAgent[g.agentNames.indexOf(`Agent${i}`)]).toBeCloseTo(1 / k, 12);
    }
  });
});

describe("DyLAN importance: weights, seeds and shares (cases mutation testing found unchecked)", () => {
  const edgeC = (from: string, to: string, confidence: number) => ({
    from,
    to,
    kind: "message" as const,
    evidence: "toy",
    confidence,
  });
  /** a and b feed m, m feeds the answer c; b's edge is less certain (confidence 0.25), so it weighs less. */
  const fanIn = (mAttributes?: Record<string, unknown>) => {
    const steps: TTraceInput["steps"] = [
      { id: "a", agent: "A", kind: "message", content: "the total is 42" },
      { id: "b", agent: "B", kind: "message", content: "the total is 42" },
      { id: "m", agent: "M", kind: "message", content: "the total is 42", attributes: mAttributes },
      { id: "c", agent: "C", kind: "final", content: "the total is 42" },
    ];
    return buildGraph(parse(steps, [edgeC("a", "m", 1), edgeC("b", "m", 0.25), edgeC("m", "c", 1)]), config);
  };
  const edgeWeightShare = (g: ReturnType<typeof buildGraph>, from: string) => {
    const into = g.edges.filter((e) => g.steps[e.to].id === "m");
    return into.find((e) => g.steps[e.from].id === from)!.weight / into.reduce((s, e) => s + e.weight, 0);
  };

  it("without ratings, a node hands its importance back in proportion to the engine's edge weights (not uniformly)", () => {
    const g = fanIn();
    const r = dylanImportance(g);
    expect(r.usedRatings).toBe(false);
    expect(edgeWeightShare(g, "a")).toBeGreaterThan(0.5);
    expect(r.perStep[g.indexOf.get("a")!]).toBeCloseTo(edgeWeightShare(g, "a"), 12);
    expect(r.perStep[g.indexOf.get("b")!]).toBeCloseTo(edgeWeightShare(g, "b"), 12);
  });

  it("ratings that are not an object (an array) are ignored by a node that hands importance back", () => {
    const g = fanIn({ ratings: [5, 1] });
    const r = dylanImportance(g);
    expect(r.usedRatings).toBe(false);
    expect(r.perStep[g.indexOf.get("a")!]).toBeCloseTo(edgeWeightShare(g, "a"), 12);
  });

  it("the answer's own step is the seed when it combines nothing", () => {
    const g = fanIn();
    expect(dylanImportance(g).seeds).toEqual([g.indexOf.get("c")]);
  });

  it("the task giver's importance is not an agent share", () => {
    const t = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "success" },
      agents: [{ name: "user", kind: "task_giver" }, { name: "A" }, { name: "B" }],
      steps: [
        { id: "u", agent: "user", kind: "message", content: "add 2 and 3" },
        { id: "a", agent: "A", kind: "message", content: "2 + 3 = 5" },
        { id: "b", agent: "B", kind: "final", content: "5" },
      ],
      edges: [edge("u", "a"), edge("a", "b")],
    });
    const g = buildGraph(t, config);
    const { perStep, perAgent } = dylanImportance(g);
    expect(perStep[g.indexOf.get("u")!]).toBe(1);
    expect([...perAgent]).toEqual([0, 0.5, 0.5]);
  });

  it("a run with no agent utterance has zero shares, not NaN", () => {
    const steps: TTraceInput["steps"] = [
      { id: "t1", agent: "tool", kind: "tool_result", content: "rows: 3" },
      { id: "t2", agent: "tool", kind: "tool_result", content: "rows: 4" },
    ];
    const g = buildGraph(parse(steps, [edge("t1", "t2")]), config);
    expect([...dylanImportance(g).perAgent]).toEqual([0]);
  });

  it("an aggregate's inputs are seeded once each, in step order, whatever the order and multiplicity of its edges", () => {
    const steps: TTraceInput["steps"] = [
      ...[0, 1, 2].map((i) => ({ id: `v${i}`, agent: `V${i}`, kind: "message" as const, content: `vote ${i}` })),
      { id: "R", agent: "vote", kind: "aggregate", content: "tally" },
    ];
    const edges = [
      edge("v2", "R", "aggregation"),
      edge("v1", "R", "aggregation"),
      edge("v1", "R"),
      edge("v0", "R", "aggregation"),
    ];
    const g = buildGraph(parse(steps, edges), config);
    expect(dylanImportance(g).seeds.map((v) => g.steps[v].id)).toEqual(["v0", "v1", "v2"]);
  });

  it("answers match after dropping any run of trailing periods", () => {
    const steps: TTraceInput["steps"] = [
      { id: "v0", agent: "V0", kind: "message", content: "a", attributes: { answer: "42.." } },
      { id: "v1", agent: "V1", kind: "message", content: "b", attributes: { answer: "17" } },
      { id: "R", agent: "vote", kind: "aggregate", content: "42", attributes: { answer: "42" } },
    ];
    const g = buildGraph(parse(steps, [edge("v0", "R", "aggregation"), edge("v1", "R", "aggregation")]), config);
    expect(dylanImportance(g).seeds.map((v) => g.steps[v].id)).toEqual(["v0"]);
  });

  it("drop-suggestion candidates are listed by agent index, not by who spoke first", () => {
    const t = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "success" },
      agents: [{ name: "B" }, { name: "A" }, { name: "C" }],
      steps: [
        { id: "a", agent: "A", kind: "message", content: "first" },
        { id: "b", agent: "B", kind: "message", content: "second" },
        { id: "c", agent: "C", kind: "final", content: "done" },
      ],
      edges: [edge("a", "b"), edge("b", "c")],
    });
    const g = buildGraph(t, config);
    expect(dropSuggestions(g, dylanImportance(g).perAgent, 0.5).candidates).toEqual([0, 1]);
  });
});
