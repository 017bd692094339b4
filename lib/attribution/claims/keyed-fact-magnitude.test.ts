/**
 * A number stated under the label an output gave another number is a misquote only when the two lie a
 * slip apart, as for an unlabelled source: a label shared by numbers orders of magnitude apart (a
 * file's line number after "quay.go:", a release "Go 1.21") names two things. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../index";

function findings(stated: string) {
  const steps: TTraceInput["steps"] = [
    { id: "u", agent: "user", kind: "message", content: "How many berths does the north pier have free?" },
    { id: "c", agent: "Clerk", kind: "tool_call", tool: { name: "pier_db", arguments: { pier: "north" } } },
    { id: "t", agent: "db", kind: "tool_result", content: "North pier berths: 48 (12 in repair)" },
    { id: "m", agent: "Clerk", kind: "message", content: `North pier berths: ${stated}.` },
    { id: "f", agent: "Clerk", kind: "final", content: `${stated} berths` },
  ];
  const r = analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "How many berths does the north pier have free?" },
      agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
      steps,
      edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
    }),
  );
  return r.steps.find((s) => s.stepId === "m")!.detectors;
}

describe("a number under another number's label", () => {
  it("contradicts it when the two lie a slip apart", () => {
    const hit = findings("53").find((d) => d.name === "contradicts-source");
    expect(hit?.evidence?.note).toMatch(/as 53, but t gave 48/);
  });
  it("does not when they lie orders of magnitude apart, and stays unsourced", () => {
    const names = findings("530").map((d) => d.name);
    expect(names).not.toContain("contradicts-source");
    expect(names).toContain("unsourced-value");
  });
});
