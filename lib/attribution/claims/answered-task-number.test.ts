/**
 * A concluded wrong answer that restates a number the task gives was put forward where a step first
 * answered with it (a ruling or a boxed answer, a box holding a sentence answering with its one
 * number). Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { analyzeTrace } from "../index";
import { statedPosition } from "./stated-position";

type Step = TTraceInput["steps"][number];
const TASK =
  "A shelf holds 20 jars, half as many tins as jars, and twice as many boxes as jars. How many items in all?";
const say = (id: string, agent: string, content: string): Step => ({ id, agent, kind: "message", content });
const debate = (steps: Step[]) =>
  analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { task: TASK, outcome: "failure", finalAnswer: "20", attributes: { [TERMINATION_ATTR]: "concluded" } },
      agents: [{ name: "asker", kind: "task_giver" }, { name: "Solver_A" }, { name: "Solver_B" }, { name: "Solver_C" }],
      steps: [say("s0", "asker", TASK), ...steps],
      edges: [],
    }),
  );

describe("an answer that restates a number of the task", () => {
  it("reads a box holding a sentence as its one number", () => {
    expect(statedPosition("So: \\boxed{the jars alone, which is 20}")?.value).toBe("n:20");
    expect(statedPosition("So: \\boxed{jars 20 and tins 10}")).toBeNull();
  });

  it("is blamed where a step first answered with it", () => {
    const r = debate([
      say("s1", "Solver_B", "There are 20 jars, 10 tins and 40 boxes, so 70 items. \\boxed{70}"),
      say("s2", "Solver_A", "Only the jars are items on the shelf. \\boxed{the jars alone, which is 20}"),
      say("s3", "Solver_C", "The shelf lists 20 jars first. I side with the second solver: \\boxed{20}"),
    ]);
    expect(r.decision?.rule).toBe("answer-origin");
    expect(r.decisive?.stepId).toBe("s2");
  });
});
