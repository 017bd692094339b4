import { describe, expect, it } from "vitest";
import { inferStateEdges } from "./infer-state-edges";
import { makeEdgeContext } from "./edge-context";
import { steps } from "./test-steps";
import { STATE_READS_ATTR, STATE_WRITES_ATTR } from "./state-keys";

describe("inferStateEdges", () => {
  it("links each read to the latest earlier write of the same key by another agent", () => {
    const s = steps(
      { agent: "A", kind: "state_write", state: { op: "write", key: "plan" } },
      { agent: "B", kind: "state_write", state: { op: "write", key: "plan" } },
      { agent: "C", kind: "state_write", state: { op: "write", key: "other" } },
      { agent: "C", kind: "state_read", state: { op: "read", key: "plan" } },
      { agent: "B", kind: "state_read", state: { op: "read", key: "plan" } },
    );
    const edges = inferStateEdges(makeEdgeContext(s));
    expect(edges.map((e) => [e.from, e.to, e.key])).toEqual([
      ["s1", "s3", "plan"],
      ["s0", "s4", "plan"],
    ]);
  });

  it("reads multi-key accesses from attributes (LangGraph channels)", () => {
    const s = steps(
      { agent: "n1", attributes: { [STATE_WRITES_ATTR]: ["messages", "draft"] } },
      { agent: "n2", attributes: { [STATE_READS_ATTR]: ["draft"] } },
    );
    expect(inferStateEdges(makeEdgeContext(s))).toMatchObject([{ from: "s0", to: "s1", kind: "state", key: "draft" }]);
  });
});
