import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { successRewards, failureRewards } from "./training-signals";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { ZTrace } from "../trace/schema";

function chain(n: number, agents: number, texts: string[]) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "success" },
    agents: Array.from({ length: agents }, (_, a) => ({ name: `a${a}` })),
    steps: Array.from({ length: n }, (_, i) => ({ id: `s${i}`, agent: `a${i % agents}`, kind: "message", content: texts[i % texts.length] })),
  });
}

describe("success rewards", () => {
  it("are bounded and conserve each agent's credit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.constantFrom("alpha beta gamma", "delta epsilon zeta", "alpha beta gamma delta", "theta iota kappa"), { minLength: 1, maxLength: 5 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (n, agents, texts, contrib, sab) => {
          const config = resolveConfig({ rewardBound: 1 });
          const g = buildGraph(chain(n, agents, texts), config);
          const raw = Array.from({ length: agents }, (_, a) => (a + 1) / agents);
          const sum = raw.reduce((s, x) => s + x, 0);
          const credit = Float64Array.from(raw, (x) => x / sum);
          const r = successRewards(g, { credit, contribution: Float64Array.from(contrib.slice(0, n)), sabotage: Uint8Array.from(sab.slice(0, n), Number), isMessage: () => true }, config);
          for (let a = 0; a < agents; a++) {
            let s = 0;
            for (let v = 0; v < n; v++) if (g.agentOf[v] === a) s += r[v];
            const hasMessages = Array.from(g.agentOf).includes(a);
            expect(s).toBeCloseTo(hasMessages ? credit[a] : 0, 9);
          }
          for (const x of r) expect(Math.abs(x)).toBeLessThanOrEqual(1 + 1e-12);
        },
      ),
    );
  });
});

describe("failure rewards", () => {
  it("give −1 at the decisive step, discounted blame downstream, a bonus to corrections", () => {
    const config = resolveConfig({ rewardDiscount: 0.5, correctiveBonus: 0.3 });
    const g = buildGraph(chain(5, 2, ["alpha beta gamma"]), config);
    const dist = Int32Array.from([-1, 0, 1, 2, -1]);
    const r = failureRewards(g, { decisive: 1, dist, corrective: [{ step: 4, blocks: true, corrects: 1, note: "" }] }, config);
    expect(Array.from(r)).toEqual([0, -1, -0.5, -0.25, 0.3]);
  });
});
