/**
 * A concluded wrong answer that is a time of day is traced to the agent that first stated it, as a
 * wrong number is; the task's own times, a question, and a run that did not conclude are not.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { analyzeTrace } from "../index";

type Step = TTraceInput["steps"][number];
const TASK = "A ferry leaves at 9:40 and sails 2 hours 35 minutes. When does it dock?";
const say = (id: string, agent: string, content: string): Step => ({ id, agent, kind: "message", content });

function run(steps: Step[], extra: { finalAnswer?: string; groundTruth?: string; termination?: string } = {}) {
  const { termination = "concluded", finalAnswer = "12:05", ...rest } = extra;
  const report = analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { task: TASK, outcome: "failure", finalAnswer, ...rest, attributes: { [TERMINATION_ATTR]: termination } },
      agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
      steps,
      edges: [],
    }),
  );
  return { step: report.decisive?.stepId, rule: report.decision?.rule, wrong: report.decision?.wrongValues };
}

const debate = [
  say("s1", "Ayla", "9:40 plus 2 hours is 11:40, plus 35 minutes is 12:15. It docks at 12:15."),
  say("s2", "Bram", "9:40 plus 2 hours is 11:40, plus 35 minutes is 12:05. It docks at 12:05."),
  say("s3", "Cato", "Could it be 12:05? Yes, I agree with Bram: 12:05."),
  say("s4", "Judge", "Two of three say 12:05. Final answer: 12:05"),
];

describe("a concluded answer that is a time of day", () => {
  it("goes back to the first agent that stated the time as its own", () => {
    expect(run(debate)).toEqual({ step: "s2", rule: "answer-origin", wrong: ["t:12:05"] });
  });

  it("is read with or without a leading zero, and not from a question", () => {
    const asked = [
      say("s1", "Ayla", "9:40 plus 2 hours is 11:40, plus 35 minutes is 12:15. Or does it dock at 12:05?"),
      ...debate.slice(1),
    ];
    expect(run(asked).step).toBe("s2");
    expect(run(debate, { finalAnswer: "The ferry docks at 12:05." }).step).toBe("s2");
    const early = debate.map((s) => ({ ...s, content: s.content?.replaceAll("12:05", "9:05") }));
    expect(run(early, { finalAnswer: "09:05" })).toMatchObject({ step: "s2", wrong: ["t:9:05"] });
  });

  it("near misses: the truth holds the time, the task states it, the run did not conclude", () => {
    expect(run(debate, { groundTruth: "12:05" }).rule).not.toBe("answer-origin");
    expect(run(debate, { finalAnswer: "9:40" }).rule).not.toBe("answer-origin");
    expect(run(debate, { termination: "limit" }).rule).not.toBe("answer-origin");
  });

  it("near miss: a time the task giver's opening message states, in a log that records no task", () => {
    const report = analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", finalAnswer: "9:40", attributes: { [TERMINATION_ATTR]: "concluded" } },
        agents: [{ name: "User", kind: "task_giver" }, { name: "Ayla" }, { name: "Bram" }, { name: "Judge" }],
        steps: [
          say("s0", "User", TASK),
          ...debate.slice(0, 2),
          say("s4", "Judge", "It leaves at 9:40. Final answer: 9:40"),
        ],
        edges: [],
      }),
    );
    expect(report.decision?.rule).not.toBe("answer-origin");
  });
});
