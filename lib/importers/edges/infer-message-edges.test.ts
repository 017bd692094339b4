import { describe, expect, it } from "vitest";
import { inferMessageEdges } from "./infer-message-edges";
import { makeEdgeContext } from "./edge-context";
import { steps } from "./test-steps";

const REPORT = "the quarterly revenue grew by twelve percent driven by strong sales in the northern region";

describe("inferMessageEdges", () => {
  it("links an input that repeats another agent's output, and ignores unrelated or same-agent outputs", () => {
    const s = steps(
      { agent: "analyst", content: REPORT, parentId: undefined },
      { agent: "writer", content: "an unrelated note about the weather being sunny and warm today", parentId: "s0" },
      { agent: "writer", content: "draft", input: `Summarise this: ${REPORT}`, parentId: "s0" },
    );
    const edges = inferMessageEdges(makeEdgeContext(s));
    expect(edges.map((e) => [e.from, e.to, e.kind])).toEqual([["s0", "s2", "message"]]);
    expect(edges[0].confidence).toBeGreaterThan(0.8);
  });

  it("never points backwards in time", () => {
    const s = steps(
      { agent: "writer", input: REPORT, parentId: "s1" },
      { agent: "analyst", content: REPORT, parentId: "s0" },
    );
    expect(inferMessageEdges(makeEdgeContext(s))).toEqual([]);
  });

  it("in chat logs, links the first turn of a new speaker to the previous addressed turn, skipping thoughts", () => {
    const s = steps(
      { agent: "A", content: "hello" },
      { agent: "B", kind: "thought", content: "hmm" },
      { agent: "B", content: "hi" },
      { agent: "B", content: "again" },
    );
    expect(inferMessageEdges(makeEdgeContext(s)).map((e) => [e.from, e.to])).toEqual([["s0", "s1"]]);
  });
});
