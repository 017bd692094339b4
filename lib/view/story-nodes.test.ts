import { describe, expect, it } from "vitest";
import { storyNodes, type Rect } from "./story-nodes";

const at = (x: number, y = 0): Rect => ({ x, y, width: 100, height: 50 });
const rects: Record<string, Rect> = { a: at(0), b: at(200), c: at(400), d: at(600), far: at(5000), low: at(200, 900) };
const rectOf = (id: string) => rects[id];

describe("storyNodes", () => {
  it("grows around the anchor along the path while the box fits", () => {
    expect(storyNodes("b", ["a", "b", "c", "d"], rectOf, 500, 300).sort()).toEqual(["a", "b", "c"]);
    expect(storyNodes("b", ["a", "b", "c", "d"], rectOf, 700, 300).sort()).toEqual(["a", "b", "c", "d"]);
  });

  it("stops in a direction at the first node that does not fit", () => {
    expect(storyNodes("a", ["a", "far", "b"], rectOf, 1000, 300)).toEqual(["a"]);
    expect(storyNodes("b", ["a", "b", "low"], rectOf, 1000, 300).sort()).toEqual(["a", "b"]);
  });

  it("returns the anchor alone when it is off the path, and nothing without an anchor", () => {
    expect(storyNodes("d", ["a", "b"], rectOf, 1000, 1000)).toEqual(["d"]);
    expect(storyNodes(undefined, ["a", "b"], rectOf, 1000, 1000)).toEqual([]);
    expect(storyNodes("missing", ["a"], rectOf, 1000, 1000)).toEqual([]);
  });
});
