import { describe, expect, it } from "vitest";
import { chatTermination, markClosingSteps, stopReasonTermination } from "./chat-termination";
import { CLOSES_RUN } from "../../trace/canonical-attributes";
import { ZTrace, type TStepInput } from "../../trace/schema";
import { buildGraph } from "../../attribution/build-graph";
import { DEFAULT_CONFIG } from "../../attribution/config";
import { detectPrematureTermination } from "../../attribution/detectors/premature-termination";
import { importValue } from "../index";
import { analyzeTrace } from "../../attribution/analyze-trace";

const msgs = (...contents: string[]) => contents.map((content) => ({ content }));

/** Imports a Who&When-layout chat about 7 carts (truth 14) and expects it concluded with the answer 28. */
function expectConcludedWith28(history: { name: string; role: string; content: string }[], id: string) {
  const record = { question: "How many wheels do 7 carts have?", ground_truth: "14", history, mistake_agent: "" };
  const t = importValue({ ...record, mistake_step: "", question_ID: id }).trace;
  expect(t.run.attributes?.["culprit.termination"]).toBe("concluded");
  expect(t.run.finalAnswer).toBe("28");
}

describe("chatTermination", () => {
  it("reads a budget that stopped the run (Magentic-One and AG2 phrasings)", () => {
    expect(
      chatTermination(msgs("Please search.", "Max time (1500s) reached.\nFINAL ANSWER: 70\nSCENARIO.PY COMPLETE !#!#")),
    ).toBe("limit");
    expect(chatTermination(msgs("Max rounds (30) reached.\nFINAL ANSWER: x"))).toBe("limit");
    expect(
      chatTermination(msgs("Replan counter exceeded... Terminating.", "No agent selected.\nFINAL ANSWER: Ethan Zohn")),
    ).toBe("limit");
  });

  it("reads a crash", () => {
    expect(
      chatTermination(
        msgs(
          'Next speaker Assistant\nError processing publish message\nTraceback (most recent call last):\n  File "x.py", line 1',
        ),
      ),
    ).toBe("error");
  });

  it("reads a team that declared the task done", () => {
    expect(chatTermination(msgs("The answer is 6.\n\nTERMINATE"))).toBe("concluded");
    expect(
      chatTermination(msgs("Updated Ledger: {}", "Request satisfied.", "No agent selected.\nFINAL ANSWER: 6")),
    ).toBe("concluded");
  });

  it("the latest statement wins, and only the last few messages count", () => {
    // A crash after the team concluded still ended the run by the crash.
    expect(chatTermination(msgs("TERMINATE", "Traceback (most recent call last):\n boom"))).toBe("error");
    expect(chatTermination(msgs("TERMINATE", "a", "b", "c"))).toBeUndefined();
    expect(chatTermination(msgs())).toBeUndefined();
    // Talking about termination is not terminating.
    expect(chatTermination(msgs("We should not terminate yet; the maximum time is 30 minutes."))).toBeUndefined();
  });

  it("a closing message that states the team's answer concludes the run, except in Magentic-One", () => {
    expect(chatTermination(msgs("Round 2 is over.", "All agents agree on 56. Final answer: 56."))).toBe("concluded");
    expect(chatTermination(msgs("Checked.", "**Final Answer:** Oslo"))).toBe("concluded");
    // Magentic-One's orchestrator writes its final answer however the run ended.
    expect(chatTermination(msgs("No agent selected.\nFINAL ANSWER: 6"), false)).toBeUndefined();
    // Only in the closing message, and only opening a line or a sentence.
    expect(chatTermination(msgs("Final answer: 56.", "Let me check that once more."))).toBeUndefined();
    expect(chatTermination(msgs("I will give the final answer: soon, after a check."))).toBeUndefined();
  });

  it("a Who&When-layout chat that closes with its answer is concluded, with that answer", () => {
    const history = [
      { name: "user", role: "user", content: "How many wheels do 7 carts have?" },
      { name: "Agent 1", role: "assistant", content: "Each cart has 4 wheels: 28." },
      { name: "Judge", role: "assistant", content: "Both rounds agree. Final answer: 28" },
    ];
    expectConcludedWith28(history, "q1");
  });

  it("a closing message with a math solver's boxed answer has concluded, with that answer", () => {
    expect(chatTermination(msgs("Agent 1 says 28.", "Both rounds agree, so the answer is \\boxed{28}."))).toBe(
      "concluded",
    );
    expect(chatTermination(msgs("We got \\boxed{28}.", "Let me check that once more."))).toBeUndefined();
    expect(chatTermination(msgs("The answer is \\boxed{28}."), false)).toBeUndefined();
    expect(chatTermination(msgs("Max rounds (30) reached.\nThe answer is \\boxed{28}."))).toBe("limit");
    const history = [
      { name: "user", role: "user", content: "How many wheels do 7 carts have?" },
      { name: "Agent 1", role: "assistant", content: "Each cart has 4 wheels: \\boxed{28}." },
      { name: "Agent 2", role: "assistant", content: "I first thought \\boxed{21}; on reflection \\boxed{ 28 }." },
    ];
    expectConcludedWith28(history, "q3");
  });

  it("a debate harness that closes by reading out the vote's result has concluded, with that answer", () => {
    for (const closing of [
      "Debate finished after 2 rounds. Final answers: 28, 28, 14. Majority vote: 28",
      "Majority answer: 28",
      "The agents settled. Consensus answer: 28",
    ]) {
      const history = [
        { name: "user", role: "user", content: "How many wheels do 7 carts have?" },
        { name: "Agent 1", role: "assistant", content: "Each cart has 4 wheels: 28." },
        { name: "Moderator", role: "user", content: closing },
      ];
      expectConcludedWith28(history, "q4");
    }
    // Near miss: a vote mentioned mid-sentence, not stated, concludes nothing.
    expect(
      chatTermination(msgs("Agent 1 says 28.", "We could settle this by a majority vote: later.")),
    ).toBeUndefined();
  });

  it("so the engine names who first put the wrong answer forward, not the agent with the most steps", () => {
    const history = [
      { name: "user", role: "user", content: "How many wheels do 7 hand carts have?" },
      { name: "Agent 2", role: "assistant", content: "A hand cart has 2 wheels, so 7 carts have 14." },
      { name: "Agent 1", role: "assistant", content: "Each cart has 4 wheels: 28." },
      { name: "Agent 2", role: "assistant", content: "On reflection I agree: 28." },
      { name: "Judge", role: "assistant", content: "Both rounds agree. Final answer: 28" },
    ];
    const record = { question: "How many wheels do 7 hand carts have?", history, mistake_agent: "", mistake_step: "" };
    const report = analyzeTrace(importValue({ ...record, ground_truth: "14", question_ID: "q2" }).trace);
    expect(report.decisive?.agent).toBe("Agent 1");
  });

  it("reads AgentChat's stop reason", () => {
    expect(stopReasonTermination("Maximum number of messages 10 reached, current message count: 10")).toBe("limit");
    expect(stopReasonTermination("Text 'TERMINATE' mentioned")).toBe("concluded");
    expect(stopReasonTermination("Handoff to user from agent")).toBeUndefined();
  });

  it("stays bounded on a huge closing message", () => {
    const huge = `${"x".repeat(5_000_000)}\nTERMINATE`;
    expect(chatTermination(msgs(huge))).toBe("concluded");
  });
});

