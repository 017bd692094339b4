/**
 * A wrong value an agent states, then hands to a tool that computes the answer from it, reaches
 * the answer through that computation: whether the call's result arrives as a step of its own or
 * the value is typed into code that an executor runs. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";

const task = "What do the pallets in hall C cost to store this month at 12.5 EUR each?";
const make = (steps: TTraceInput["steps"], agents: TTraceInput["agents"]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task, finalAnswer: "48,025 EUR" },
    agents,
    steps,
    edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
  });

const lookup = {
  id: "k1",
  agent: "Stacker",
  kind: "tool_call" as const,
  tool: { name: "hall_count", arguments: { hall: "C" }, result: '{"hall": "C", "count": 3482}' },
};
const misquote = { id: "k2", agent: "Stacker", kind: "message" as const, content: "Counted: 3,842 on the floor." };
const answer = { id: "k9", agent: "Ledger", kind: "final" as const, content: "Storage this month: 48,025 EUR." };

/** The lookup, the misquote, the steps that compute with it, and the answer. */
const misquotedThen = (computing: TTraceInput["steps"], agents: TTraceInput["agents"]) =>
  make([lookup, misquote, ...computing, answer], agents);

/** The verdict names the misquote as where the wrong value entered. */
function expectEnteredAtMisquote(t: ReturnType<typeof make>) {
  const r = analyzeTrace(t);
  expect(r.decisive?.stepId).toBe("k2");
  expect(r.decision?.wrongValues).toContain("n:3842");
}

const calc = (result?: string) => ({
  name: "calc",
  arguments: { expression: "3842 * 12.5" },
  ...(result ? { result } : {}),
});

describe("a misquoted value handed to a call whose result is its own step", () => {
  const t = misquotedThen(
    [
      { id: "k3", agent: "Ledger", kind: "tool_call", tool: calc() },
      { id: "k4", agent: "Ledger", kind: "tool_result", tool: { name: "calc", result: "48025" }, content: "48025" },
    ],
    [{ name: "Stacker" }, { name: "Ledger" }],
  );
  it("is where the wrong value entered", () => expectEnteredAtMisquote(t));
});

describe("a misquoted value handed to a call that carries its result and says what it computes", () => {
  const t = misquotedThen(
    [
      {
        id: "k3",
        agent: "Ledger",
        kind: "tool_call",
        content: "Working out 3842 * 12.5 with the calculator.",
        tool: calc("48025"),
      },
    ],
    [{ name: "Stacker" }, { name: "Ledger" }],
  );
  it("is where the wrong value entered: the call's own words are no echo of the tool", () =>
    expectEnteredAtMisquote(t));
});

describe("a misquoted value typed into code an executor runs", () => {
  const t = misquotedThen(
    [
      { id: "k3", agent: "Ledger", kind: "message", content: "```python\nprint(3842 * 12.5)\n```" },
      { id: "k4", agent: "runner", kind: "tool_result", content: "48025.0" },
    ],
    [{ name: "Stacker" }, { name: "Ledger" }, { name: "runner" }],
  );
  it("is where the wrong value entered", () => expectEnteredAtMisquote(t));
});

describe("a constant first typed into code", () => {
  const t = make(
    [
      lookup,
      { id: "k2", agent: "Stacker", kind: "message", content: "Hall C holds 3,482 pallets." },
      { id: "k3", agent: "Ledger", kind: "message", content: "```python\nprint(3482 * 13.79)\n```" },
      { id: "k4", agent: "runner", kind: "tool_result", content: "48016.78" },
      { ...answer, content: "Storage this month: 48,016.78 EUR." },
    ],
    [{ name: "Stacker" }, { name: "Ledger" }, { name: "runner" }],
  );
  it("does not make the code's author the origin of an unsourced value", () => {
    const r = analyzeTrace(t);
    expect(r.decision?.wrongValues ?? []).not.toContain("n:13.79");
  });
});
