import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "./index";
import type { TTrace } from "../trace/schema";

/** Real files from public repositories, committed with their SOURCE.md (issue 13 item 5: nothing skips). */
const DIR = path.resolve(import.meta.dirname, "../../test/fixtures/real");

const load = (rel: string) =>
  importTrace(fs.readFileSync(path.join(DIR, rel), "utf8"), { fileName: path.basename(rel) });
const agentEdges = (trace: TTrace, kind: string) => {
  const agentOf = new Map(trace.steps.map((s) => [s.id, s.agent]));
  return new Set(trace.edges.filter((e) => e.kind === kind).map((e) => `${agentOf.get(e.from)}->${agentOf.get(e.to)}`));
};

describe("real traces", () => {
  it("imports every file in the directory without error", () => {
    const files = fs
      .readdirSync(DIR, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".json") || f.endsWith(".jsonl"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const { trace } = load(f);
      expect(trace.steps.length, f).toBeGreaterThan(0);
      for (const e of trace.edges)
        expect(
          trace.steps.findIndex((s) => s.id === e.from),
          f,
        ).toBeLessThan(trace.steps.findIndex((s) => s.id === e.to));
    }
  });

  it("hand-crafted-1: Orchestrator delegates to WebSurfer, label at step 12", () => {
    const { format, trace } = load("who-and-when/hand-crafted-1.json");
    expect(format).toBe("who-and-when");
    // 29 log entries; the runner's crash report printed into the last one is a step of its own.
    expect(trace.steps).toHaveLength(30);
    expect(trace.steps.at(-1)).toMatchObject({ agent: "human", sourceRef: "28" });
    expect(trace.steps.at(-2)?.content).not.toMatch(/Traceback|FINAL ANSWER/);
    expect(trace.agents.map((a) => a.name).sort()).toEqual(["Orchestrator", "WebSurfer", "human"]);
    expect(
      trace.steps
        .filter((s) => s.kind === "delegate")
        .every((s) => s.agent === "Orchestrator" && s.target === "WebSurfer"),
    ).toBe(true);
    expect(trace.steps.filter((s) => s.agent === "Orchestrator").map((s) => s.kind)).toContain("thought");
    expect([...agentEdges(trace, "delegation")]).toEqual(["Orchestrator->WebSurfer"]);
    expect(agentEdges(trace, "message")).toContain("WebSurfer->Orchestrator");
    expect(trace.labels[0]).toMatchObject({ agent: "WebSurfer", stepId: trace.steps[12].id, author: "who-and-when" });
    expect(trace.run.outcome).toBe("failure");
  });

  it("hand-crafted-47 and -51: Orchestrator delegates to each worker it addresses", () => {
    expect(agentEdges(load("who-and-when/hand-crafted-47.json").trace, "delegation")).toEqual(
      new Set([
        "Orchestrator->FileSurfer",
        "Orchestrator->WebSurfer",
        "Orchestrator->ComputerTerminal",
        "Orchestrator->Assistant",
      ]),
    );
    const t51 = load("who-and-when/hand-crafted-51.json").trace;
    expect(t51.steps).toHaveLength(123);
    expect(agentEdges(t51, "delegation")).toEqual(
      new Set(["Orchestrator->WebSurfer", "Orchestrator->Assistant", "Orchestrator->FileSurfer"]),
    );
    expect(t51.labels[0]).toMatchObject({ agent: "FileSurfer", stepId: t51.steps[5].id });
  });

  it("algorithm-generated-1: four AG2 agents, terminal output as tool results, chat-turn messages", () => {
    const { trace } = load("who-and-when/algorithm-generated-1.json");
    expect(trace.agents.map((a) => a.name).sort()).toEqual([
      "BusinessLogic_Expert",
      "Computer_terminal",
      "DataVerification_Expert",
      "Excel_Expert",
    ]);
    expect(trace.steps.filter((s) => s.agent === "Computer_terminal").every((s) => s.kind === "tool_result")).toBe(
      true,
    );
    expect(agentEdges(trace, "message")).toContain("Excel_Expert->Computer_terminal");
    expect(trace.labels[0]).toMatchObject({ agent: "Excel_Expert", stepId: trace.steps[0].id });
  });

  it("quo_tav_agent: base64 ids to hex, AgentExecutor as the agent, the harness's main span a container, its LLM and tool steps", () => {
    const { format, trace } = load("agent-prism/quo_tav_agent.otlp.json");
    expect(format).toBe("otlp");
    expect(trace.steps).toHaveLength(29);
    expect(trace.steps.every((s) => /^[0-9a-f]{16}$/.test(s.sourceRef ?? ""))).toBe(true);
    // `main` is the application's own root span around the agent (a harness), not an agent.
    expect(trace.agents.map((a) => a.name)).toEqual(["AgentExecutor"]);
    expect(trace.steps[0]).toMatchObject({
      name: "main",
      agent: "AgentExecutor",
      attributes: { "culprit.container": true },
    });
    expect(trace.steps.filter((s) => s.kind === "tool_call").map((s) => [s.agent, s.tool?.name])).toEqual([
      ["AgentExecutor", "tavily_search"],
      ["AgentExecutor", "tavily_extract"],
    ]);
    expect(trace.steps.filter((s) => s.kind === "llm")).toHaveLength(6);
    expect([...agentEdges(trace, "delegation")]).toEqual([]);
  });

  it("smol_deep_research_agent: six LLM calls with token counts", () => {
    const { trace } = load("agent-prism/smol_deep_research_agent.otlp.json");
    const llm = trace.steps.filter((s) => s.kind === "llm");
    expect(llm).toHaveLength(6);
    expect(llm.every((s) => (s.tokens?.input ?? 0) > 0 && (s.tokens?.output ?? 0) > 0)).toBe(true);
  });

  it("langfuse-2: seven observations as a tree, one tool call, generation usage", () => {
    const { format, trace } = load("agent-prism/langfuse-2.langfuse-export.json");
    expect(format).toBe("langfuse");
    expect(trace.steps).toHaveLength(7);
    expect(trace.steps.filter((s) => s.kind === "llm")).toHaveLength(4);
    expect(trace.steps.filter((s) => s.kind === "tool_call").map((s) => s.tool?.name)).toEqual(["searchLangfuseDocs"]);
    expect(trace.steps.filter((s) => s.parentId === undefined)).toHaveLength(1);
    expect(trace.steps.some((s) => (s.tokens?.total ?? 0) === 48195)).toBe(true);
    expect(trace.run.title).toBe("QA-Chatbot");
  });
});
