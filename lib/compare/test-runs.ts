/**
 * Small runs with known alignments, shared by the compare tests.
 *
 *   pipeline():  Planner(p1) → Researcher(r1 tool, r2 message "Osaka South = 1532") → Analyst(a1) → Writer(w1 final)
 */
import type { TAgent, TStep, TTrace } from "../trace/schema";

export type StepSpec = Pick<TStep, "id" | "agent" | "kind" | "content"> & Partial<TStep>;

/** A validated-shape trace from agents and step specs (defaults filled the way zod would). */
export function makeRun(agents: (string | TAgent)[], steps: StepSpec[], run: Partial<TTrace["run"]> = {}): TTrace {
  return {
    schema: "culprit.trace/v1",
    run: { title: "test run", outcome: "failure", sourceFormat: "culprit", ...run },
    agents: agents.map((a) => (typeof a === "string" ? { name: a } : a)),
    steps: steps.map((s) => ({ status: "unset", ...s })),
    edges: [],
    labels: [],
    warnings: [],
  };
}

export function pipelineSteps(): StepSpec[] {
  return [
    {
      id: "p1",
      agent: "Planner",
      kind: "message",
      content: "Plan: fetch Q3 revenue for Osaka North and Osaka South, then sum.",
    },
    {
      id: "r1",
      agent: "Researcher",
      kind: "tool_call",
      content: "",
      tool: { name: "sales_api", arguments: { store: "Osaka South" }, result: "HTTP 503" },
      status: "error",
    },
    {
      id: "r2",
      agent: "Researcher",
      kind: "message",
      content: "Osaka North = 2,140 and Osaka South = 1532 (JPY millions).",
    },
    { id: "a1", agent: "Analyst", kind: "message", content: "Total: 2140 + 1532 = 3672." },
    { id: "w1", agent: "Writer", kind: "final", content: "Q3 revenue: North 2140, South 1532, total 3672." },
  ];
}

export const PIPELINE_AGENTS = ["Planner", "Researcher", "Analyst", "Writer"];
