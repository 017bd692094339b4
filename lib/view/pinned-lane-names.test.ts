import { describe, expect, it } from "vitest";
import { LANE_LABEL_NODE_WIDTH } from "./build-step-flow";
import type { LaneFlowNode } from "./flow-types";
import { LANE_HEIGHT, STEP_LABEL_PX, STEP_NODE_HEIGHT } from "./layout-swimlanes";
import { readableZoom } from "./opening-viewport";
import { LANE_TAG_PX, SEARCH_BOX, pinnedLaneNames } from "./pinned-lane-names";

const rowTop = (i: number) => i * LANE_HEIGHT + (LANE_HEIGHT - STEP_NODE_HEIGHT) / 2;
const lane = (i: number, agent: string, standing = "bystander") =>
  ({
    id: `lane:${agent}`,
    type: "lane",
    position: { x: -LANE_LABEL_NODE_WIDTH - 40, y: rowTop(i) },
    width: LANE_LABEL_NODE_WIDTH,
    height: STEP_NODE_HEIGHT,
    data: { agent, standing, isCulprit: standing === "culprit", isVictim: false, width: LANE_LABEL_NODE_WIDTH },
  }) as LaneFlowNode;
const lanes = [lane(1, "Quantitative_Research_Specialist", "culprit"), lane(0, "Planner"), lane(2, "Checker")];
const box = { width: 1000, height: 500 };

describe("pinnedLaneNames", () => {
  it("pins nothing while the lane labels' names are in view", () => {
    // Labels end at flow x -40; at zoom 1 a 300 px shift shows even the 280 px name whole.
    expect(pinnedLaneNames(lanes, [320, 0, 1], box)).toEqual([]);
  });

  it("pins every lane in view, top to bottom, in the gap above its row, once the story is panned right", () => {
    const tags = pinnedLaneNames(lanes, [-900, 20, 1], box);
    expect(tags.map((t) => [t.agent, t.standing])).toEqual([
      ["Planner", "bystander"],
      ["Quantitative_Research_Specialist", "culprit"],
      ["Checker", "bystander"],
    ]);
    // The top tag would sit under the step search box: it moves to the box's right.
    expect(tags.map((t) => t.indent)).toEqual([SEARCH_BOX.right, 0, 0]);
    // Each tag ends one px above its row's steps and starts below the row above them.
    for (const [i, t] of tags.entries()) {
      expect(t.top + LANE_TAG_PX + 1).toBe(20 + rowTop(i));
      expect(t.top).toBeGreaterThanOrEqual(20 + i * LANE_HEIGHT);
    }
  });

  it("pins when only a long name's start is cut, or when the labels are off the right edge", () => {
    // The label column ends 150 px in: "Planner" fits, the long name does not.
    expect(pinnedLaneNames(lanes, [190, 0, 1], box)).toHaveLength(3);
    expect(pinnedLaneNames(lanes, [1400, 0, 1], box)).toHaveLength(3);
    // Right of an open list 120 px wide, the names must clear the list, not the canvas edge.
    expect(pinnedLaneNames(lanes, [320, 0, 1], box, 120)).toHaveLength(3);
  });

  it("leaves out lanes above or below the canvas", () => {
    const tags = pinnedLaneNames(lanes, [-900, -LANE_HEIGHT, 1], { width: 1000, height: LANE_HEIGHT + 4 });
    expect(tags.map((t) => t.agent)).toEqual(["Quantitative_Research_Specialist"]);
  });

  it("keeps the name of a row the top edge cuts, while a tag's height of its steps is in view", () => {
    // Planner's steps span flow y 16–80; at y = -20 their top 4 px are cut, and their gap above is gone.
    const cut = pinnedLaneNames(lanes, [-900, -20, 1], box);
    expect(cut.map((t) => [t.agent, t.top, t.indent, t.sticky])).toEqual([
      // The row reaches below the step search box: its tag stays in the left column, just below the box.
      ["Planner", SEARCH_BOX.bottom, 0, true],
      ["Quantitative_Research_Specialist", -20 + rowTop(1) - LANE_TAG_PX - 1, 0, false],
      ["Checker", -20 + rowTop(2) - LANE_TAG_PX - 1, 0, false],
    ]);
    expect(cut[1].top).toBeGreaterThan(cut[0].top + LANE_TAG_PX);
    // Less of the row in view than the box and a tag: the tag goes to the top edge, right of the box.
    const shown = (px: number) => pinnedLaneNames(lanes, [-900, px - 80, 1], box)[0];
    const under = SEARCH_BOX.bottom + LANE_TAG_PX + 1;
    expect([shown(under).top, shown(under).indent]).toEqual([SEARCH_BOX.bottom, 0]);
    expect([shown(under - 1).agent, shown(under - 1).top, shown(under - 1).indent]).toEqual([
      "Planner",
      0,
      SEARCH_BOX.right,
    ]);
    // 13 px of Planner's steps in view still name it; 12 px no longer do.
    expect(shown(LANE_TAG_PX + 1).agent).toBe("Planner");
    expect(shown(LANE_TAG_PX).agent).toBe("Quantitative_Research_Specialist");
    // A row whose gap is in view is no sticky one, down to a gap that starts at the edge itself.
    expect(pinnedLaneNames(lanes, [-900, 20, 1], box).map((t) => t.sticky)).toEqual([false, false, false]);
    const edge = pinnedLaneNames(lanes, [-900, LANE_TAG_PX + 1 - rowTop(0), 1], box)[0];
    expect([edge.agent, edge.top, edge.indent, edge.sticky]).toEqual(["Planner", 0, SEARCH_BOX.right, false]);
  });

  it("fits the gap at the readable zoom a long run's canvas opens at", () => {
    expect(pinnedLaneNames(lanes, [-900, 20, readableZoom(STEP_LABEL_PX)], box)).toHaveLength(3);
  });

  it("pins nothing when the gap above a row is too thin for a tag (zoomed out)", () => {
    const thin = (LANE_TAG_PX + 1) / ((LANE_HEIGHT - STEP_NODE_HEIGHT) / 2) - 0.01;
    expect(pinnedLaneNames(lanes, [-900, 20, thin], box)).toEqual([]);
    expect(pinnedLaneNames(lanes, [-900, 20, thin + 0.02], box)).toHaveLength(3);
  });
});
