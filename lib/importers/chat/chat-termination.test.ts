import { describe, expect, it } from "vitest";
import { chatTermination, stopReasonTermination } from "./chat-termination";

const msgs = (...contents: string[]) => contents.map((content) => ({ content }));

describe("chatTermination", () => {
  it("reads a budget that stopped the run (Magentic-One and AG2 phrasings)", () => {
    expect(chatTermination(msgs("Please search.", "Max time (1500s) reached.\nFINAL ANSWER: 70\nSCENARIO.PY COMPLETE !#!#"))).toBe("limit");
    expect(chatTermination(msgs("Max rounds (30) reached.\nFINAL ANSWER: x"))).toBe("limit");
    expect(chatTermination(msgs("Replan counter exceeded... Terminating.", "No agent selected.\nFINAL ANSWER: Ethan Zohn"))).toBe("limit");
  });

  it("reads a crash", () => {
    expect(chatTermination(msgs('Next speaker Assistant\nError processing publish message\nTraceback (most recent call last):\n  File "x.py", line 1'))).toBe(
      "error",
    );
  });

  it("reads a team that declared the task done", () => {
    expect(chatTermination(msgs("The answer is 6.\n\nTERMINATE"))).toBe("concluded");
    expect(chatTermination(msgs("Updated Ledger: {}", "Request satisfied.", "No agent selected.\nFINAL ANSWER: 6"))).toBe("concluded");
  });

  it("the latest statement wins, and only the last few messages count", () => {
    // A crash after the team concluded still ended the run by the crash.
    expect(chatTermination(msgs("TERMINATE", "Traceback (most recent call last):\n boom"))).toBe("error");
    expect(chatTermination(msgs("TERMINATE", "a", "b", "c"))).toBeUndefined();
    expect(chatTermination(msgs())).toBeUndefined();
    // Talking about termination is not terminating.
    expect(chatTermination(msgs("We should not terminate yet; the maximum time is 30 minutes."))).toBeUndefined();
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
