import { describe, expect, it } from "vitest";
import { toViewEdges } from "./view-edges";

describe("toViewEdges", () => {
  it("numbers stated edges like the engine does", () => {
    const edges = toViewEdges(
      [{ id: "a" }, { id: "b" }],
      [{ from: "a", to: "b", kind: "state", key: "k", evidence: "w/r", confidence: 0.7 }],
    );
    expect(edges).toEqual([
      { id: "e0", from: "a", to: "b", kind: "state", key: "k", evidence: "w/r", confidence: 0.7 },
    ]);
  });
  it("infers consecutive message edges when the trace has none", () => {
    const edges = toViewEdges([{ id: "a" }, { id: "b" }, { id: "c" }], []);
    expect(edges.map((e) => [e.id, e.from, e.to, e.kind, e.inferred])).toEqual([
      ["inferred1", "a", "b", "message", true],
      ["inferred2", "b", "c", "message", true],
    ]);
  });
});
