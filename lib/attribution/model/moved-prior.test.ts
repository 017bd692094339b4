/**
 * A verdict named by a prior stays a prior wherever its step lands: when a repetition or a dead end
 * moves it to a later step of the same agent, the stated confidence is still capped (PRIOR_CAP), as
 * the note's "weak suspect … low confidence" says. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { failedRun } from "../test-graphs";
import { PRIOR_CAP } from "./confidence";

const ask = "Write a function that returns the median of a list of numbers.";
const report = analyzeTrace(
  failedRun(ask, [
    { id: "q", agent: "client", kind: "message", content: ask },
    { id: "l1", agent: "Lead", kind: "message", content: "Coder, please write the median function in solution.py." },
    {
      id: "c1",
      agent: "Coder",
      kind: "message",
      content: "I will write the median function now and save it to solution.py.",
    },
    {
      id: "c2",
      agent: "Coder",
      kind: "message",
      content: "def median(xs):\n    xs = sorted(xs)\n    return xs[len(xs) // 2]",
    },
    {
      id: "c3",
      agent: "Coder",
      kind: "message",
      content: "The median function has been written to solution.py. Finishing the task.",
    },
    {
      id: "c4",
      agent: "Coder",
      kind: "message",
      content: "The median function has been written to solution.py. Finishing the task.",
    },
    { id: "l2", agent: "Lead", kind: "message", content: "Thanks, marking the task finished." },
  ]),
);

describe("a prior's verdict moved to a later step", () => {
  it("is named by the prior", () => {
    expect(report.decisionSource).toBe("prior");
    expect(report.decisive?.agent).toBe("Coder");
  });
  it("states no more than the prior's cap", () => {
    expect(report.decisive?.confidence).toBeLessThanOrEqual(PRIOR_CAP);
  });
});
