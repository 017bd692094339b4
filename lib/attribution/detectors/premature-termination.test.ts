/**
 * A run that ends saying the answer could not be found. Invented runs of a code agent that answers
 * through a `final_answer` call, after which a harness's formatting call closes the run.
 */
import { describe, expect, it } from "vitest";
import type { TTraceInput } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { failedRun } from "../test-graphs";
import { detectPrematureTermination } from "./premature-termination";

const hitsOn = (steps: TTraceInput["steps"]) => {
  const g = buildGraph(failedRun("How many berths does the port list?", steps), DEFAULT_CONFIG);
  return detectPrematureTermination({ g, config: DEFAULT_CONFIG, failed: true }).map((h) => ({
    step: g.steps[h.step].id,
    note: h.evidence.note,
  }));
};

const search = { id: "s1", agent: "analyst", kind: "message" as const, content: "I searched the port registry twice." };
const writer = (answer: string) => ({
  id: "w1",
  agent: "analyst",
  kind: "message" as const,
  content: `Thought: I have what I can get.\nCode:\n\`\`\`py\nfinal_answer("${answer}")\n\`\`\``,
});
const call = (name: string, answer: string) => ({
  id: "c1",
  agent: "analyst",
  kind: "tool_call" as const,
  content: "",
  tool: { name, arguments: { answer } },
});
const close = { id: "f1", agent: "analyst", kind: "final" as const, content: "FINAL ANSWER: Unable to determine" };

describe("premature termination after a handed-over answer", () => {
  it("charges the close's give-up to the step that wrote the final-answer call", () => {
    const given = "The berth count could not be located in the registry.";
    expect(hitsOn([search, writer(given), call("final_answer", given), close])).toEqual([
      {
        step: "w1",
        note: "hands over the final answer with which f1 ends the run saying the answer could not be found",
      },
    ]);
    // The same when the handed answer is no answer at all (a question meant for a team member).
    const question = "Could you look up the berth count for me?";
    expect(hitsOn([search, writer(question), call("finalAnswer", question), close]).map((h) => h.step)).toEqual(["w1"]);
  });

  it("near miss: a close after another call, or with no call before it, is its own give-up", () => {
    const given = "The berth count could not be located in the registry.";
    expect(hitsOn([search, writer(given), call("web_search", given), close])).toEqual([
      { step: "f1", note: "ends the run while saying the answer could not be found" },
    ]);
    expect(hitsOn([search, close]).map((h) => h.step)).toEqual(["f1"]);
    // A call that finishes something else hands over no answer.
    expect(hitsOn([search, writer(given), call("finalize_booking", given), close]).map((h) => h.step)).toEqual(["f1"]);
  });

  it("near miss: a close right after a failed output, with no give-up, is charged as before", () => {
    const failed = { id: "o1", agent: "runner", kind: "tool_result" as const, content: "Error: request timed out" };
    const given = "The berth count is 14.";
    const closing = { ...close, content: "FINAL ANSWER: 14" };
    expect(hitsOn([search, writer(given), call("final_answer", given), failed, closing])).toEqual([
      { step: "f1", note: "ends the run right after the failed tool output o1" },
    ]);
  });

  it("near miss: a close that gives no give-up raises nothing, whatever it was handed", () => {
    const given = "The berth count is 14.";
    expect(
      hitsOn([search, writer(given), call("final_answer", given), { ...close, content: "FINAL ANSWER: 14" }]),
    ).toEqual([]);
  });
});
