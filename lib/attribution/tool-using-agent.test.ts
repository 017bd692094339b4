/**
 * An agent that runs its own tools is an agent, not an executor: AgentChat logs each call's execution
 * and summary under the agent that made the call, so such an agent's steps are mostly tool results.
 * Toys of our own, through the AgentChat importer.
 */
import { describe, expect, it } from "vitest";
import { importTraces } from "../importers";
import { buildGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";

const call = (source: string, id: string, q: string) => [
  {
    source,
    type: "ToolCallRequestEvent",
    content: [{ id, arguments: JSON.stringify({ query: q }), name: "search_shelves" }],
  },
  {
    source,
    type: "ToolCallExecutionEvent",
    content: [{ content: `Shelf ${q}: 14 jars`, name: "search_shelves", call_id: id, is_error: false }],
  },
  { source, type: "ToolCallSummaryMessage", content: `Shelf ${q}: 14 jars` },
];

function toolAgents(messages: object[]): string[] {
  const [r] = importTraces(JSON.stringify({ messages }), { fileName: "team.json" });
  const g = buildGraph(r.trace, DEFAULT_CONFIG);
  return [...g.toolAgents].map((a) => g.agentNames[a]).sort();
}

describe("who is an executor", () => {
  it("not an agent that calls tools and speaks, however many results it logs", () => {
    const messages = [
      { source: "user", type: "TextMessage", content: "How many jars are on shelves A and B?" },
      { source: "planner", type: "TextMessage", content: "Searcher, look up shelves A and B." },
      ...call("searcher", "c1", "A"),
      ...call("searcher", "c2", "B"),
      { source: "searcher", type: "TextMessage", content: "Shelf A holds 14 jars and shelf B 14." },
      { source: "planner", type: "TextMessage", content: "So there are 28 jars. TERMINATE" },
    ];
    expect(toolAgents(messages)).not.toContain("searcher");
  });

  it("an agent that calls tools and never speaks is one too: its calls are its work", () => {
    const messages = [
      { source: "user", type: "TextMessage", content: "How many jars are on shelf A?" },
      ...call("searcher", "c1", "A"),
      { source: "planner", type: "TextMessage", content: "So there are 14 jars. TERMINATE" },
    ];
    expect(toolAgents(messages)).not.toContain("searcher");
  });

  it("near miss: a speaker that only answers with results, calling nothing, is the executor", () => {
    const messages = [
      { source: "user", type: "TextMessage", content: "How many jars are on shelf A?" },
      ...call("searcher", "c1", "A").slice(0, 1),
      ...call("shelf_db", "c1", "A").slice(1),
      ...call("shelf_db", "c2", "A").slice(1),
      { source: "planner", type: "TextMessage", content: "So there are 14 jars. TERMINATE" },
    ];
    expect(toolAgents(messages)).toEqual(["shelf_db"]);
  });
});
