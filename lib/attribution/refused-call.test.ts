/**
 * A tool that refuses (a stated error status) delivers nothing; the agent that then says the job is
 * done is where the run went wrong. A call that broke (a traceback from the agent's own code) stays
 * the agent's error. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { ZTrace, type TTraceInput } from "../trace/schema";

const task = "Book the 9:40 ferry to Ardmore for two passengers and confirm.";
const make = (steps: TTraceInput["steps"]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task, finalAnswer: "Your ferry is confirmed." },
    agents: [{ name: "traveller", kind: "task_giver" }, { name: "Purser" }, { name: "Deckhand" }, { name: "shell" }],
    steps: [{ id: "q", agent: "traveller", kind: "message", content: task }, ...steps],
  });

describe("a success claimed over a refusal the tool stated", () => {
  const t = make([
    { id: "a0", agent: "Purser", kind: "message", content: "Checking the morning sailings first." },
    {
      id: "a1",
      agent: "Purser",
      kind: "tool_call",
      tool: { name: "ferry_booking", arguments: { sailing: "09:40", seats: 2 } },
    },
    {
      id: "a2",
      agent: "Purser",
      kind: "tool_result",
      tool: { name: "ferry_booking" },
      content: '{"status": "rejected", "reason": "sailing sold out"}',
    },
    {
      id: "a3",
      agent: "Purser",
      kind: "message",
      content: "Successfully booked the 9:40 sailing for both passengers.",
    },
    { id: "a4", agent: "Deckhand", kind: "final", content: "Your ferry is confirmed." },
  ]);
  it("is decisive, not the refused call", () => {
    const r = analyzeTrace(t);
    expect(r.decisionSource).toBe("evidence");
    expect(r.decisive?.agent).toBe("Purser");
    expect(r.decisive?.stepId).toBe("a3");
  });
});

describe("a success claimed after the agent's own code broke", () => {
  const t = make([
    {
      id: "b1",
      agent: "Purser",
      kind: "message",
      content: "```python\nbook(sailing='9:40', seats='two')\n```",
    },
    {
      id: "b2",
      agent: "shell",
      kind: "tool_result",
      status: "error",
      content: 'Traceback (most recent call last):\n  File "book.py", line 1\nValueError: seats must be an integer',
    },
    {
      id: "b3",
      agent: "Purser",
      kind: "message",
      content: "Successfully booked the 9:40 sailing for both passengers.",
    },
    { id: "b4", agent: "Deckhand", kind: "final", content: "Your ferry is confirmed." },
  ]);
  it("leaves the broken call as the agent's error", () => {
    const r = analyzeTrace(t);
    expect(r.decisive?.agent).toBe("Purser");
    expect(r.decisive?.stepId).toBe("b1");
  });
});

describe("a lead confirming the success its worker claimed over a refusal", () => {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task, finalAnswer: "Booked and confirmed." },
    agents: [{ name: "traveller", kind: "task_giver" }, { name: "Lead" }, { name: "Runner" }],
    steps: [
      { id: "q", agent: "traveller", kind: "message", content: task },
      { id: "c1", agent: "Lead", kind: "message", content: "Runner, please book the 9:40 sailing for two." },
      {
        id: "c2",
        agent: "Runner",
        kind: "tool_call",
        tool: { name: "ferry_booking", arguments: { sailing: "09:40" } },
      },
      { id: "c3", agent: "Runner", kind: "tool_result", content: "status: failed\nreason: sailing sold out" },
      {
        id: "c4",
        agent: "Runner",
        kind: "message",
        content: "Successfully booked the 9:40 sailing for both passengers.",
      },
      {
        id: "c5",
        agent: "Lead",
        kind: "message",
        content: "Confirmed: the 9:40 sailing is booked for two. Booked and confirmed.",
      },
    ],
  });
  it("relays the worker's claim: the worker's claim is decisive", () => {
    const r = analyzeTrace(t);
    expect(r.decisive?.agent).toBe("Runner");
    expect(r.decisive?.stepId).toBe("c4");
  });
});

describe("a refusal that names a denied permission in its status", () => {
  const t = make([
    { id: "d0", agent: "Purser", kind: "message", content: "Checking the morning sailings first." },
    { id: "d1", agent: "Purser", kind: "tool_call", tool: { name: "ferry_booking", arguments: { sailing: "09:40" } } },
    {
      id: "d2",
      agent: "Purser",
      kind: "tool_result",
      tool: { name: "ferry_booking" },
      content: '{"status": "failed", "reason": "permission denied"}',
    },
    {
      id: "d3",
      agent: "Purser",
      kind: "message",
      content: "Successfully booked the 9:40 sailing for both passengers.",
    },
    { id: "d4", agent: "Deckhand", kind: "final", content: "Your ferry is confirmed." },
  ]);
  it("is the service saying no: the claim over it is decisive", () => {
    const r = analyzeTrace(t);
    expect(r.decisive?.stepId).toBe("d3");
  });
});

describe("a report that opens with Done over a refusal", () => {
  const t = make([
    { id: "e0", agent: "Purser", kind: "message", content: "Checking the morning sailings first." },
    { id: "e1", agent: "Purser", kind: "tool_call", tool: { name: "ferry_booking", arguments: { sailing: "09:40" } } },
    { id: "e2", agent: "Purser", kind: "tool_result", content: '{"status": "rejected", "reason": "sold out"}' },
    { id: "e3", agent: "Purser", kind: "message", content: "Done — the 9:40 sailing is booked for both passengers." },
    { id: "e4", agent: "Deckhand", kind: "final", content: "Your ferry is confirmed." },
  ]);
  it("is a claim of success, and decisive", () => {
    expect(analyzeTrace(t).decisive?.stepId).toBe("e3");
  });
});
