/**
 * A fault that delivers nothing (an empty or off-instruction reply) cannot be the cause of a value
 * a later agent invents: faced with the gap, the agent that states a value anyway is its origin.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { analyzeTrace } from "./index";

type Step = TTraceInput["steps"][number];
const trace = (steps: Step[]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: {
      task: "What volume in mL do 0.312 kg of a coolant take up inside a pressurised storage tank?",
      outcome: "failure",
      finalAnswer: "208",
      sourceFormat: "chat",
    },
    agents: [
      { name: "user", kind: "task_giver" },
      { name: "Coordinator" },
      { name: "Browser" },
      { name: "Calculator" },
    ],
    steps,
    edges: [],
  });

describe("absent delivery is not a cause", () => {
  it("blames the agent that invents a value after an off-instruction reply, not the reply", () => {
    const r = analyzeTrace(
      trace([
        {
          id: "s0",
          agent: "user",
          kind: "message",
          content: "What volume in mL do 0.312 kg of a coolant take up inside a pressurised storage tank?",
        },
        {
          id: "s1",
          agent: "Coordinator",
          kind: "delegate",
          target: "Browser",
          content:
            "Look up the density of the liquid coolant at the pressure and temperature inside the tank and report it with its source.",
        },
        {
          id: "s2",
          agent: "Browser",
          kind: "message",
          content: "Verify you are human by completing the action below. Performance and security by Cloudflare.",
        },
        {
          id: "s3",
          agent: "Coordinator",
          kind: "delegate",
          target: "Calculator",
          content: "Estimate the volume from standard reference data.",
        },
        {
          id: "s4",
          agent: "Calculator",
          kind: "message",
          content: "Assuming a density of about 1.5 g/mL, the volume is 312 / 1.5 = 208 mL.",
        },
        { id: "s5", agent: "Coordinator", kind: "final", content: "The volume is 208 mL." },
      ]),
    );
    const browser = r.steps.find((s) => s.stepId === "s2")!;
    // The test only means something if the off-instruction reply was flagged at all.
    expect(browser.detectors.length).toBeGreaterThan(0);
    expect(r.decisive?.agent).toBe("Calculator");
    expect(r.decisive?.stepId).toBe("s4");
  });
});
