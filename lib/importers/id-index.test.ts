import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { IdIndex } from "./id-index";

describe("IdIndex", () => {
  it("answers like a first-wins Map, through growth", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 3 }),
            fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 16, maxLength: 16 }),
          ),
          {
            maxLength: 300,
          },
        ),
        fc.array(fc.string({ maxLength: 3 }), { maxLength: 20 }),
        fc.constantFrom(1, 2, 32),
        (ids, probes, maxProbes) => {
          const index = new IdIndex(4, maxProbes);
          const map = new Map<string, number>();
          ids.forEach((id, i) => {
            expect(index.add(id, i)).toBe(!map.has(id));
            if (!map.has(id)) map.set(id, i);
          });
          expect(index.size).toBe(map.size);
          for (const id of [...ids, ...probes]) expect(index.get(id)).toBe(map.get(id) ?? -1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stays exact when probe runs overflow into the map, and across growth", () => {
    const index = new IdIndex(4, 1); // one probe: most ids collide with an occupied slot
    const ids = Array.from({ length: 5000 }, (_, i) => `span-${i}`);
    ids.forEach((id, i) => expect(index.add(id, i)).toBe(true));
    ids.forEach((id, i) => expect(index.get(id)).toBe(i));
    expect(index.size).toBe(5000);
    expect(index.add(ids[7], 99)).toBe(false);
    expect(index.get(ids[7])).toBe(7);
    expect(index.has("span-x")).toBe(false);
  });
});