describe("markClosingSteps (closing keywords → culprit.closes_run)", () => {
  it("marks a step whose text ends the run with TERMINATE or FINAL ANSWER, in any format, and nothing else", () => {
    const steps: TStepInput[] = [
      { id: "a", agent: "A", kind: "message", content: "Let me compute it." },
      { id: "b", agent: "A", kind: "message", content: "The result is 5.\nTERMINATE" },
      { id: "c", agent: "B", kind: "tool_call", content: "", tool: { name: "submit", result: "FINAL ANSWER: 5" } },
      { id: "d", agent: "B", kind: "message", content: "The terminal says the final answers are not in yet." },
    ];
    markClosingSteps(steps);
    expect(steps.map((s) => s.attributes?.[CLOSES_RUN] === true)).toEqual([false, true, true, false]);
  });

  it("reads only a step's last 2000 characters: a keyword quoted early in a long message does not close the run", () => {
    const steps: TStepInput[] = [{ id: "a", agent: "A", kind: "message", content: `TERMINATE ${"x".repeat(3000)}` }];
    markClosingSteps(steps);
    expect(steps[0].attributes?.[CLOSES_RUN]).toBeUndefined();
  });
});

describe("the engine reads culprit.closes_run, not the keyword", () => {
  const run = (last: TStepInput) =>
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Find the count." },
      agents: [{ name: "Searcher" }, { name: "terminal" }, { name: "Writer" }],
      steps: [
        {
          id: "s1",
          agent: "Searcher",
          kind: "tool_call",
          content: "search",
          tool: { name: "search", arguments: { q: "count" } },
        },
        {
          id: "s2",
          agent: "terminal",
          kind: "tool_result",
          content: "Traceback (most recent call last): boom",
          status: "error",
        },
        last,
      ],
    });
  const premature = (last: TStepInput) => {
    const t = run(last);
    const g = buildGraph(t, DEFAULT_CONFIG);
    return detectPrematureTermination({ g, config: DEFAULT_CONFIG, failed: true }).map((h) => g.steps[h.step].id);
  };
  it("a closing step right after a failed tool output is premature when the importer marked it", () => {
    expect(
      premature({
        id: "s3",
        agent: "Writer",
        kind: "message",
        content: "TERMINATE",
        attributes: { [CLOSES_RUN]: true },
      }),
    ).toEqual(["s3"]);
  });
  it("the same words without the mark are only words to the engine", () => {
    expect(premature({ id: "s3", agent: "Writer", kind: "message", content: "TERMINATE" })).toEqual([]);
  });
  it("through the AG2 importer, the keyword reaches the engine as the mark", () => {
    const { trace } = importValue(
      [
        { name: "human", role: "user", content: "Find the count." },
        { name: "coder", role: "assistant", content: "```python\nprint(count())\n```" },
        {
          name: "executor",
          role: "user",
          content: "exitcode: 1 (execution failed)\nCode output: Traceback (most recent call last): boom",
        },
        { name: "coder", role: "assistant", content: "I could not run it.\nTERMINATE" },
      ],
      { format: "ag2" },
    );
    const g = buildGraph({ ...trace, run: { ...trace.run, outcome: "failure" } }, DEFAULT_CONFIG);
    expect(
      detectPrematureTermination({ g, config: DEFAULT_CONFIG, failed: true }).map((h) => g.steps[h.step].id),
    ).toEqual([trace.steps[3].id]);
  });
});
