/**
 * DyLAN's importance as a conserved quantity (Liu et al., arXiv 2310.02170 §3.3): the last round's
 * agreeing nodes share 1, and every rater hands all of its importance back to the round before it
 * in proportion to its normalized ratings, so on a layered network every round sums to exactly 1,
 * whatever the ratings (missing, zero, above 5, non-numeric). And a chain of k equal contributors
 * gives each of them 1/k, for every k (the seed's equal-contributors toy, beyond k = 3).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { dylanImportance } from "./dylan-importance";

const config = resolveConfig();
const edge = (from: string, to: string, kind: "message" | "aggregation" = "message") => ({ from, to, kind, evidence: "toy", confidence: 1 });
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
  const network = fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }))
    .chain(([rounds, width]) =>
      fc.tuple(
        fc.constant(rounds),
        fc.constant(width),
        fc.array(fc.constantFrom("1", "2"), { minLength: rounds * width, maxLength: rounds * width }),
        fc.array(fc.option(fc.array(rating, { minLength: width, maxLength: width })), { minLength: rounds * width, maxLength: rounds * width }),
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
            steps.push({ id: id(r, a), agent: `A${a}`, kind: "message", content: `round ${r} answer ${answers[k]}`, attributes });
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
        const agreeing = last.map((x, a) => (x === "1" || width === 1 || !last.includes("1") ? id(rounds - 1, a) : "")).filter(Boolean);
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
