import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ZEdgeKind } from "../trace/schema";
import {
  ALL_EDGE_KINDS,
  DEFAULT_VIEW_STATE,
  OPEN_GROUPS_MAX,
  parseViewState,
  serializeViewState,
  type ViewState,
} from "./view-state";

describe("view state URL codec", () => {
  it("knows exactly the schema's edge kinds, in its order", () => {
    expect(ALL_EDGE_KINDS).toEqual(ZEdgeKind.options);
  });

  it("omits defaults", () => {
    expect(serializeViewState(DEFAULT_VIEW_STATE)).toBe("");
    expect(parseViewState(new URLSearchParams(""))).toEqual(DEFAULT_VIEW_STATE);
  });

  it("reads Next.js searchParams objects", () => {
    const state = parseViewState({ mode: "agents", edge: ["e3", "e4"], kinds: "state,bogus", hide: "B,A" });
    expect(state).toEqual({
      mode: "agents",
      selection: { type: "edge", id: "e3" },
      kinds: ["state"],
      hiddenAgents: ["A", "B"],
      range: null,
      flag: null,
      open: [],
    });
  });

  it("ignores malformed values", () => {
    expect(parseViewState(new URLSearchParams("mode=3d&step=&range=9-2"))).toEqual(DEFAULT_VIEW_STATE);
    expect(parseViewState(new URLSearchParams("range=x-2"))).toEqual(DEFAULT_VIEW_STATE);
    expect(parseViewState(new URLSearchParams("range=0-5"))).toEqual(DEFAULT_VIEW_STATE);
  });

  it("writes a range as the step numbers the timeline shows (1-based), keeping 0-based positions in the state", () => {
    expect(serializeViewState({ ...DEFAULT_VIEW_STATE, range: [38, 58] })).toBe("range=39-59");
    expect(parseViewState(new URLSearchParams("range=39-59")).range).toEqual([38, 58]);
  });

  it("round-trips any state, including awkward agent names and step ids", () => {
    const name = fc.string({ minLength: 1, maxLength: 12 });
    const arbState = fc.record({
      mode: fc.constantFrom(undefined, "agents" as const, "steps" as const),
      selection: fc.option(
        fc.record({ type: fc.constantFrom("step" as const, "agent" as const, "edge" as const), id: name }),
        { nil: null },
      ),
      kinds: fc.subarray([...ALL_EDGE_KINDS]),
      hiddenAgents: fc.uniqueArray(name, { maxLength: 4 }).map((a) => [...a].sort()),
      range: fc.option(
        fc.tuple(fc.nat(5000), fc.nat(5000)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
        { nil: null },
      ),
      flag: fc.option(
        name.map((a) => `rubber-stamp:${a}`),
        { nil: null },
      ),
      open: fc
        .uniqueArray(
          name.map((id) => `group:${id}`),
          { maxLength: 5 },
        )
        .map((a) => [...a].sort()),
    });
    fc.assert(
      fc.property(arbState, (state: ViewState) => {
        expect(parseViewState(new URLSearchParams(serializeViewState(state)))).toEqual(state);
      }),
    );
  });

  it("keeps expanded groups: step ids with commas survive, malformed escapes are dropped, the list is bounded", () => {
    const state = { ...DEFAULT_VIEW_STATE, open: ["group:a,b", "group:s40"] };
    const query = serializeViewState(state);
    expect(query).toContain("open=");
    expect(parseViewState(new URLSearchParams(query)).open).toEqual(["group:a,b", "group:s40"]);
    expect(parseViewState({ open: "group%3As1,%E0%A4%A,group%3As1" }).open).toEqual(["group:s1"]);
    const many = Array.from({ length: 500 }, (_, i) => encodeURIComponent(`group:s${i}`)).join(",");
    expect(parseViewState({ open: many }).open).toHaveLength(OPEN_GROUPS_MAX);
  });
});
