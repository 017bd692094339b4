/** The steps nested under a wrapper, latest first: leaf children alone, and deeper nesting. */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph, type EngineGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { subtreeOf } from "./patterns";

/** Every step whose chain of parents reaches w, latest first: what subtreeOf must give. */
function nestedUnder(g: EngineGraph, w: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < g.n; v++) {
    if (v === w) continue;
    for (let p = g.parent[v], hops = 0; p >= 0 && hops <= g.n; p = g.parent[p], hops++)
      if (p === w) {
        out.push(v);
        break;
      }
  }
  return out.sort((a, b) => b - a);
}

function graph(steps: { id: string; kind: "agent" | "llm" | "tool_call"; parentId?: string }[]): EngineGraph {
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Sum the parts." },
    agents: [{ name: "Lead" }, { name: "Adder" }],
    steps: steps.map((s) => ({ ...s, agent: s.id.startsWith("a") ? "Adder" : "Lead", content: `step ${s.id}` })),
  });
  return buildGraph(trace, DEFAULT_CONFIG);
}

describe("subtreeOf", () => {
  it("gives a wrapper's leaf children latest first, and the whole nesting under a deeper one", () => {
    const g = graph([
      { id: "root", kind: "agent" },
      { id: "a1", kind: "agent", parentId: "root" },
      { id: "a1-call", kind: "llm", parentId: "a1" },
      { id: "a1-read", kind: "tool_call", parentId: "a1" },
      { id: "a2", kind: "agent", parentId: "root" },
      { id: "a2-call", kind: "llm", parentId: "a2" },
      { id: "lead-call", kind: "llm", parentId: "root" },
    ]);
    const at = (id: string) => g.indexOf.get(id)!;
    const leafWrapper = subtreeOf(g, at("a1"));
    expect(leafWrapper.map((v) => g.steps[v].id).sort()).toEqual(["a1-call", "a1-read"]);
    for (const id of ["root", "a1", "a2"]) {
      expect(g.wrapper[at(id)]).toBe(1);
      expect(subtreeOf(g, at(id))).toEqual(nestedUnder(g, at(id)));
    }
    expect(subtreeOf(g, at("root"))).toHaveLength(6);
    expect(subtreeOf(g, at("a1-call"))).toEqual([]);
  });
});
