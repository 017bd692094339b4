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
    steps: Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      agent: `a${i % agents}`,
      kind: "message",
      content: texts[i % texts.length],
    })),
  });
}

describe("success rewards", () => {
  it("are bounded and conserve each agent's credit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.constantFrom("alpha beta gamma", "delta epsilon zeta", "alpha beta gamma delta", "theta iota kappa"),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (n, agents, texts, contrib, sab) => {
          const config = resolveConfig({ rewardBound: 1 });
          const g = buildGraph(chain(n, agents, texts), config);
          const raw = Array.from({ length: agents }, (_, a) => (a + 1) / agents);
          const sum = raw.reduce((s, x) => s + x, 0);
          const credit = Float64Array.from(raw, (x) => x / sum);
          const r = successRewards(
            g,
            {
              credit,
              contribution: Float64Array.from(contrib.slice(0, n)),
              sabotage: Uint8Array.from(sab.slice(0, n), Number),
              isMessage: () => true,
            },
            config,
          ).rewards;
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

describe("success rewards with a bound below the credit (review §2g toy g)", () => {
  it("B = 0.3 and φ = 0.8 on one message: r = 0.3, not 0.8; the run-wide scale is reported", () => {
    const config = resolveConfig({ rewardBound: 0.3 });
    const g = buildGraph(chain(1, 1, ["alpha beta gamma"]), config);
    const out = successRewards(
      g,
      {
        credit: Float64Array.from([0.8]),
        contribution: Float64Array.from([1]),
        sabotage: new Uint8Array(1),
        isMessage: () => true,
      },
      config,
    );
    expect(out.rewards[0]).toBeCloseTo(0.3, 12);
    expect(out.scale).toBeCloseTo(0.3 / 0.8, 12);
  });

  it("|r| ≤ B for any credit, and every agent keeps the same fraction c of its credit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 5, noNaN: true }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        (n, agents, bound, phis, sab) => {
          const config = resolveConfig({ rewardBound: bound });
          const g = buildGraph(chain(n, agents, ["alpha beta", "gamma delta", "alpha beta gamma"]), config);
          const credit = Float64Array.from(phis.slice(0, agents));
          const out = successRewards(
            g,
            {
              credit,
              contribution: new Float64Array(n).fill(1),
              sabotage: Uint8Array.from(sab.slice(0, n), Number),
              isMessage: () => true,
            },
            config,
          );
          for (const x of out.rewards) expect(Math.abs(x)).toBeLessThanOrEqual(bound + 1e-9);
          for (let a = 0; a < agents; a++) {
            let s = 0;
            for (let v = 0; v < n; v++) if (g.agentOf[v] === a) s += out.rewards[v];
            if (Array.from(g.agentOf).includes(a)) expect(s).toBeCloseTo(out.scale * credit[a], 9);
          }
        },
      ),
    );
  });
});

describe("failure rewards are bounded and sum-conserving", () => {
  // Replaces the old exact-vector test, which enshrined Σ = −1.45 (review §3): the property is Σ = −1.
  const config = resolveConfig({ rewardDiscount: 0.5, correctiveBonus: 0.3 });

  it("sum to exactly −1 over messages, with |r| ≤ 1 + β, for any contamination and any corrections", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.integer({ min: -1, max: 4 }), { minLength: 12, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (n, d, msg, eff) => {
          const g = buildGraph(chain(n, 2, ["alpha beta gamma"]), config);
          const dist = Int32Array.from(d.slice(0, n));
          dist[0] = 0;
          const corrective = Array.from({ length: n }, (_, v) => v)
            .filter((v) => v > 0 && eff[v])
            .map((v) => ({ step: v, blocks: false, corrects: 0, effective: true, note: "" }));
          const isMessage = (v: number) => v === 0 || msg[v];
          const r = failureRewards(g, { decisive: 0, dist, corrective, isMessage }, config);
          expect(Array.from(r).reduce((s, x) => s + x, 0)).toBeCloseTo(-1, 12);
          for (let v = 0; v < n; v++) {
            expect(Math.abs(r[v])).toBeLessThanOrEqual(1 + 0.3 + 1e-12);
            if (!isMessage(v)) expect(r[v]).toBe(0);
          }
          expect(r[0]).toBeLessThan(0);
        },
      ),
    );
  });

  it("give the decisive step the largest blame, discount by hop, and pay an effective correction, not an ignored one", () => {
    const g = buildGraph(chain(5, 2, ["alpha beta gamma"]), config);
    const dist = Int32Array.from([-1, 0, 1, 2, -1]);
    const isMessage = () => true;
    const effective = failureRewards(
      g,
      { decisive: 1, dist, corrective: [{ step: 4, blocks: true, corrects: 1, effective: true, note: "" }], isMessage },
      config,
    );
    // Raw blame 1, 0.5, 0.25 (Σ 1.75) scaled to −1.3; the correction gets +0.3.
    expect(effective[0]).toBe(0);
    expect(effective[1]).toBeCloseTo(-1.3 / 1.75, 12);
    expect(effective[2]).toBeCloseTo((-1.3 * 0.5) / 1.75, 12);
    expect(effective[3]).toBeCloseTo((-1.3 * 0.25) / 1.75, 12);
    expect(effective[4]).toBeCloseTo(0.3, 12);
    const ignored = failureRewards(
      g,
      {
        decisive: 1,
        dist,
        corrective: [{ step: 4, blocks: false, corrects: 1, effective: false, note: "" }],
        isMessage,
      },
      config,
    );
    expect(ignored[4]).toBe(0);
    expect(ignored[1]).toBeCloseTo(-1 / 1.75, 12);
  });

  it("a decisive tool output's blame goes to the message that called it", () => {
    const g = buildGraph(chain(3, 3, ["alpha beta gamma"]), config);
    const r = failureRewards(
      g,
      {
        decisive: 1,
        dist: Int32Array.from([-1, 0, 1]),
        corrective: [],
        isMessage: (v) => v !== 1,
        policyStepOf: (v) => (v === 1 ? 0 : v),
      },
      config,
    );
    expect(r[1]).toBe(0);
    expect(r[0]).toBeLessThan(r[2]);
    expect(r[0] + r[2]).toBeCloseTo(-1, 12);
  });

  it("never reward a tool output (review toy g2: the Runner's tool_result got −0.7)", () => {
    const g = buildGraph(chain(3, 3, ["alpha beta gamma"]), config);
    const r = failureRewards(
      g,
      { decisive: 0, dist: Int32Array.from([0, 1, 2]), corrective: [], isMessage: (v) => v !== 1 },
      config,
    );
    expect(r[1]).toBe(0);
    expect(r[0] + r[2]).toBeCloseTo(-1, 12);
  });
});
