import { describe, expect, it } from "vitest";
import { postmortemMarkdown } from "./postmortem-markdown";
import { researchReport, researchTrace } from "./test-fixtures";
import type { ViewRun } from "./types";
import { computeTrajectory } from "../attribution/trajectory";

const run: ViewRun = {
  id: "r1",
  title: "research_pipeline",
  system: null,
  task: null,
  outcome: "failure",
  sourceFormat: "culprit",
  groundTruth: null,
  finalAnswer: null,
  stepCount: 8,
  agentCount: 5,
  edgeCount: 8,
  totalTokens: 800,
  startedAt: null,
  endedAt: null,
  createdAt: "2026-01-01T00:00:00Z",
  warnings: [],
};

describe("postmortemMarkdown", () => {
  it("states the verdict, the path, the agents and the evidence", () => {
    const md = postmortemMarkdown(run, researchTrace().steps, researchReport(), [
      { id: "l1", agent: "Researcher", stepId: "s4", note: null, author: "imported", imported: true, createdAt: "" },
    ]);
    expect(md).toContain(
      "Researcher (step 4) claimed success right after its tool call failed; the error travelled on to Analyst and Writer.",
    );
    // Step numbers, never step ids: s4 is the trace's fourth step.
    expect(md).toContain("Root cause: agent `Researcher`, step 4 (confidence 0.86)");
    expect(md).not.toMatch(/step `?s\d/);
    expect(md).toContain("`Researcher` -message-> `Analyst`");
    expect(md).toContain("| `Researcher` | culprit | 0.71 |");
    expect(md).toContain("`false-success-claim` 0.80");
    expect(md).toContain("Imported: agent `Researcher`, step 4 — engine agrees");
  });
  it("keeps hostile trace text inert", () => {
    const steps = researchTrace().steps.map((s) =>
      s.id === "s4" ? { ...s, content: "<script>alert(1)</script> ``` # heading" } : s,
    );
    const md = postmortemMarkdown({ ...run, title: "<img src=x onerror=alert(1)>" }, steps, researchReport(), []);
    expect(md).toContain("# Postmortem: `<img src=x onerror=alert(1)>`");
    expect(md).toMatch(/````text\n<script>alert\(1\)<\/script> ``` # heading\n````/);
  });
  it("includes the trajectory metrics and flags when the report has them", () => {
    const report = researchReport();
    const md = postmortemMarkdown(
      run,
      researchTrace().steps,
      { ...report, trajectory: computeTrajectory(researchTrace(), { blame: {}, importance: {} }) },
      [],
    );
    expect(md).toContain("## Trajectory");
    expect(md).toMatch(/- Tools: \d+ calls, \d+ errors/);
    expect(postmortemMarkdown(run, researchTrace().steps, report, [])).not.toContain("## Trajectory");
  });
  it("survives 200k backtick runs in a title (no spread into Math.max, F-19)", () => {
    const title = "`a".repeat(200_000);
    const md = postmortemMarkdown({ ...run, title }, [], null, []);
    expect(md).toContain("# Postmortem: `` `a`a");
  });
  it("says when there is no analysis", () => {
    expect(postmortemMarkdown(run, [], null, [])).toContain("No finished analysis yet");
  });
});
