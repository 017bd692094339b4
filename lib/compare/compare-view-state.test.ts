import { describe, expect, it } from "vitest";
import { parseCompareViewState, resolveSelection, serializeCompareViewState } from "./compare-view-state";
import type { AlignedRow } from "./align-runs";

const row = (aStepId: string | null, bStepId: string | null): AlignedRow => ({
  a: null,
  b: null,
  aStepId,
  bStepId,
  status: "same",
  divergent: false,
  note: "",
});

describe("compare view state", () => {
  it("round-trips through the URL, defaults omitted", () => {
    const state = parseCompareViewState(
      new URLSearchParams("a=x&b=y&sel=b:step:7&show=diff&agent=%3DPlanner&from=200"),
    );
    expect(state).toEqual({
      a: "x",
      b: "y",
      sel: { side: "b", stepId: "step:7" },
      show: "diff",
      agent: "=Planner",
      from: 200,
    });
    expect(parseCompareViewState(new URLSearchParams(serializeCompareViewState(state)))).toEqual(state);
    expect(serializeCompareViewState(parseCompareViewState({ a: "x", b: "y" }))).toBe("a=x&b=y");
  });

  it("ignores malformed values", () => {
    expect(parseCompareViewState({ sel: "c:1", show: "everything", from: "-3" })).toMatchObject({
      sel: null,
      show: "all",
      from: null,
    });
  });

  it("selects the aligned partner, or the nearest earlier step when there is none", () => {
    const rows = [row("a1", "b1"), row("a2", null), row("a3", "b3")];
    expect(resolveSelection(rows, { side: "a", stepId: "a3" })).toEqual({ row: 2, a: "a3", b: "b3", paired: true });
    expect(resolveSelection(rows, { side: "b", stepId: "b1" })).toEqual({ row: 0, a: "a1", b: "b1", paired: true });
    expect(resolveSelection(rows, { side: "a", stepId: "a2" })).toEqual({ row: 1, a: "a2", b: "b1", paired: false });
    expect(resolveSelection(rows, { side: "a", stepId: "zz" })).toMatchObject({ row: null, a: "zz", b: null });
  });
});
