import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { edgeId, parseEdgeId, type EdgeOrigin } from "./edge-ids";

describe("engine edge ids", () => {
  it("parse back to the origin and index they were made from", () => {
    const origins: EdgeOrigin[] = ["stated", "inferred", "memory", "return"];
    fc.assert(
      fc.property(fc.constantFrom(...origins), fc.nat(2_000_000_000), (origin, index) => {
        expect(parseEdgeId(edgeId(origin, index))).toEqual({ origin, index });
      }),
    );
    expect(edgeId("stated", 3)).toBe("e3");
    expect(edgeId("inferred", 1)).toBe("inferred1");
  });

  it("refuse ids the engine never mints (canvas ids, padded or signed numbers)", () => {
    for (const id of ["", "e", "e01", "e-1", "agents:a>b", "group:s1", "E3", "inferred1x", "memory 2"])
      expect(parseEdgeId(id)).toBeUndefined();
  });
});
