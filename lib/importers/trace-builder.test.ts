import { describe, expect, it } from "vitest";
import { TraceBuilder } from "./trace-builder";
import { STEP_KEYS, inCanonicalOrder } from "./canonical-order";

describe("TraceBuilder.step", () => {
  it("stores steps with keys in schema order and without undefined values", () => {
    const b = new TraceBuilder();
    const step = b.step({
      attributes: { a: 1 },
      content: "c",
      kind: "llm",
      agent: " bob ",
      id: "s1",
      name: undefined,
      status: "ok",
    });
    expect(Object.keys(step)).toEqual(["id", "agent", "kind", "content", "status", "attributes"]);
    expect(inCanonicalOrder(step, STEP_KEYS)).toBe(true);
    expect(step.agent).toBe("bob");
  });

  it("renames duplicate ids, also after steps added with idIsUnique", () => {
    const b = new TraceBuilder();
    b.step({ id: "a", agent: "x", kind: "llm" }, true);
    b.step({ id: "b", agent: "x", kind: "llm" }, true);
    expect(b.hasStep("a")).toBe(true);
    expect(b.hasStep("c")).toBe(false);
    b.step({ id: "c", agent: "x", kind: "llm" }, true);
    expect(b.step({ id: "c", agent: "x", kind: "llm" }).id).toBe("c#2");
    expect(b.step({ id: "b", agent: "x", kind: "llm" }).id).toBe("b#2");
    expect(b.steps.map((s) => s.id)).toEqual(["a", "b", "c", "c#2", "b#2"]);
    expect(b.warnings).toHaveLength(2);
  });
});

describe("inCanonicalOrder", () => {
  it("accepts a subsequence of the key order and rejects reordering, unknown keys and undefined values", () => {
    expect(inCanonicalOrder({ id: "1", kind: "llm", attributes: {} }, STEP_KEYS)).toBe(true);
    expect(inCanonicalOrder({ kind: "llm", id: "1" }, STEP_KEYS)).toBe(false);
    expect(inCanonicalOrder({ id: "1", extra: 1 }, STEP_KEYS)).toBe(false);
    expect(inCanonicalOrder({ id: "1", name: undefined }, STEP_KEYS)).toBe(false);
  });
});
