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

  it("fits the gap at the readable zoom a long run's canvas opens at", () => {
    expect(pinnedLaneNames(lanes, [-900, 20, readableZoom(STEP_LABEL_PX)], box)).toHaveLength(3);
  });

  it("pins nothing when the gap above a row is too thin for a tag (zoomed out)", () => {
    const thin = (LANE_TAG_PX + 1) / ((LANE_HEIGHT - STEP_NODE_HEIGHT) / 2) - 0.01;
    expect(pinnedLaneNames(lanes, [-900, 20, thin], box)).toEqual([]);
    expect(pinnedLaneNames(lanes, [-900, 20, thin + 0.02], box)).toHaveLength(3);
  });
});
