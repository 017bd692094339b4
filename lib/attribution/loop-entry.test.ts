import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { analyzeTrace } from "./index";

type Steps = TTraceInput["steps"];
const make = (steps: Steps) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Reconcile the warehouse ledger for the spring quarter." },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges: [],
  });

/** The clerk restates the same plan, round after round, without ever acting on the coordinator's replies. */
const PLAN =
  "Clerk plan: open the ledger export, group the pallet movements by aisle, compare each aisle against the cycle count sheet, and flag every aisle whose totals disagree before the audit closes.";
const reply = (id: string, text: string) => ({ id, agent: "coordinator", kind: "message" as const, content: text });
const clerk = (id: string, content = PLAN) => ({ id, agent: "clerk", kind: "message" as const, content });

describe("the entry to a loop", () => {
  it("names the step the agent kept repeating, not a late repeat, unless the repeat has evidence of its own", () => {
    const r = analyzeTrace(
      make([
        reply("c0", "Please reconcile the ledger and report the aisles that disagree."),
        clerk("k1"),
        reply("c1", "Go ahead with the export."),
        clerk("k2"),
        reply("c2", "We still need the aisle list."),
        clerk("k3"),
        reply("c3", "Any aisle totals yet?"),
        clerk("k4"),
        reply("c4", "Closing the audit without the aisle list."),
      ]),
    );
    // The test only means something if the repeats, not the first plan, carry the evidence.
    const flagged = r.steps.filter((s) => s.detectors.some((d) => d.name === "repetition-loop")).map((s) => s.stepId);
    expect(flagged).toEqual(["k2", "k3", "k4"]);
    expect(r.decisive?.agent ?? r.suspects?.[0]?.agent).toBe("clerk");
    expect(r.decisive?.stepId ?? r.suspects?.[0]?.stepId).toBe("k1");
    expect(r.decisive?.evidence.note ?? "").toContain("entry to a loop");
    // The repeats are told by the loop note, not as the entry repeating itself ("repeats k1").
    expect(r.decisive?.evidence.note ?? "").not.toMatch(/repeats k1/);

    // A repeat that carries evidence of its own (here a success it claims over the export's failure) stays decisive.
    const own = analyzeTrace(
      make([
        reply("c0", "Please reconcile the ledger and report the aisles that disagree."),
        clerk("k1"),
        reply("c1", "Go ahead with the export."),
        clerk("k2"),
        reply("c2", "We still need the aisle list."),
        {
          id: "x1",
          agent: "exporter",
          kind: "tool_result",
          content: "Traceback (most recent call last):\nKeyError: 'aisle'",
          tool: { name: "export_ledger", result: "Traceback (most recent call last):\nKeyError: 'aisle'" },
          status: "error",
        },
        clerk("k3", `${PLAN} The export completed successfully.`),
        reply("c3", "Closing the audit without the aisle list."),
      ]),
    );
    const ownStep = own.steps.find((s) => s.stepId === "k3");
    expect(ownStep?.detectors.some((d) => d.name === "false-success-claim" && d.score >= 0.5)).toBe(true);
    expect(own.decisive?.stepId ?? own.suspects?.[0]?.stepId).toBe("k3");
  });

  it("names the first step of a loop that cycles through several steps", () => {
    const COUNT =
      "Clerk count: walk aisles one through nine with the scanner, record every pallet tag, and upload the scan file to the shared drive for the ledger comparison.";
    const r = analyzeTrace(
      make([
        reply("c0", "Please reconcile the ledger and report the aisles that disagree."),
        clerk("k1"),
        clerk("k2", COUNT),
        reply("c1", "The scan file never arrived."),
        clerk("k3"),
        clerk("k4", COUNT),
        reply("c2", "Still nothing on the shared drive."),
        clerk("k5"),
        clerk("k6", COUNT),
        reply("c3", "Closing the audit without the aisle list."),
      ]),
    );
    // The first repeat that counts as a fault repeats the second step of the cycle.
    const flagged = r.steps.filter((s) => s.detectors.some((d) => d.name === "repetition-loop")).map((s) => s.stepId);
    expect(flagged).toEqual(["k3", "k4", "k5", "k6"]);
    expect(r.decisive?.stepId ?? r.suspects?.[0]?.stepId).toBe("k1");
  });

  it("never names a wrapper as the entry: the step inside it that produced its output", () => {
    const r = analyzeTrace(
      make([
        reply("c0", "Please reconcile the ledger and report the aisles that disagree."),
        { id: "w1", agent: "clerk", kind: "agent", content: PLAN },
        {
          id: "k1",
          agent: "clerk",
          kind: "llm",
          parentId: "w1",
          content: "Drafting the reconciliation approach from the export columns.",
        },
        reply("c1", "Go ahead with the export."),
        clerk("k2"),
        reply("c2", "We still need the aisle list."),
        clerk("k3"),
        reply("c3", "Closing the audit without the aisle list."),
      ]),
    );
    const repeated = r.steps.find((s) => s.stepId === "k2")?.detectors.find((d) => d.name === "repetition-loop");
    // The test only means something if the loop repeats the wrapper's output.
    expect(repeated?.evidence.stepIds).toContain("w1");
    expect(r.decisive?.stepId ?? r.suspects?.[0]?.stepId).toBe("k1");
  });
});
