import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { backArrows, cycles, importEdges } from "./import-graph.mjs";

type Edge = { from: string; to: string; typeOnly: boolean };

describe("the import graph", () => {
  const edges: Edge[] = importEdges();

  it("is read: relative, alias and type-only imports all appear", () => {
    const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
    expect(has("lib/server/run-page/body.ts", "lib/server/ids.ts")).toBe(true);
    expect(has("app/runs/[id]/page.tsx", "lib/server/run-page/shell.ts")).toBe(true);
    expect(edges.some((e) => e.typeOnly)).toBe(true);
  });

  it("has no file-level cycle", () => {
    expect(cycles(edges)).toEqual([]);
    // The finder itself finds one when there is one.
    const loop = [
      { from: "a.ts", to: "b.ts", typeOnly: false },
      { from: "b.ts", to: "a.ts", typeOnly: false },
    ];
    expect(cycles(loop)).toEqual([["a.ts", "b.ts"]]);
  });

  it("has no import running back up a layer", () => {
    expect(backArrows(edges).map((e: Edge) => `${e.from} → ${e.to}`)).toEqual([]);
    expect(backArrows([{ from: "lib/attribution/x.ts", to: "lib/server/db.ts", typeOnly: true }])).toHaveLength(1);
  });
});
