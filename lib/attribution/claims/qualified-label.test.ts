/**
 * A value stated under a label qualified by what it belongs to ("the courier of parcel 7 is …")
 * is a statement under that label: checked against the tool output that gave the label another
 * value. A near miss restates the output's value. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { validateTrace } from "../../trace/validate-trace";
import { TRACE_SCHEMA_VERSION } from "../../trace/schema";
import { buildProvenance } from "./provenance";
import { findOutputIssues } from "./output-findings";

const run = (reply: string) => {
  const t = validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task: "Which courier carries parcel 7?", outcome: "failure" },
    agents: [{ name: "Desk" }],
    steps: [
      {
        id: "call",
        agent: "Desk",
        kind: "tool_call",
        tool: { name: "parcels", arguments: { id: 7 }, result: '{"parcel": 7, "courier": "Swiftline"}' },
      },
      { id: "reply", agent: "Desk", kind: "message", content: reply },
    ],
  });
  const g = buildGraph(t, resolveConfig({}));
  return findOutputIssues(g, buildProvenance(g)).map((f) => ({ name: f.name, stepId: g.steps[f.step].id }));
};

describe("a label qualified by its owner", () => {
  it("states a value the output contradicts", () => {
    expect(run("The courier of parcel 7 is Harbourlink.")).toContainEqual({
      name: "contradicts-output",
      stepId: "reply",
    });
  });
  it("near miss: the output's own value", () => {
    expect(run("The courier of parcel 7 is Swiftline.")).toEqual([]);
  });
});
