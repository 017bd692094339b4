import { describe, expect, it } from "vitest";
import { indexReport, stepMark } from "./index-report";
import { toViewEdges } from "./view-edges";
import { researchReport, researchTrace } from "./test-fixtures";

describe("indexReport", () => {
  const trace = researchTrace();
  const edges = toViewEdges(trace.steps, trace.edges);
  const index = indexReport(researchReport(), edges);

  it("marks origin, carried, repair, error and neutral steps", () => {
    const marks = Object.fromEntries(trace.steps.map((s) => [s.id, stepMark(index, s.id, s.status)]));
    expect(marks).toEqual({
      s1: "neutral",
      s2: "neutral",
      s3: "error",
      s4: "origin",
      s5: "carried",
      s6: "carried",
      s8: "repair",
      s7: "carried",
    });
  });

  it("lights channel edges and edges between consecutive path steps", () => {
    // e3 s4→s5 and e4 s5→s6 come from channelPath; e7 s6→s7 only from the path itself.
    expect([...index.pathEdges].sort()).toEqual(["e3", "e4", "e7"]);
  });

  it("names victims: agents that carried corruption without originating it", () => {
    expect([...index.victims].sort()).toEqual(["Analyst", "Writer"]);
  });

  it("works without a report", () => {
    const empty = indexReport(null, edges);
    expect(stepMark(empty, "s3", "error")).toBe("error");
    expect(stepMark(empty, "s4", "ok")).toBe("neutral");
    expect(empty.pathEdges.size).toBe(0);
  });
});
