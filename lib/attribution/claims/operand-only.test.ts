/**
 * A number written only inside a calculation, as a range bound or as a counter of the working is no
 * proposal of it: a concluded wrong answer is blamed where it was first written as a value standing
 * for itself. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { analyzeTrace } from "../index";
import { answerIsExpression, isOperandOrBound } from "./operand-only";

/** Whether the first writing of `n` in `text` is an operand or a bound. */
const operand = (text: string, n: string) => {
  const at = text.indexOf(n);
  return isOperandOrBound(text, at, at + n.length);
};

describe("a number written as an operand, a bound or a counter", () => {
  it("is an operand beside an operator and another number or an unknown", () => {
    expect(operand("Each crate = 46 / 2 = 23", "2 =")).toBe(true);
    expect(operand("Weight = 3 x 40 = 120", "3")).toBe(true);
    expect(operand("so 5q = 115 + r here", "115")).toBe(true);
    expect(operand("Share = remaining crates / 2", "2")).toBe(true);
    expect(operand("then dividing the rest of the flour by 4 gives", "4")).toBe(true);
    expect(operand("so \\frac{46}{2} crates", "2}")).toBe(true);
    expect(operand("giving 7q = 115 at last", "115")).toBe(true);
  });

  it("is a bound of a range and a counter of the working", () => {
    expect(operand("somewhere in 2–5 days", "2")).toBe(true);
    expect(operand("between 2 and 5 days", "5")).toBe(true);
    expect(operand("Step 2: add the crates", "2")).toBe(true);
    expect(operand("Intro\n2. Add the crates", "2")).toBe(true);
  });

  it("is not a result, a stated answer or a number in a sentence", () => {
    expect(operand("Each crate = 46 / 2 = 23", "23")).toBe(false);
    expect(operand("So the answer is 2 crates.", "2")).toBe(false);
    expect(operand("She keeps 2 crates - the rest go back", "2")).toBe(false);
    expect(operand("x = 2", "2")).toBe(false);
  });

  it("knows an answer written as a calculation", () => {
    expect(answerIsExpression("3/4")).toBe(true);
    expect(answerIsExpression("12 crates")).toBe(false);
  });
});

type Step = TTraceInput["steps"][number];
const TASK = "A farm packs forty-six melons into crates of the same size and ships them all. How many crates?";
const debate = (finalAnswer: string, steps: Step[]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: {
      task: TASK,
      outcome: "failure",
      finalAnswer,
      sourceFormat: "who-and-when",
      attributes: { [TERMINATION_ATTR]: "concluded" },
    },
    agents: [{ name: "user", kind: "task_giver" }, { name: "Solver_A" }, { name: "Solver_B" }, { name: "Solver_C" }],
    steps,
    edges: [],
  });
const say = (id: string, agent: string, content: string): Step => ({ id, agent, kind: "message", content });

describe("the first proposer of a concluded wrong number", () => {
  it("is not a step that wrote the number only as an operand", () => {
    const r = analyzeTrace(
      debate("2", [
        say("s0", "user", TASK),
        say("s1", "Solver_A", "Step 1: crates hold 23 melons each, so crates = 46 / 2 = 23.\nAnswer: \\boxed{23}"),
        say("s2", "Solver_B", "The melons fill crates 46 / 23 = 2, so the farm ships 2 crates.\n\\boxed{2}"),
        say("s3", "Solver_C", "I agree with the others: \\boxed{2}"),
      ]),
    );
    expect(r.decision?.rule).toBe("answer-origin");
    expect(r.decisive?.stepId).toBe("s2");
  });

  it("is not a step that wrote the number only as a range bound", () => {
    const r = analyzeTrace(
      debate("5", [
        say("s0", "user", TASK),
        say("s1", "Solver_A", "Crates usually hold between 5 and 9 melons, so it is 46 / 9 ≈ 6 crates: \\boxed{6}"),
        say("s2", "Solver_B", "Each crate holds 9 melons at most, which leaves 5 crates. \\boxed{5}"),
      ]),
    );
    expect(r.decisive?.stepId).toBe("s2");
  });

  it("is not a step whose own answer is another number, though it wrote this one as a result", () => {
    const steps = (first: string) => [
      say("s0", "user", TASK),
      say("s1", "Solver_A", first),
      say("s2", "Solver_B", "Every crate takes two melons, so the farm ships 23 crates. \\boxed{23}"),
      say("s3", "Solver_C", "Agreed: \\boxed{23}"),
    ];
    const passed = "Half of the melons is 46 / 2 = 23, and crates of 23 give \\boxed{2} crates.";
    expect(analyzeTrace(debate("23", steps(passed))).decisive?.stepId).toBe("s2");
    // The same working with 23 as its own answer put it forward.
    const answered = "Half of the melons is 46 / 2 = 23, so the farm ships \\boxed{23} crates.";
    expect(analyzeTrace(debate("23", steps(answered))).decisive?.stepId).toBe("s1");
  });
});
