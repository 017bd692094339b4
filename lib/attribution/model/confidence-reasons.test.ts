import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";

const TASK = "How many bridges cross the river in Oldtown? Use the survey table.";

/** A scout invents a count that the scribe publishes; `helpers` more agents post harmless notes in between. */
function run(helpers: number) {
  const steps: TTraceInput["steps"] = [
    { id: "q", agent: "Client", kind: "message", content: TASK },
    {
      id: "s1",
      agent: "Scout",
      kind: "message",
      content: "I checked the survey table: Oldtown has 47 bridges across the river.",
    },
  ];
  for (let i = 0; i < helpers; i++)
    steps.push({
      id: `h${i}`,
      agent: `Helper${i}`,
      kind: "message",
      content: `Noted. I will format section ${i + 1}.`,
    });
  steps.push({
    id: "w",
    agent: "Scribe",
    kind: "final",
    content: "Final answer: 47 bridges cross the river in Oldtown.",
  });
  const ids = steps.map((s) => s.id);
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: TASK, groundTruth: "12" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({
      name,
      ...(name === "Client" ? { kind: "task_giver" as const } : {}),
    })),
    steps,
    edges: ids.slice(1).map((id, i) => ({ from: ids[i], to: id, kind: "message" as const })),
  });
}

describe("confidence reasons", () => {
  it("name the chance floor when few agents share the run, and the same evidence states less among many", () => {
    const few = analyzeTrace(run(0));
    const many = analyzeTrace(run(4));
    expect(few.decisive?.agent).toBe("Scout");
    expect(many.decisive?.agent).toBe("Scout");
    const chance = few.reasons?.find((r) => r.feature === "run:chance");
    expect(chance?.text).toMatch(/few agents/);
    expect(chance?.weight).toBeGreaterThan(0);
    expect(many.reasons?.some((r) => r.feature === "run:chance")).toBe(false);
    expect(few.decisive!.confidence).toBeGreaterThan(many.decisive!.confidence + 0.1);
  });
});
