/**
 * A number stated under a label another step gave a different number for is a misquote
 * (`contradicts-source`), except where the two are not one fact: a step that lists rows under the
 * same label, the source's value among them ("Year 2008: …, Year 2010: …"), and ratings each writer
 * gives itself ("#confidence: 0.92" beside another agent's 0.95). Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { validateTrace } from "../../trace/validate-trace";
import { TRACE_SCHEMA_VERSION } from "../../trace/schema";
import { buildProvenance } from "./provenance";
import { findClaimIssues } from "./claim-findings";

/** The contradicts-source findings of a reply to a message the harness relayed (observed, as a tool output is). */
function misquotes(relayed: string, reply: string): string[] {
  const t = validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task: relayed, outcome: "failure" },
    agents: [{ name: "User", kind: "task_giver" }, { name: "Aide" }],
    steps: [
      { id: "asked", agent: "User", kind: "message", content: relayed },
      { id: "reply", agent: "Aide", kind: "message", content: reply },
    ],
  });
  const g = buildGraph(t, resolveConfig({}));
  return findClaimIssues(g, buildProvenance(g))
    .filter((f) => f.name === "contradicts-source")
    .map((f) => f.note);
}

describe("a number under a label another step gave another number for", () => {
  const TASK = "The van was bought for $20,000 in 2007. What is it worth in the year 2010?";

  it("misquotes that step", () => {
    expect(misquotes(TASK, "Year 2016: the van is worth $9,870.")).toHaveLength(1);
  });

  it("near miss: a step that lists rows under the label, the source's value among them", () => {
    expect(misquotes(TASK, "Year 2016: $15,800.\nYear 2010: $9,870.")).toEqual([]);
  });

  it("near miss: each writer's rating of its own answer", () => {
    const relayed = "Which van is oldest? Another agent replied:\n#answer: Fleet van\n#confidence: 0.95";
    expect(misquotes(relayed, "#answer: Fleet van\n#confidence: 0.59")).toEqual([]);
  });
});
