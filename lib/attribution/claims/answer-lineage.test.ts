/**
 * A concluded wrong answer computed faithfully from numbers another agent supplied with no source
 * goes back to that supplier; a computation that left out one of the supplied numbers, or that
 * states no arithmetic, stays with the step that computed it.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { reportHeadline } from "../../view/headline";
import { analyzeTrace } from "../index";

const TASK = "How many wheels do 4 carts and 3 wagons have in total?";
type Step = TTraceInput["steps"][number];

const ASK = "Searcher, find how many wheels a cart has and how many a wagon has.";
const run = (supplied: string, computed: string, finalAnswer: string, request = ASK, task: string | null = TASK) =>
  analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: {
        task: task ?? undefined,
        outcome: "failure",
        finalAnswer,
        sourceFormat: "who-and-when",
        attributes: { [TERMINATION_ATTR]: "concluded" },
      },
      agents: [{ name: "User", kind: "task_giver" }, { name: "Manager" }, { name: "Searcher" }],
      steps: [
        { id: "s0", agent: "User", kind: "message", content: TASK },
        { id: "s1", agent: "Manager", kind: "message", content: request },
        { id: "s2", agent: "Searcher", kind: "message", content: supplied },
        { id: "s3", agent: "Manager", kind: "message", content: computed },
      ] satisfies Step[],
      edges: [],
    }),
  );

describe("a computed wrong answer's origin", () => {
  it("is the agent that supplied the unsourced numbers the answer was computed from", () => {
    const r = run(
      "A cart has 2 wheels. A wagon has 6 wheels.",
      "4 x 2 = 8 and 3 x 6 = 18, so 8 + 18 = 26. Final answer: 26.",
      "26",
    );
    expect(r.decisive?.stepId).toBe("s2");
    expect(r.decision).toMatchObject({
      rule: "answer-origin",
      computedAtStepId: "s3",
      wrongValues: ["n:2", "n:6"],
    });
    expect(r.decisive?.evidence.note).toContain("computed correctly at step 4 (Manager)");
    expect(r.verdict).toContain("the error was carried on by Manager");
    const roles = Object.fromEntries(r.agents.map((a) => [a.agent, a.role]));
    expect(roles).toMatchObject({ Searcher: "culprit", Manager: "propagator" });
    const headline = reportHeadline(r);
    expect(headline.sentence).toContain("put forward “2” and “6” with no source, from which step 4 computed");
    expect(headline.why[0]).toContain("a later step computed correctly from numbers this step put forward");
    expect(r.reasons?.map((x) => x.text)).toContain(
      "it put forward, with no source, the numbers the concluded wrong answer was computed from",
    );
    expect(r.interaction.rule).toContain("computed from 2, 6, which its origin put forward");
  });

  it("stays with the computing step when the supplier concluded another answer from its numbers", () => {
    // A rival answer, not a source of facts: the supplier drew 12 from the same numbers, so the
    // step that drew 26 from them made the error.
    const computed = "4 x 2 = 8 and 3 x 6 = 18, so 8 + 18 = 26. Final answer: 26.";
    const rival = "A cart has 2 wheels. A wagon has 6 wheels. Per pair, 2 x 6 = 12. Final answer: 12.";
    expect(run(rival, computed, "26").decisive?.stepId).toBe("s3");
    const supplied = "A cart has 2 wheels. A wagon has 6 wheels. Per pair, 2 x 6 = 12 wheels.";
    expect(run(supplied, computed, "26").decisive?.stepId).toBe("s2");
  });

  it("follows both computations that reach the same result", () => {
    const r = run(
      "A cart has 6 wheels. A wagon has 8 wheels.",
      "4 x 6 = 24 and 3 x 8 = 24, so 24 + 24 = 48. Final answer: 48.",
      "48",
    );
    expect(r.decisive?.stepId).toBe("s2");
    expect(r.decision?.wrongValues).toEqual(["n:6", "n:8"]);
  });

  it("stays with the computing agent when its request brought in a thing the task never names", () => {
    const supplied = "A cart has 2 wheels. A trolley has 6 wheels.";
    const computed = "4 x 2 = 8 and 3 x 6 = 18, so 8 + 18 = 26. Final answer: 26.";
    const asked = run(
      supplied,
      computed,
      "26",
      "Searcher, find how many wheels a cart has and how many a trolley has.",
    );
    expect(asked.decisive?.stepId).toBe("s3");
    expect(asked.decision?.computedAtStepId).toBeUndefined();
    // Asked about the wagons, the supplier answered about something else: its own doing.
    expect(run(supplied, computed, "26").decisive?.stepId).toBe("s2");
    // Only the sentences that give the numbers count: a thing both name elsewhere is no subject of them.
    const aside = run(
      "A cart has 2 wheels. A wagon has 6 wheels. I skipped the trolley.",
      computed,
      "26",
      "Searcher, find how many wheels a cart has and how many a wagon has; skip the trolley.",
    );
    expect(aside.decisive?.stepId).toBe("s2");
  });

  it("reads the task from the task giver's opening message when the log records none", () => {
    const r = run(
      "A cart has 2 wheels. A wagon has 6 wheels.",
      "4 x 2 = 8 and 3 x 6 = 18, so 8 + 18 = 26. Final answer: 26.",
      "26",
      ASK,
      null,
    );
    expect(r.decisive?.stepId).toBe("s2");
    expect(r.decision?.computedAtStepId).toBe("s3");
  });

  it("stays with the computing step when it left out a number the supplier gave", () => {
    const r = run(
      "A cart has 2 wheels. A wagon has 5 wheels.",
      "4 x 2 = 8 and 3 x 2 = 6, so 8 + 6 = 14. Final answer: 14.",
      "14",
    );
    expect(r.decisive?.stepId).toBe("s3");
    expect(r.decision?.rule).toBe("answer-origin");
    expect(r.decision?.computedAtStepId).toBeUndefined();
    // Also when the number left out happens to be derivable from the task's (7 = 4 + 3).
    const derivable = run(
      "A cart has 2 wheels. A wagon has 7 wheels.",
      "4 x 2 = 8 and 3 x 2 = 6, so 8 + 6 = 14. Final answer: 14.",
      "14",
    );
    expect(derivable.decisive?.stepId).toBe("s3");
  });

  it("stays with the step that states the answer when it shows no arithmetic", () => {
    const r = run("A cart has 2 wheels. A wagon has 6 wheels.", "That comes to 26 wheels. Final answer: 26.", "26");
    expect(r.decisive?.stepId).toBe("s3");
    expect(r.decision?.computedAtStepId).toBeUndefined();
  });

  it("follows the supplier's own arithmetic to the number it brought", () => {
    const r = run(
      "A wagon has 2 axles of 3 wheels, 2 x 3 = 6 wheels.",
      "3 x 6 = 18. Final answer: 18 wheels on the wagons.",
      "18",
    );
    expect(r.decisive?.stepId).toBe("s2");
    expect(r.decision).toMatchObject({ computedAtStepId: "s3", wrongValues: ["n:2"] });
  });

  it("stays with the step whose answer merely equals a product of numbers at hand", () => {
    const r = run("A cart has 2 wheels.", "The carts have 8 wheels. Final answer: 8.", "8");
    expect(r.decisive?.stepId).toBe("s3");
    expect(r.decision?.computedAtStepId).toBeUndefined();
  });

  it("counts only arithmetic the step states as a faithful computation", () => {
    const r = run("A cart has 5 wheels.", "With 5 wheels each, the carts have 20 wheels. Final answer: 20.", "20");
    expect(r.decisive?.stepId).toBe("s3");
    expect(r.decision?.computedAtStepId).toBeUndefined();
  });

  it("stays with the step when its answer is only found to be derivable, not stated as arithmetic", () => {
    const r = run("A cart has 2 wheels and a wagon 6.", "So 8 and 18 wheels, 26 in all. Final answer: 26.", "26");
    expect(r.decisive?.stepId).toBe("s3");
    expect(r.decision?.computedAtStepId).toBeUndefined();
  });

  it("stays with the computing step when it brought an unsourced operand of its own", () => {
    const r = run(
      "A cart has 2 wheels.",
      "4 x 2 = 8 and wagons have 7 wheels, 3 x 7 = 21, so 8 + 21 = 29. Final answer: 29.",
      "29",
    );
    expect(r.decisive?.stepId).toBe("s3");
    expect(r.decision?.computedAtStepId).toBeUndefined();
  });

  it("stays with the computing step when every operand comes from the task", () => {
    const r = run("Carts and wagons both have wheels.", "4 x 3 = 12. Final answer: 12.", "12");
    expect(r.decisive?.stepId).toBe("s3");
    expect(r.decision?.computedAtStepId).toBeUndefined();
  });
});
