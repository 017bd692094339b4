import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { analyzeTrace } from "./index";
import { ZTrace } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { findAggregators } from "./aggregation-rules";
import { propagateBoolean } from "./propagation";
import { buildCondensedModel, failsWithFixed, playerSet } from "./condensed-model";

const WORDS = [
  "alpha",
  "beta",
  "total",
  "price",
  "rows",
  "verified",
  "successfully",
  "Traceback (most recent call last):",
  "4821",
  "7730",
  "TERMINATE",
  "report",
];

const traceArb = fc
  .record({
    n: fc.integer({ min: 1, max: 25 }),
    agents: fc.integer({ min: 1, max: 5 }),
    seed: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 80, maxLength: 80 }),
    outcome: fc.constantFrom("failure", "success", "unknown"),
  })
  .map(({ n, agents, seed, outcome }) => {
    const pick = (i: number) => seed[i % seed.length];
    const kinds = ["message", "tool_result", "aggregate", "message", "delegate"] as const;
    const edgeKinds = ["message", "state", "aggregation", "delegation"] as const;
    const steps = Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      agent: `a${pick(i) % agents}`,
      kind: kinds[pick(i + 7) % kinds.length],
      content: Array.from({ length: 4 }, (_, k) => WORDS[pick(i * 4 + k) % WORDS.length]).join(" "),
      ...(pick(i + 3) % 9 === 0 ? { status: "error" as const } : {}),
      ...(pick(i + 5) % 7 === 0 ? { attributes: { aggregator: "vote" } } : {}),
    }));
    const edges = [];
    for (let i = 1; i < n; i++) {
      edges.push({ from: `s${i - 1}`, to: `s${i}`, kind: edgeKinds[pick(i + 11) % 4] });
      if (i > 2 && pick(i + 13) % 3 === 0)
        edges.push({ from: `s${pick(i) % (i - 1)}`, to: `s${i}`, kind: edgeKinds[pick(i + 17) % 4] });
    }
    return ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome, task: "report the total" },
      agents: Array.from({ length: agents }, (_, a) => ({ name: `a${a}` })),
      steps,
      edges,
    });
  });

describe("analyzeTrace", () => {
  it("is deterministic: byte-identical JSON for the same input", () => {
    fc.assert(
      fc.property(traceArb, (t) => {
        expect(JSON.stringify(analyzeTrace(t))).toBe(JSON.stringify(analyzeTrace(structuredClone(t))));
      }),
      { numRuns: 60 },
    );
    // 120 analyses of random traces: seconds on a loaded 2-core machine.
  }, 30_000);

  it("blame is a distribution (or all zero) and agents are sorted by blame", () => {
    fc.assert(
      fc.property(traceArb, (t) => {
        const r = analyzeTrace(t);
        const sum = r.agents.reduce((s, a) => s + a.blame, 0);
        expect(sum === 0 || Math.abs(sum - 1) < 1e-5 || r.flags.tokenBudgetConfound !== null).toBe(true);
        for (let i = 1; i < r.agents.length; i++)
          expect(r.agents[i - 1].blame).toBeGreaterThanOrEqual(r.agents[i].blame);
        const shapleySum = Object.values(r.shapley.values).reduce((s, x) => s + x, 0);
        expect(shapleySum).toBeCloseTo(r.shapley.total, 5);
      }),
      { numRuns: 60 },
    );
  });

  it("the condensed model agrees with the full Boolean pass", () => {
    fc.assert(
      fc.property(traceArb, fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }), (t, faults) => {
        const g = buildGraph(t, resolveConfig());
        const input = { g, aggregators: findAggregators(g), blocked: new Uint8Array(g.n) };
        const local = Uint8Array.from(faults.slice(0, g.n), Number);
        const playerOf = Int32Array.from({ length: g.n }, (_, v) => (local[v] ? v : -1));
        const model = buildCondensedModel(input, local, playerOf, g.n);
        expect(failsWithFixed(model, playerSet(model))).toBe(propagateBoolean(input, local).bad[g.sink] === 1);
        // Repairing fault set S in the condensed model = clearing S in the full pass.
        const fixed = [...local.keys()].filter((v) => local[v] && v % 2 === 0);
        const cleared = local.slice();
        for (const v of fixed) cleared[v] = 0;
        expect(failsWithFixed(model, playerSet(model, fixed))).toBe(propagateBoolean(input, cleared).bad[g.sink] === 1);
      }),
      { numRuns: 100 },
    );
  });

  it("rejects nothing it can analyse: empty and single-step traces", () => {
    const empty = ZTrace.parse({ schema: "culprit.trace/v1", run: { outcome: "failure" }, agents: [], steps: [] });
    expect(analyzeTrace(empty).decisive).toBeNull();
  });
});
