import { describe, expect, it } from "vitest";
import { importTrace } from "../../importers/index";
import { analyzeTrace } from "../index";

/** Invented manager/searcher chats: a searcher reports a year, then withdraws it; the manager answers. */
type Msg = { name: string; content?: string | null; role?: string; tool_calls?: unknown[]; tool_call_id?: string };
const say = (name: string, content: string): Msg => ({ name, role: name === "User" ? "user" : "assistant", content });
const call = (name: string, id: string, query: string): Msg => ({
  name,
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name: "web_search", arguments: JSON.stringify({ query }) } }],
});
const result = (id: string, content: string): Msg => ({ role: "tool", tool_call_id: id, name: "web_search", content });

function verdict(messages: Msg[]) {
  const { trace } = importTrace(JSON.stringify({ messages }));
  trace.run.outcome = "failure";
  const report = analyzeTrace(trace);
  return {
    agent: report.decisive?.agent,
    step: trace.steps.findIndex((s) => s.id === report.decisive?.stepId),
    report,
  };
}

const opening = [
  say("User", "In what year did the Marrow ferry start running?"),
  say("Manager", "Searcher: find the year the Marrow ferry started running."),
  say("Searcher", "The harbour museum says the Marrow ferry started running in 1887."),
  say("Manager", "Searcher, please check that year once more."),
];

describe("a value its author withdrew", () => {
  it("passed on afterwards by another agent: that agent is where it reaches the answer", () => {
    const { agent, step, report } = verdict([
      ...opening,
      say("Searcher", "Correction: I misread the caption. The ferry started running in 1878, not 1887."),
      say("Manager", "The ferry started running in 1887. FINAL ANSWER: 1887"),
    ]);
    expect(agent).toBe("Manager");
    expect(step).toBe(5);
    expect(report.decisive?.evidence.note).toContain("after its author withdrew it");
    // The finding points at the withdrawal, so the run page can name it.
    const claim = report.claims?.find((c) => c.stepId === report.decisive?.stepId && c.detector === "unsourced-value");
    expect(claim?.sourceStepId).toBe(report.steps[4].stepId);
  });

  // What the third speaker says after the check was asked for, then who is named, and where.
  it.each([
    [
      "a correction that does not name the old value withdraws it: the manager that keeps it is named",
      "Searcher",
      "Correction: I misread the caption. The ferry started running in 1878.",
      ["Manager", 5],
    ],
    [
      "a correction that still states the old value replaces nothing: the first statement stays the origin",
      "Searcher",
      "Correction: the ferry started running in 1878; 1887 is when the pier was rebuilt.",
      ["Searcher", 2],
    ],
    [
      'a peer\'s "not 1887" withdraws nothing: the first statement stays the origin',
      "Checker",
      "I believe the ferry started running in 1878, not 1887.",
      ["Searcher", 2],
    ],
  ] as const)("%s", (_title, speaker, words, [agent, step]) => {
    const named = verdict([
      ...opening,
      say(speaker, words),
      say("Manager", "The ferry started running in 1887. FINAL ANSWER: 1887"),
    ]);
    expect([named.agent, named.step]).toEqual([agent, step]);
  });

  it("a misread the author corrected is not the culprit when the manager reads the value under the wrong label", () => {
    const { agent } = verdict([
      say("User", "In what year did the Marrow ferry start running?"),
      say("Manager", "Searcher: find the year the Marrow ferry started running."),
      call("Searcher", "c1", "Marrow ferry first sailing"),
      result("c1", "Marrow ferry: started 1878, rebuilt 1887."),
      say("Searcher", "The Marrow ferry started in 1887."),
      say("Manager", "Searcher, please check that year once more."),
      say("Searcher", "Correction: the Marrow ferry started in 1878, not 1887; 1887 is when it was rebuilt."),
      say("Manager", "The ferry started in 1887. FINAL ANSWER: 1887"),
    ]);
    expect(agent).toBe("Manager");
  });
});
