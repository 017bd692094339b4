/**
 * A value a lookup's query asks about is no assertion of the caller when the lookup's result holds
 * it: the world gave it back. Near misses: a result that does not hold it, and a value outside a
 * query argument. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { detectorsAt, failedRun } from "../test-graphs";
import { answeredQueryNumbers } from "./lookup-query";

const TASK = "Write a short brief on the Harwick port authority's finances.";

/** A researcher's search call (arguments as recorded), the search tool's result, then the writer's brief. */
function steps(args: unknown, result: string, brief: string) {
  return [
    {
      id: "c",
      agent: "Researcher",
      kind: "tool_call" as const,
      // As AgentChat logs a call request: its arguments written out.
      content: `web_search ${typeof args === "string" ? args : JSON.stringify(args)}`,
      tool: { name: "web_search", arguments: args },
    },
    { id: "r", agent: "search_api", kind: "tool_result" as const, content: result },
    { id: "w", agent: "Writer", kind: "final" as const, content: brief },
  ];
}

const FOUND = "Harwick Port Authority annual report 2031: revenue rose to 48.2 million.";
const BRIEF = "Per its 2031 annual report, the Harwick port authority's revenue rose to 48.2 million.";

const invented = (args: unknown, result = FOUND) =>
  detectorsAt(analyzeTrace(failedRun(TASK, steps(args, result, BRIEF))), "c").filter(
    (d) => d === "unsourced-value" || d === "ungrounded-value",
  );

describe("a lookup's query", () => {
  it("asks about the values it writes: one its result holds is no invented value of the caller", () => {
    expect(invented({ query: "Harwick port authority annual report 2031" })).toEqual([]);
    // JSON text, a nested `kwargs` (smolagents) and other query keys read the same.
    expect(invented(JSON.stringify({ q: "Harwick annual report 2031", num_results: 1 }))).toEqual([]);
    expect(invented({ args: [], kwargs: { search_query: "Harwick report 2031" } })).toEqual([]);
  });

  it("near miss: a value its result does not hold stays the caller's", () => {
    const elsewhere = "Harwick Port Authority annual report: revenue rose to 48.2 million.";
    expect(invented({ query: "Harwick port authority annual report 2031" }, elsewhere)).toContain("unsourced-value");
  });

  it("near miss: a value outside a query argument stays the caller's, even when the result holds it", () => {
    expect(invented({ query: "Harwick port authority annual report", fiscal_year: "2031" })).toContain(
      "unsourced-value",
    );
  });

  it("reads the numbers asked about and given back, and nothing for a step that is no call", () => {
    const g = buildGraph(failedRun(TASK, steps({ query: "Harwick report 2031 page 7" }, FOUND, BRIEF)), DEFAULT_CONFIG);
    expect([...answeredQueryNumbers(g, 0)]).toEqual(["2031"]);
    expect([...answeredQueryNumbers(g, 2)]).toEqual([]);
  });
});
