import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "../index";
import type { TTrace } from "../../trace/schema";

/** Real Harbor ATIF files (terminus-2, context summarization), see test/fixtures/real/harbor/SOURCE.md. */
const DIR = path.resolve(import.meta.dirname, "../../../test/fixtures/real/harbor");
const read = (name: string) => fs.readFileSync(path.join(DIR, name), "utf8");
const MAIN = "hello-world-context-summarization.trajectory.json";
const SUBS = ["summary", "questions", "answers"].map(
  (s) => `hello-world-context-summarization.trajectory.summarization-1-${s}.json`,
);
const main = JSON.parse(read(MAIN)) as Record<string, unknown>;
const subs = SUBS.map((f) => JSON.parse(read(f)) as Record<string, unknown>);
const SUBAGENTS = [
  "terminus-2-summarization-summary",
  "terminus-2-summarization-questions",
  "terminus-2-summarization-answers",
];

const agentsOf = (t: TTrace) => t.agents.map((a) => [a.name, a.kind ?? "agent"]);
const delegations = (t: TTrace) => {
  const agentOf = new Map(t.steps.map((s) => [s.id, s.agent]));
  return t.edges.filter((e) => e.kind === "delegation").map((e) => `${agentOf.get(e.from)}->${agentOf.get(e.to)}`);
};

describe("ATIF trajectories (Harbor)", () => {
  it("a main trajectory alone: the agent's turns, tool calls with their output, the task giver, and the handoffs it made", () => {
    const { format, trace } = importTrace(read(MAIN), { fileName: MAIN });
    expect(format).toBe("atif");
    expect(agentsOf(trace)).toEqual([
      ["user", "task_giver"],
      ["terminus-2", "agent"],
    ]);
    const calls = trace.steps.filter((s) => s.kind === "tool_call");
    expect(calls.map((s) => s.tool?.name)).toEqual([
      ...Array(5).fill("bash_command"),
      "mark_task_complete",
      "mark_task_complete",
    ]);
    expect(calls[0].content).toContain("mkdir test_dir");
    expect(trace.steps.find((s) => s.id === "s2")).toMatchObject({
      kind: "llm",
      tokens: { input: 682, output: 60, total: 742 },
    });
    // The three subagent files are referenced, not embedded: the delegations stay, each with a warning.
    expect(trace.steps.filter((s) => s.kind === "delegate").map((s) => s.target)).toEqual(
      SUBS.map((f) => f.replace(/^hello-world-context-summarization\./, "").replace(/\.json$/, "")),
    );
    expect(trace.warnings.filter((w) => w.includes("not in the file"))).toHaveLength(3);
    expect(trace.run).toMatchObject({ system: "harbor", sourceFormat: "atif", outcome: "unknown" });
    expect(trace.run.task).toContain('Create a file called hello.txt with "Hello, world!"');
  });

  it("with its subagent trajectories beside it, subagents are agents the main agent delegates to", () => {
    const { format, trace } = importTrace(JSON.stringify([main, ...subs]));
    expect(format).toBe("atif");
    expect(agentsOf(trace).map(([name]) => name)).toEqual(["user", "terminus-2", ...SUBAGENTS]);
    expect(delegations(trace)).toEqual(SUBAGENTS.map((s) => `terminus-2->${s}`));
    // Each subagent's own answer, under the delegation; the context it copied is not mapped twice.
    const summary = trace.steps.filter((s) => s.agent === SUBAGENTS[0]);
    expect(summary).toHaveLength(1);
    expect(summary[0].content).toContain("I have been working on creating hello.txt");
    expect(trace.warnings.some((w) => w.includes("copied from its parent's context"))).toBe(true);
    // Content is what was said: no call ids, session ids or token figures.
    for (const s of trace.steps) expect(s.content).not.toMatch(/call_\d+_|test-session-|prompt_tokens/);
  });

  it("embedded as subagent_trajectories (ATIF v1.7), and as JSON lines of the four files, import the same", () => {
    const bundle = importTrace(JSON.stringify([main, ...subs])).trace;
    const embedded = importTrace(JSON.stringify({ ...main, subagent_trajectories: subs })).trace;
    const lines = importTrace([main, ...subs].map((d) => JSON.stringify(d)).join("\n"), {
      fileName: "run.jsonl",
    }).trace;
    const shape = (t: TTrace) => t.steps.map((s) => [s.id, s.agent, s.kind, s.target, s.content]);
    expect(shape(embedded)).toEqual(shape(bundle));
    expect(shape(lines)).toEqual(shape(bundle));
    expect(embedded.edges).toEqual(bundle.edges);
  });

  it("a forced atif import refuses what is not a trajectory", () => {
    expect(() => importTrace(JSON.stringify({ steps: [] }), { format: "atif" })).toThrow(/Not an ATIF trajectory/);
  });
});
