/**
 * The final answer is what a step states, not what it types into code: a step whose only values sit
 * in a fenced block (a figure size, a `* 100`) wrote a method, and the answer is the last step that
 * states values in prose, with those values only. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { buildProvenance } from "./provenance";
import { answerValues } from "./claim-findings";

type Step = TTraceInput["steps"][number];
const CODE = "Here is the code:\n```python\nplt.figure(figsize=(17, 9))\nshare = part / whole * 100\n```";

function answer(steps: Step[]) {
  const g = buildGraph(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Plot the share of each crate type." },
      agents: [{ name: "coder" }, { name: "runner" }],
      steps,
    }),
    DEFAULT_CONFIG,
  );
  const a = answerValues(g, buildProvenance(g));
  return { step: a.step, values: [...a.values] };
}

describe("the final answer", () => {
  it("is the last step stating values in prose, not a later one whose values are all in code", () => {
    const r = answer([
      { id: "s0", agent: "coder", kind: "message", content: "The share of oak crates is 41.5 %." },
      { id: "s1", agent: "coder", kind: "message", content: CODE },
      { id: "s2", agent: "coder", kind: "message", content: "The plot is saved. TERMINATE" },
    ]);
    expect(r.step).toBe(0);
    expect(r.values).toContain("n:41.5");
    expect(r.values).not.toContain("n:17");
  });
  it("near misses: a last step that states a value in prose beside its code answers with it", () => {
    const r = answer([
      { id: "s0", agent: "coder", kind: "message", content: "The share of oak crates is 41.5 %." },
      { id: "s1", agent: "coder", kind: "message", content: `${CODE}\nThe share of pine crates is 23.5 %.` },
    ]);
    expect(r.step).toBe(1);
    expect(r.values).toContain("n:23.5");
    // The code beside it is still a method: its figure size answers nothing.
    expect(r.values).not.toContain("n:17");
  });
  it("is none when every value the run states is in code", () => {
    const r = answer([
      { id: "s0", agent: "coder", kind: "message", content: CODE },
      { id: "s1", agent: "coder", kind: "message", content: "Saved. TERMINATE" },
    ]);
    expect(r.step).toBe(-1);
    expect(r.values).toEqual([]);
  });
});
