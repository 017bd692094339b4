import { describe, expect, it } from "vitest";
import { visibleRows } from "./visible-rows";
import type { AlignedRow } from "./align-runs";

const rows = (divergent: number[], n: number): AlignedRow[] =>
  Array.from({ length: n }, (_, i) => ({
    a: i,
    b: i,
    aStepId: `a${i}`,
    bStepId: `b${i}`,
    status: divergent.includes(i) ? "changed" : "same",
    divergent: divergent.includes(i),
    note: "",
  }));

describe("visibleRows", () => {
  it("lists every row by default", () => {
    const v = visibleRows(rows([], 5), { show: "all", focus: null, from: null });
    expect(v.items).toEqual([0, 1, 2, 3, 4].map((index) => ({ type: "row", index })));
  });

  it("keeps divergent rows with one row of context and marks the gaps", () => {
    const v = visibleRows(rows([3, 9], 12), { show: "diff", focus: null, from: null });
    expect(v.items).toEqual([
      { type: "gap", hidden: 2 },
      { type: "row", index: 2 },
      { type: "row", index: 3 },
      { type: "row", index: 4 },
      { type: "gap", hidden: 3 },
      { type: "row", index: 8 },
      { type: "row", index: 9 },
      { type: "row", index: 10 },
    ]);
  });

  it("filters rows by a predicate", () => {
    const v = visibleRows(rows([], 6), { show: "all", keep: (i) => i % 2 === 0, focus: null, from: null });
    expect(v.items.map((x) => (x.type === "row" ? x.index : -1))).toEqual([0, 2, 4]);
  });

  it("windows long runs around the focus, or from an explicit row", () => {
    const many = rows([], 1000);
    const v = visibleRows(many, { show: "all", focus: 500, from: null, window: 100 });
    expect([v.start, v.end, v.total]).toEqual([475, 575, 1000]);
    expect(v.items[0]).toEqual({ type: "row", index: 475 });
    const w = visibleRows(many, { show: "all", focus: 500, from: 950, window: 100 });
    expect([w.start, w.end]).toEqual([900, 1000]);
    expect(visibleRows(many, { show: "all", focus: null, from: null, window: 100 }).start).toBe(0);
  });
});
