import { describe, expect, it } from "vitest";
import { layoutWrappers } from "./wrapper-layout";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { analyzeTrace } from "./index";
import { ZTrace, type TTraceInput } from "../trace/schema";

const make = (steps: TTraceInput["steps"], edges: TTraceInput["edges"] = []) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });

// boss wraps [plan, worker wraps [llm]]; the worker's wrapper relays its LLM's answer.
const nested = make(
  [
    { id: "boss", agent: "boss", kind: "agent", content: "Answer: 481" },
    { id: "plan", agent: "boss", kind: "llm", parentId: "boss", content: "Worker, square 12 and add 337." },
    { id: "worker", agent: "worker", kind: "agent", parentId: "boss", content: "Result 481" },
    { id: "calc", agent: "worker", kind: "llm", parentId: "worker", content: "481" },
    { id: "pub", agent: "boss", kind: "llm", parentId: "boss", content: "Answer: 481" },
  ],
  [{ from: "boss", to: "worker", kind: "delegation" }],
);

describe("agent wrappers follow their children", () => {
  it("treats a span the importer marked as a container like an agent wrapper, whatever its kind", () => {
    // A workflow root filed under its first agent (the importer's rule): it summarizes, it does not originate.
    const t = make([
      {
        id: "wf",
        agent: "planner",
        kind: "other",
        content: "Total: 151690",
        attributes: { "culprit.container": true },
      },
      { id: "p", agent: "planner", kind: "llm", parentId: "wf", content: "Plan: look up the three routes." },
      { id: "r", agent: "researcher", kind: "agent", parentId: "wf", content: "Found 41201" },
      { id: "rl", agent: "researcher", kind: "llm", parentId: "r", content: "Found 41201" },
    ]);
    const { order, wrapper } = layoutWrappers(t.steps);
    expect(Array.from(order, (i) => t.steps[i].id)).toEqual(["p", "rl", "r", "wf"]);
    expect(Array.from(wrapper)).toEqual([0, 0, 1, 1]);
    // The container is never the decisive step, and it sees what its children returned.
    expect(analyzeTrace(t).decisive?.stepId).not.toBe("wf");
    const g = buildGraph(t, resolveConfig());
    const wf = g.indexOf.get("wf")!;
    const incoming = g.edges.filter((e) => e.to === wf).map((e) => g.steps[e.from].id);
    expect(incoming).toContain("r");
  });

  it("places each wrapper after its last descendant, inner before outer", () => {
    const { order, wrapper, parent } = layoutWrappers(nested.steps);
    expect(Array.from(order, (i) => nested.steps[i].id)).toEqual(["plan", "calc", "worker", "pub", "boss"]);
    expect(Array.from(wrapper)).toEqual([0, 0, 1, 0, 1]);
    expect(parent[1]).toBe(2);
    expect(parent[2]).toBe(4);
  });

  it("keeps the trace order when there are no wrappers", () => {
    const flat = make([
      { id: "a", agent: "A", kind: "agent", content: "x" },
      { id: "b", agent: "B", kind: "message", content: "y" },
    ]);
    expect(Array.from(layoutWrappers(flat.steps).order)).toEqual([0, 1]);
  });

  it("re-anchors the wrapper's delegation to its agent's earlier work and returns the child's output to it", () => {
    const g = buildGraph(nested, resolveConfig());
    const at = (id: string) => g.indexOf.get(id)!;
    const has = (from: string, to: string, kind: string) =>
      g.edges.some((e) => e.from === at(from) && e.to === at(to) && e.kind === kind);
    expect(has("plan", "worker", "delegation")).toBe(true);
    expect(has("worker", "boss", "message")).toBe(true);
    expect(g.warnings.filter((w) => /backward/.test(w))).toEqual([]);
    expect(g.sink).toBe(at("boss"));
  });

  it("drops a wrapper's delegation when its agent did nothing before it, without a warning", () => {
    const t = make(
      [
        { id: "boss", agent: "boss", kind: "agent", content: "done" },
        { id: "w", agent: "worker", kind: "agent", parentId: "boss", content: "ok" },
        { id: "c", agent: "worker", kind: "llm", parentId: "w", content: "ok" },
      ],
      [{ from: "boss", to: "w", kind: "delegation" }],
    );
    const g = buildGraph(t, resolveConfig());
    expect(g.edges.some((e) => e.kind === "delegation")).toBe(false);
    expect(g.warnings).toEqual([]);
  });

  it("reports steps in the trace's order even though the graph reorders them", () => {
    expect(analyzeTrace(nested).steps.map((s) => s.stepId)).toEqual(nested.steps.map((s) => s.id));
  });
});
