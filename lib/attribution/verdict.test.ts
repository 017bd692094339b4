import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { analyzeTrace } from "./analyze-trace";
import { writeVerdict, type VerdictInput } from "./verdict";

const base: VerdictInput = {
  analyzedAsFailure: true,
  decisive: {
    agent: "Planner",
    stepId: "s2",
    sourceRef: "s2",
    confidence: 0.8,
  } as VerdictInput["decisive"],
  step: 2,
  decisiveNote: "states 12 with no source",
  channel: [],
  interaction: "unchanged",
  budget: null,
  source: "evidence",
};

describe("a run analysed as no failure", () => {
  it("says it did not fail only when it is known to have passed; an unknown outcome says so", () => {
    const passed = writeVerdict({ ...base, analyzedAsFailure: false, decisive: null });
    expect(passed).toMatch(/^The run did not fail/);
    const unknown = writeVerdict({ ...base, analyzedAsFailure: false, decisive: null, outcomeUnknown: true });
    expect(unknown).toMatch(/^The run's outcome is unknown/);
    expect(unknown).not.toContain("did not fail");
  });
});

describe("the verdict's route", () => {
  it("says the error stayed with the agent only when it reached no other agent", () => {
    expect(writeVerdict(base)).toContain("the error stayed within that agent");
  });

  it("names the agents an error reached even when no unbroken chain leads to the outcome", () => {
    const v = writeVerdict({ ...base, carriedTo: ["Coder", "Writer"] });
    expect(v).toContain("the error was carried on by Coder and Writer");
    expect(v).not.toContain("stayed within");
    expect(writeVerdict({ ...base, carriedTo: ["A", "B", "C", "D"] })).toContain("carried on by A, B and 2 more");
  });

  it("a traced channel wins over the reached agents", () => {
    const channel = [{ fromAgent: "Planner", toAgent: "Coder", edgeKinds: ["message" as const], edgeIds: ["e1"] }];
    const v = writeVerdict({ ...base, channel, carriedTo: ["Writer"] });
    expect(v).toContain("the error travelled Planner → Coder (message)");
    expect(v).not.toContain("carried on by");
  });
});

describe("the verdict of a run whose shortest path to the outcome skips an agent the error reached", () => {
  // The summer's own next message reads its sum directly (s1 → s3), so the fewest-hop path to the
  // answer crosses no boundary, yet the reviewer took the wrong sum over (s2).
  const steps = [
    ["user", "Add the three invoice amounts 22,678, 11,380 and 15,229 and report the total."],
    ["Summer", "Adding them up: 22,678 + 11,380 + 15,229 = 42,987."],
    ["Reviewer", "Noted, 42,987 it is. I will put it in the summary table."],
    ["Summer", "Final answer: 42,987"],
  ].map(([agent, content], i) => ({ id: `s${i}`, agent, kind: "message", content }));
  const edges = [
    ["s0", "s1"],
    ["s1", "s2"],
    ["s1", "s3"],
    ["s2", "s3"],
  ].map(([from, to]) => ({ from, to, kind: "message" }));
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: steps[0].content },
    agents: ["user", "Summer", "Reviewer"].map((name) => ({ name })),
    steps,
    edges,
  });

  it("names the agent that carried the error on instead of saying it stayed", () => {
    const r = analyzeTrace(trace);
    expect(r.decisive?.stepId).toBe("s1");
    expect(r.channelPath).toEqual([]);
    expect(r.steps.find((s) => s.stepId === "s2")?.corrupted).toBe(true);
    expect(r.verdict).toContain("the error was carried on by Reviewer");
    expect(r.verdict).not.toContain("stayed within");
  });
});

describe("the verdict's step number", () => {
  it("is the step's position from 1, as the rule notes and every view number it, not its id", () => {
    expect(writeVerdict(base)).toMatch(/^Root cause: Planner at step 2 \(/);
    // Ids that read as numbers from 0 (a chat log's message index) are not what the sentence prints.
    const r = analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: "How many crates reached the depot? The manifest lists 412." },
        agents: [{ name: "Clerk" }, { name: "Writer" }],
        steps: [
          { id: "0", agent: "Clerk", kind: "message", content: "The manifest lists 412 crates." },
          { id: "1", agent: "Clerk", kind: "message", content: "Of them, 9,731 crates reached the depot." },
          { id: "2", agent: "Writer", kind: "final", content: "9,731 crates reached the depot." },
        ],
      }),
    );
    expect(r.decisive?.stepId).toBe("1");
    expect(r.verdict).toMatch(/^Root cause: Clerk at step 2 \(/);
  });
});
