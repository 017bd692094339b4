import { describe, expect, it } from "vitest";
import { inferAggregationEdges } from "./infer-aggregation-edges";
import { inferMessageEdges } from "./infer-message-edges";
import { makeEdgeContext } from "./edge-context";
import { steps } from "./test-steps";

const A = "solver one computed the answer as forty two after checking every case carefully";
const B = "solver two computed the answer as forty three because the last case was skipped";

function run(judgeName: string, judgeContent: string) {
  const s = steps(
    { agent: "root", kind: "agent" },
    { agent: "s1", content: A, parentId: "s0" },
    { agent: "s2", content: B, parentId: "s0" },
    { agent: "judge", name: judgeName, content: judgeContent, input: `${A}\n${B}`, parentId: "s0" },
  );
  const ctx = makeEdgeContext(s);
  return inferAggregationEdges(ctx, inferMessageEdges(ctx));
}

describe("inferAggregationEdges", () => {
  it("turns fan-in from two agents into aggregation edges when the step votes/merges", () => {
    const edges = run("majority vote", "42");
    expect(edges.map((e) => [e.from, e.to, e.kind]).sort()).toEqual([
      ["s1", "s3", "aggregation"],
      ["s2", "s3", "aggregation"],
    ]);
  });

  it("does not call a plain reply an aggregation", () => {
    expect(run("reply", "ok")).toEqual([]);
  });

  it("detects a wrapper whose output repeats outputs of two sub-agents", () => {
    const s = steps(
      { agent: "sup", kind: "agent", content: `${A}\n${B}` },
      { agent: "s1", content: A, parentId: "s0" },
      { agent: "s2", content: B, parentId: "s0" },
    );
    const ctx = makeEdgeContext(s);
    expect(inferAggregationEdges(ctx, []).map((e) => [e.from, e.to])).toEqual([
      ["s1", "s0"],
      ["s2", "s0"],
    ]);
  });
});
