import { describe, expect, it } from "vitest";
import { LANE_LABEL_NODE_WIDTH } from "./build-step-flow";
import { canvasRects, laneNameWidth } from "./canvas-rects";
import type { CanvasNode } from "./flow-types";
import { COLUMN_GAP, LANE_HEIGHT, STEP_LABEL_PX, STEP_NODE_HEIGHT, STEP_NODE_WIDTH } from "./layout-swimlanes";
import { CANVAS_PADDING, openingViewport, readableZoom } from "./opening-viewport";

const top = (lane: number) => lane * LANE_HEIGHT + (LANE_HEIGHT - STEP_NODE_HEIGHT) / 2;
const lane = (i: number, agent: string) =>
  ({
    id: `lane-${i}`,
    type: "lane",
    position: { x: -LANE_LABEL_NODE_WIDTH - 40, y: top(i) },
    width: LANE_LABEL_NODE_WIDTH,
    height: STEP_NODE_HEIGHT,
    data: { agent },
  }) as unknown as CanvasNode;
const step = (id: string, laneIndex: number, column: number) =>
  ({
    id,
    type: "step",
    position: { x: column * (STEP_NODE_WIDTH + COLUMN_GAP), y: top(laneIndex) },
    width: STEP_NODE_WIDTH,
    height: STEP_NODE_HEIGHT,
    data: {},
  }) as unknown as CanvasNode;

describe("canvasRects", () => {
  it("keeps a step's whole box and a lane label's right part, where its name is", () => {
    const rects = canvasRects([lane(0, "Searcher"), lane(1, "Verification_Expert_Two"), step("s0", 0, 0)]);
    expect(rects.get("s0")).toEqual({ x: 0, y: top(0), width: STEP_NODE_WIDTH, height: STEP_NODE_HEIGHT });
    // A short name: its badge is the widest part; a long one overflows the label's box to the left.
    expect(laneNameWidth("Searcher")).toBe(98);
    expect(laneNameWidth("Verification_Expert_Two")).toBe(8 + Math.ceil(23 * 8.5));
    expect(rects.get("lane-0")).toEqual({
      x: -40 - 98,
      y: top(0),
      width: 98,
      height: STEP_NODE_HEIGHT,
      flushLeft: true,
    });
    expect(rects.get("lane-1")?.x).toBe(-40 - laneNameWidth("Verification_Expert_Two"));
  });

  it("lets a four-step run open at 1280×720 with every lane's name in view", () => {
    // Three agents, four steps: too wide for the readable zoom, so the opening places the story
    // (the decisive step and the final one) and slides it to show the most context whole.
    const nodes = [
      lane(0, "User"),
      lane(1, "Manager"),
      lane(2, "Searcher"),
      step("s0", 0, 0),
      step("s1", 1, 1),
      step("s2", 2, 2),
      step("s3", 1, 3),
    ];
    const box = { width: 928, height: 410 };
    const opening = openingViewport({
      box,
      rects: canvasRects(nodes),
      anchor: "s2",
      path: ["s2", "s3"],
      final: "s3",
      start: ["s0", "s1", "s2"],
      minZoom: readableZoom(STEP_LABEL_PX),
      padding: CANVAS_PADDING,
    })!;
    const { x, zoom } = opening.viewport;
    for (const n of nodes) {
      const right = (n.position.x + (n.width ?? 0)) * zoom + x;
      const name = n.type === "lane" ? laneNameWidth((n.data as { agent: string }).agent) : (n.width ?? 0);
      const nameLeft = right - name * zoom;
      expect(nameLeft, n.id).toBeGreaterThanOrEqual(0);
      expect(right, n.id).toBeLessThanOrEqual(box.width);
    }
  });
});
