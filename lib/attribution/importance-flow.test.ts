import { describe, expect, it } from "vitest";
import { backwardFlow } from "./importance-flow";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { ZTrace } from "../trace/schema";

const t = (ratings?: Record<string, number>) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "success" },
    agents: [{ name: "a" }, { name: "b" }, { name: "c" }],
    steps: [
      { id: "x", agent: "a", kind: "message", content: "alpha beta" },
      { id: "y", agent: "b", kind: "message", content: "gamma delta" },
      { id: "z", agent: "c", kind: "final", content: "alpha gamma", ...(ratings ? { attributes: { ratings } } : {}) },
    ],
    edges: [
      { from: "x", to: "z", kind: "message" },
      { from: "y", to: "z", kind: "message" },
    ],
  });

describe("backwardFlow", () => {
  it("conserves mass: absorbed + system bucket = 1", () => {
    const g = buildGraph(t(), resolveConfig());
    const r = backwardFlow(g, () => 0.3);
    const total = Array.from(r.absorbed).reduce((s, x) => s + x, 0) + r.systemBucket;
    expect(total).toBeCloseTo(1, 12);
    expect(r.systemBucket).toBeGreaterThan(0);
  });

  it("splits by peer ratings when the rater gives them", () => {
    const g = buildGraph(t({ x: 4, y: 1 }), resolveConfig());
    const r = backwardFlow(g, (v) => (v === 2 ? 0 : 1));
    expect(r.absorbed[0]).toBeCloseTo(0.8, 12);
    expect(r.absorbed[1]).toBeCloseTo(0.2, 12);
  });
});
