import { describe, expect, it } from "vitest";
import { CANVAS_PADDING, focusViewport, openingViewport, readableZoom, type Rect } from "./opening-viewport";

/** A row of `n` nodes 200 wide, 240 apart, in one lane. */
function row(n: number, prefix = "s"): Map<string, Rect> {
  return new Map(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { x: i * 240, y: 16, width: 200, height: 64 }]));
}

/** Screen rectangle of a flow rectangle under a viewport. */
function onScreen(r: Rect, v: { x: number; y: number; zoom: number }) {
  return {
    x0: r.x * v.zoom + v.x,
    y0: r.y * v.zoom + v.y,
    x1: (r.x + r.width) * v.zoom + v.x,
    y1: (r.y + r.height) * v.zoom + v.y,
  };
}

function visible(
  rects: Map<string, Rect>,
  v: { x: number; y: number; zoom: number },
  box: { width: number; height: number },
) {
  return [...rects].filter(([, r]) => {
    const s = onScreen(r, v);
    return s.x0 >= 0 && s.y0 >= 0 && s.x1 <= box.width && s.y1 <= box.height;
  });
}

describe("readableZoom", () => {
  it("is the smallest zoom at which a label reaches 12 px", () => {
    expect(readableZoom(13) * 13).toBeGreaterThanOrEqual(12);
    expect((readableZoom(13) - 0.01) * 13).toBeLessThan(12);
    expect(readableZoom(12)).toBe(1);
  });
});

describe("openingViewport", () => {
  const box = { width: 900, height: 500 };
  const minZoom = readableZoom(13);

  it("fits a small graph whole, never past the maximum zoom", () => {
    const rects = row(3);
    const out = openingViewport({ box, rects, path: [], minZoom })!;
    expect(out.viewport.zoom).toBeLessThanOrEqual(1.25);
    expect(out.viewport.zoom).toBeGreaterThanOrEqual(minZoom);
    expect(visible(rects, out.viewport, box)).toHaveLength(3);
  });

  it("never opens below the readable zoom, however long the run", () => {
    for (const n of [10, 60, 500, 5000]) {
      const rects = row(n);
      const out = openingViewport({ box, rects, anchor: "s5", path: ["s5", "s6", "s7"], minZoom })!;
      expect(out.viewport.zoom).toBeGreaterThanOrEqual(minZoom);
      expect(visible(rects, out.viewport, box).length).toBeGreaterThanOrEqual(3);
    }
  });

  it("opens on the anchor and the path around it", () => {
    const rects = row(100);
    const out = openingViewport({ box, rects, anchor: "s40", path: ["s39", "s40", "s41", "s90"], minZoom })!;
    const shown = new Set(visible(rects, out.viewport, box).map(([id]) => id));
    expect(shown.has("s40")).toBe(true);
    expect(shown.has("s41")).toBe(true);
    expect(shown.has("s39")).toBe(true);
    expect(shown.has("s90")).toBe(false);
    expect(out.fitted).toContain("s40");
  });

  it("adds the final answer when it fits beside the story", () => {
    const rects = row(100);
    const out = openingViewport({ box, rects, anchor: "s96", path: ["s96", "s97"], final: "s98", minZoom })!;
    expect(out.fitted).toContain("s98");
    const shown = new Set(visible(rects, out.viewport, box).map(([id]) => id));
    expect(shown.has("s96") && shown.has("s98")).toBe(true);
  });

  it("opens a run without a story on its first steps, at the readable zoom", () => {
    const rects = row(100);
    rects.set("lane:A", { x: -200, y: 16, width: 160, height: 64 });
    const out = openingViewport({ box, rects, path: [], start: ["s0", "s1"], minZoom })!;
    expect(out.viewport.zoom).toBe(minZoom);
    const shown = new Set(visible(rects, out.viewport, box).map(([id]) => id));
    expect(shown.has("lane:A") && shown.has("s0") && shown.has("s1")).toBe(true);
  });

  it("keeps the story clear of the padded corners even in a small box", () => {
    const small = { width: 500, height: 350 };
    const rects = row(50);
    const out = openingViewport({ box: small, rects, anchor: "s20", path: ["s20", "s21"], minZoom })!;
    const s = onScreen(rects.get("s20")!, out.viewport);
    expect(s.x0).toBeGreaterThanOrEqual(CANVAS_PADDING.left);
    expect(s.x1).toBeLessThanOrEqual(small.width - CANVAS_PADDING.right);
    expect(out.viewport.zoom).toBeGreaterThanOrEqual(minZoom);
  });

  it("returns null for an empty graph or a box with no room", () => {
    expect(openingViewport({ box, rects: new Map(), path: [], minZoom })).toBeNull();
    expect(openingViewport({ box: { width: 40, height: 40 }, rects: row(3), path: [], minZoom })).toBeNull();
  });
});

