import { describe, expect, it } from "vitest";
import { adjacentStep, firstErrorStep } from "./step-navigation";
import { indexReport } from "./index-report";
import { researchReport, researchTrace } from "./test-fixtures";
import { toViewEdges } from "./view-edges";

describe("step navigation", () => {
  const ids = ["a", "b", "c"];
  it("moves and clamps", () => {
    expect(adjacentStep(ids, null, 1)).toBe("a");
    expect(adjacentStep(ids, null, -1)).toBe("c");
    expect(adjacentStep(ids, "b", 1)).toBe("c");
    expect(adjacentStep(ids, "c", 1)).toBe("c");
    expect(adjacentStep(ids, "a", -1)).toBe("a");
    expect(adjacentStep([], "a", 1)).toBe(null);
  });
  it("finds the first failed or flagged step", () => {
    const trace = researchTrace();
    const index = indexReport(researchReport(), toViewEdges(trace.steps, trace.edges));
    expect(firstErrorStep(trace.steps, index)).toBe("s3");
    const clean = trace.steps.map((s) => ({ ...s, status: "ok" as const }));
    expect(firstErrorStep(clean, index)).toBe("s4");
  });
});
