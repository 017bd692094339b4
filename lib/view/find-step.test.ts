import { describe, expect, it } from "vitest";
import { findStep } from "./find-step";
import type { CanvasStep } from "./types";

const steps: CanvasStep[] = [
  { id: "a1", agent: "Planner", kind: "message", preview: "Plan the trip" },
  { id: "b2", agent: "Researcher", kind: "tool_call", tool: { name: "search" }, preview: "osaka" },
  { id: "c3", agent: "Writer", kind: "message", preview: "Osaka South has 1532 people" },
];

describe("findStep", () => {
  it("jumps to a step by its 1-based number, with or without 'step'/'#'", () => {
    expect(findStep({ steps, query: "2" })).toEqual({ kind: "step", id: "b2", number: 2 });
    expect(findStep({ steps, query: "step 3" })).toMatchObject({ id: "c3" });
    expect(findStep({ steps, query: "#1" })).toMatchObject({ id: "a1" });
  });

  it("says so for a number outside the run, and asks for a load outside the window", () => {
    expect(findStep({ steps, query: "9" })).toMatchObject({ kind: "none" });
    expect(findStep({ steps, query: "0" })).toMatchObject({ kind: "none" });
    expect(findStep({ steps, query: "12", offset: 100, total: 5000 })).toEqual({ kind: "outside", number: 12 });
    expect(findStep({ steps, query: "102", offset: 100, total: 5000 })).toEqual({
      kind: "step",
      id: "b2",
      number: 102,
    });
  });

  it("finds text in agent, tool and preview, continuing after the current step", () => {
    expect(findStep({ steps, query: "search" })).toMatchObject({ id: "b2" });
    expect(findStep({ steps, query: "osaka" })).toMatchObject({ id: "b2" });
    expect(findStep({ steps, query: "osaka", after: "b2" })).toMatchObject({ id: "c3" });
    expect(findStep({ steps, query: "osaka", after: "c3" })).toMatchObject({ id: "b2" });
    expect(findStep({ steps, query: "nowhere" })).toMatchObject({ kind: "none" });
  });
});