describe("focusViewport", () => {
  const box = { width: 800, height: 400 };
  const node = { x: 2400, y: 16, width: 200, height: 64 };

  it("zooms in to readable and centres a node out of view", () => {
    const v = focusViewport({ box, current: { x: 0, y: 0, zoom: 0.2 }, targets: [node], minZoom: 0.93 })!;
    expect(v.zoom).toBe(0.93);
    const s = onScreen(node, v);
    expect(s.x0).toBeGreaterThanOrEqual(0);
    expect(s.x1).toBeLessThanOrEqual(box.width);
  });

  it("keeps a closer zoom the reader chose", () => {
    const v = focusViewport({ box, current: { x: 0, y: 0, zoom: 1.6 }, targets: [node], minZoom: 0.93 })!;
    expect(v.zoom).toBe(1.6);
  });

  it("does not move for a node already in view at a readable zoom", () => {
    const current = { x: -2300, y: 60, zoom: 1 };
    expect(focusViewport({ box, current, targets: [node], minZoom: 0.93 })).toBeNull();
  });

  it("moves a readable node that is in view but too small", () => {
    const current = { x: 100, y: 100, zoom: 0.1 };
    expect(focusViewport({ box, current, targets: [node], minZoom: 0.93 })?.zoom).toBe(0.93);
  });

  it("centres both ends of an edge when they fit, else its target", () => {
    const a = { x: 0, y: 16, width: 200, height: 64 };
    const near = { x: 240, y: 16, width: 200, height: 64 };
    const far = { x: 5000, y: 16, width: 200, height: 64 };
    const both = focusViewport({ box, current: { x: -9000, y: 0, zoom: 1 }, targets: [a, near], minZoom: 0.93 })!;
    expect(onScreen(a, both).x0).toBeGreaterThanOrEqual(0);
    expect(onScreen(near, both).x1).toBeLessThanOrEqual(box.width);
    const one = focusViewport({ box, current: { x: 0, y: 0, zoom: 1 }, targets: [a, far], minZoom: 0.93 })!;
    expect(onScreen(far, one).x0).toBeGreaterThanOrEqual(0);
    expect(onScreen(far, one).x1).toBeLessThanOrEqual(box.width);
  });
});

describe("openingViewport on a story", () => {
  it("opens at the readable zoom, not closer, so the story keeps its context", () => {
    const rects = row(100);
    const out = openingViewport({
      box: { width: 900, height: 500 },
      rects,
      anchor: "s50",
      path: ["s50"],
      minZoom: 0.93,
    })!;
    expect(out.viewport.zoom).toBe(0.93);
    expect(visible(rects, out.viewport, { width: 900, height: 500 }).length).toBeGreaterThanOrEqual(3);
  });
});

describe("openingViewport context", () => {
  it("slides a short story so its neighbours show whole instead of cut in half", () => {
    const rects = row(20);
    const box = { width: 748, height: 420 };
    const out = openingViewport({ box, rects, anchor: "s8", path: ["s8", "s9"], minZoom: 0.86 })!;
    const shown = visible(rects, out.viewport, box).map(([id]) => id);
    expect(shown).toContain("s8");
    expect(shown).toContain("s9");
    expect(shown.length).toBeGreaterThanOrEqual(3);
  });
});

describe("openingViewport without a story", () => {
  it("centres a graph shorter than the box vertically", () => {
    const rects = row(30);
    const box = { width: 700, height: 460 };
    const out = openingViewport({ box, rects, path: [], start: ["s0"], minZoom: 0.86 })!;
    const s = onScreen(rects.get("s0")!, out.viewport);
    const inner = box.height - CANVAS_PADDING.top - CANVAS_PADDING.bottom;
    expect(Math.abs((s.y0 + s.y1) / 2 - (CANVAS_PADDING.top + inner / 2))).toBeLessThan(1);
  });
});
