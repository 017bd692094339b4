import { describe, expect, it } from "vitest";
import { inferDelegationEdges } from "./infer-delegation-edges";
import { makeEdgeContext } from "./edge-context";
import { steps } from "./test-steps";

describe("inferDelegationEdges", () => {
  it("links a delegate step to the target's next step, not to earlier or other agents' steps", () => {
    const s = steps(
      { agent: "B" },
      { agent: "A", kind: "delegate", target: "B" },
      { agent: "C" },
      { agent: "B" },
      { agent: "B" },
    );
    const edges = inferDelegationEdges(makeEdgeContext(s));
    expect(edges.map((e) => [e.from, e.to, e.kind])).toEqual([["s1", "s3", "delegation"]]);
    expect(edges[0].evidence).toMatch(/A delegates to B/);
  });

  it("follows the span tree only across agent boundaries", () => {
    const s = steps(
      { agent: "sup", kind: "agent" },
      { agent: "sup", kind: "llm", parentId: "s0" },
      { agent: "worker", kind: "agent", parentId: "s0" },
      { agent: "worker", kind: "llm", parentId: "s2" },
    );
    expect(inferDelegationEdges(makeEdgeContext(s)).map((e) => [e.from, e.to])).toEqual([["s0", "s2"]]);
  });

  it("uses graph.node.parent_id from the execution graph", () => {
    const s = steps(
      { agent: "sup", attributes: { "graph.node.id": "sup_0" } },
      { agent: "res", attributes: { "graph.node.id": "res_0", "graph.node.parent_id": "sup_0" } },
    );
    const edges = inferDelegationEdges(makeEdgeContext(s));
    expect(edges).toHaveLength(1);
    expect(edges[0]).toMatchObject({ from: "s0", to: "s1", kind: "delegation" });
    expect(edges[0].evidence).toMatch(/execution graph/);
  });
});
