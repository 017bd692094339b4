import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { layoutSwimlanes, LANE_HEIGHT, STEP_NODE_WIDTH, COLUMN_GAP } from "./layout-swimlanes";

const col = (x: number) => x / (STEP_NODE_WIDTH + COLUMN_GAP);

describe("layoutSwimlanes", () => {
  it("puts each agent in its own lane and respects edges", () => {
    // A1 → B1 ; A2 independent of B1 shares B1's column; B2 waits for A2.
    const r = layoutSwimlanes({
      laneCount: 2,
      items: [
        { id: "A1", lane: 0, order: 0 },
        { id: "B1", lane: 1, order: 1 },
        { id: "A2", lane: 0, order: 2 },
        { id: "B2", lane: 1, order: 3 },
      ],
      links: [
        { source: "A1", target: "B1" },
        { source: "A2", target: "B2" },
      ],
    });
    expect(
      Object.fromEntries(Object.entries(r.positions).map(([id, p]) => [id, [col(p.x), Math.floor(p.y / LANE_HEIGHT)]])),
    ).toEqual({
      A1: [0, 0],
      B1: [1, 1],
      A2: [1, 0],
      B2: [2, 1],
    });
    expect(r.columns).toBe(3);
  });

  it("ignores backward edges instead of looping", () => {
    const r = layoutSwimlanes({
      laneCount: 1,
      items: [
        { id: "a", lane: 0, order: 0 },
        { id: "b", lane: 0, order: 1 },
      ],
      links: [{ source: "b", target: "a" }],
    });
    expect([col(r.positions.a.x), col(r.positions.b.x)]).toEqual([0, 1]);
  });

  it("always places a node right of its lane predecessor and its sources, for any DAG", () => {
    const arb = fc.array(fc.nat(3), { minLength: 1, maxLength: 40 }).chain((lanes) =>
      fc.record({
        lanes: fc.constant(lanes),
        links: fc.array(fc.tuple(fc.nat(lanes.length - 1), fc.nat(lanes.length - 1)), { maxLength: 60 }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ lanes, links }) => {
        const items = lanes.map((lane, i) => ({ id: `n${i}`, lane, order: i }));
        const r = layoutSwimlanes({
          laneCount: 4,
          items,
          links: links.map(([a, b]) => ({ source: `n${a}`, target: `n${b}` })),
        });
        for (const [a, b] of links) if (a < b) expect(r.positions[`n${b}`].x).toBeGreaterThan(r.positions[`n${a}`].x);
        for (let i = 0; i < lanes.length; i++)
          for (let j = i + 1; j < lanes.length; j++)
            if (lanes[i] === lanes[j]) expect(r.positions[`n${j}`].x).toBeGreaterThan(r.positions[`n${i}`].x);
      }),
    );
  });
});
