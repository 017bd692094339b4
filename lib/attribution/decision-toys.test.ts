/**
 * Named toy traces for the decision's fidelity (issue 23 item 8): a correct reviewer is never
 * blamed for rejecting, an independent second fabrication is its own origin, and "amplified" is
 * never reported for an error that crossed no agent boundary. Toys of our own, not dataset records.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { ZTrace, type TTraceInput } from "../trace/schema";

const make = (steps: TTraceInput["steps"], edges: TTraceInput["edges"], task: string, finalAnswer?: string) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task, ...(finalAnswer ? { finalAnswer } : {}) },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });
const e = (from: string, to: string) => ({ from, to, kind: "message" as const });
const chain = (ids: string[]) => ids.slice(1).map((id, i) => e(ids[i], id));

describe("toy e1: a correct reviewer", () => {
  const t = make(
    [
      { id: "c1", agent: "Coder", kind: "message", content: "The total of the invoice lines is 165." },
      {
        id: "t1",
        agent: "Coder",
        kind: "tool_call",
        tool: { name: "python", arguments: "print(sum(lines))", result: "total = 155" },
      },
      {
        id: "r1",
        agent: "Reviewer",
        kind: "message",
        content: "Rejected: the total is not 165, the script printed 155.",
      },
      { id: "c2", agent: "Coder", kind: "message", content: "Corrected: the invoice total is 155." },
      { id: "w1", agent: "Writer", kind: "final", content: "Final report: the invoice total is 1550." },
    ],
    chain(["c1", "t1", "r1", "c2", "w1"]),
    "Add up the invoice lines and report the total.",
    "1550",
  );
  const r = analyzeTrace(t);
  it("is not blamed for rejecting a claim its tool output refutes", () => {
    expect(r.decisive?.agent).not.toBe("Reviewer");
  });
  it("the writer's invented number is the decisive error", () => {
    expect(r.decisive?.agent).toBe("Writer");
    expect(r.decisive?.stepId).toBe("w1");
  });
});

describe("toy b1: two independent fabrications", () => {
  const t = make(
    [
      {
        id: "h1",
        agent: "Hub",
        kind: "message",
        content: "North team: find the head count of the northern depot. South team: the southern depot.",
      },
      { id: "n1", agent: "North", kind: "message", content: "The northern depot has 48213 staff." },
      { id: "s1", agent: "South", kind: "message", content: "The southern depot has 73907 staff." },
      { id: "h2", agent: "Hub", kind: "final", content: "Northern depot 48213 staff, southern depot 73907 staff." },
    ],
    [e("h1", "n1"), e("n1", "s1"), e("h1", "s1"), e("n1", "h2"), e("s1", "h2")],
    "Report the head counts of the northern and southern depots.",
    "48213 and 73907",
  );
  const r = analyzeTrace(t);
  it("names both invented values' steps as independent origins", () => {
    expect(r.decision?.originStepIds).toEqual(expect.arrayContaining(["n1", "s1"]));
  });
  it("the second fabricator is a culprit, not a propagator", () => {
    expect(r.agents.find((a) => a.agent === "South")?.role).toBe("culprit");
  });
});

describe("toy amp1: an error that stays inside one agent", () => {
  const t = make(
    [
      { id: "a1", agent: "Solo", kind: "message", content: "The base rate is 7315 per unit." },
      ...[2, 3, 4, 5, 6, 7].map((k) => ({
        id: `a${k}`,
        agent: "Solo",
        kind: "message" as const,
        content: `Step ${k}: carrying 7315 forward.`,
      })),
      { id: "a8", agent: "Solo", kind: "final", content: "Answer: 7315." },
    ],
    chain(["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]),
    "Compute the base rate per unit.",
    "7315",
  );
  it('is never "amplified" when no agent boundary was crossed', () => {
    const r = analyzeTrace(t);
    expect(r.decisive?.agent).toBe("Solo");
    expect(r.interaction.class).not.toBe("amplified");
  });
});
