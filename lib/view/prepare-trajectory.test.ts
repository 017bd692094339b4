import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { computeTrajectory } from "../attribution/trajectory";
import { agentMultiples, flagId, flaggedSteps, metricGroups } from "./prepare-trajectory";

const t = computeTrajectory(
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [{ name: "Analyst" }, { name: "Reviewer" }],
    steps: [
      { id: "a", agent: "Analyst", kind: "llm", content: "Revenue is 2945.", tokens: { total: 300 } },
      { id: "r", agent: "Reviewer", kind: "llm", content: "Approved.", tokens: { total: 100 } },
    ],
  }),
  { blame: { Analyst: 1, Reviewer: 0 }, importance: { Analyst: 0.75, Reviewer: 0.25 } },
);

describe("prepare-trajectory", () => {
  it("groups every metric with an explanation", () => {
    const groups = metricGroups(t);
    expect(groups.map((g) => g.title)).toEqual([
      "Size and cost",
      "Tools",
      "Verification",
      "Redundancy and loops",
      "Delegation and messages",
      "Shared memory",
    ]);
    for (const g of groups) for (const r of g.rows) expect(r.explain.length).toBeGreaterThan(10);
    expect(groups[0].rows.find((r) => r.label === "tokens")?.value).toBe("400 (0 in / 0 out)");
  });

  it("draws token share, blame and importance share on one scale", () => {
    const [analyst, reviewer] = agentMultiples(t, 100);
    expect(analyst.agent).toBe("Analyst");
    expect(analyst.bars.map((b) => [b.label, b.width])).toEqual([
      ["tokens", 75],
      ["blame", 100],
      ["importance", 75],
    ]);
    expect(reviewer.bars.map((b) => b.text)).toEqual(["25%", "0%", "25%"]);
  });

  it("a flag id in the URL resolves to that flag's steps, and an unknown id to none", () => {
    const stamp = t.flags.find((f) => f.kind === "rubber-stamp")!;
    expect(flagId(stamp)).toBe("rubber-stamp:Reviewer");
    expect([...flaggedSteps(t, "rubber-stamp:Reviewer")]).toEqual(["r"]);
    expect(flaggedSteps(t, "rubber-stamp:Nobody").size).toBe(0);
    expect(flaggedSteps(undefined, "rubber-stamp:Reviewer").size).toBe(0);
  });
});
