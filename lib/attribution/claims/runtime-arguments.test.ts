/**
 * A tool the agent's program calls receives what the program computed: the value is no claim the
 * agent made up. A value the code writes out stays the agent's, and so does a call by function
 * calling (no code names the tool). Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../index";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { extractStepClaims } from "./provenance";

const trace = (code: string, toolName: string) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Report the yearly running cost of the depot fleet." },
    agents: [{ name: "Coder" }],
    steps: [
      { id: "s1", agent: "Coder", kind: "message", content: code },
      {
        id: "s2",
        agent: "Coder",
        kind: "tool_call",
        content: "",
        tool: { name: toolName, arguments: { args: [5360] } },
      },
      { id: "s3", agent: "Coder", kind: "message", content: "FINAL ANSWER: 5360" },
    ],
  });
const unsourced = (code: string, toolName = "submit_total") =>
  analyzeTrace(trace(code, toolName)).steps.flatMap((s) =>
    s.detectors.filter((d) => d.name === "unsourced-value").map((d) => `${s.stepId}: ${d.evidence.note}`),
  );

describe("a value the agent's program passed to a tool", () => {
  it("is the program's result, not a value the agent introduces", () => {
    const code = "```py\ncosts = read_ledger('fleet.csv')\ntotal = sum(costs)\nsubmit_total(total)\n```";
    expect(unsourced(code).filter((n) => n.startsWith("s2"))).toEqual([]);
  });

  it("near miss: a value the code writes out is the agent's own", () => {
    expect(unsourced("```py\nsubmit_total(5360)\n```").join(" ")).toMatch(/^s1: introduces 5360/);
    const asserted = (code: string) =>
      extractStepClaims(buildGraph(trace(code, "submit_total"), resolveConfig({})))[1].asserted.map((c) => c.value);
    expect(asserted("```py\nsubmit_total(5360)\n```")).toEqual(["n:5360"]);
    expect(asserted("```py\nsubmit_total(total)\n```")).toEqual([]);
  });

  it("near miss: a call no code names (function calling), or a method of the same name, stays the agent's", () => {
    expect(unsourced("I will submit the total now.").join(" ")).toMatch(/^s2: introduces 5360/);
    expect(unsourced("```py\nledger.submit_total(total)\n```").join(" ")).toMatch(/^s2: introduces 5360/);
  });
});
