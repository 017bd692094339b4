import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTraces } from "../index";

/** Real OTel GenAI agent spans (Strands on AgentCore, CloudWatch export), see its SOURCE.md. */
const FILE = path.resolve(
  import.meta.dirname,
  "../../../test/fixtures/real/strands/agentcore-strands-openai.spans.json",
);

describe("OpenTelemetry GenAI agent spans exported from CloudWatch (Strands Agents on AgentCore)", () => {
  const results = importTraces(fs.readFileSync(FILE, "utf8"), { fileName: path.basename(FILE) });
  const { format, trace } = results[0];

  it("import as one run whose agent is the invoke_agent span's gen_ai.agent.name", () => {
    expect(results).toHaveLength(1);
    expect(format).toBe("otel-sdk");
    expect(trace.agents.map((a) => a.name)).toEqual(["Strands Agents"]);
    expect(trace.steps).toHaveLength(29);
    const invoke = trace.steps.find((s) => s.name === "invoke_agent Strands Agents")!;
    expect(invoke).toMatchObject({ kind: "agent", status: "ok", tokens: { input: 5064, output: 408, total: 5472 } });
    // The HTTP server span around the agent is structure, not a step the agent took.
    const root = trace.steps.find((s) => s.name === "POST /invocations")!;
    expect(root.attributes?.["culprit.container"]).toBe(true);
  });

  it("map chat spans to LLM steps and execute_tool to the tool call, keeping the refused session as an error", () => {
    expect(trace.steps.filter((s) => s.kind === "llm").map((s) => s.tokens?.input)).toEqual([2357, 2707]);
    const tool = trace.steps.find((s) => s.kind === "tool_call")!;
    expect(tool.tool?.name).toBe("code_interpreter");
    const refused = trace.steps.find((s) => s.status === "error")!;
    expect(refused.name).toBe("Bedrock AgentCore.StartCodeInterpreterSession");
    expect(refused.parentId).toBe(tool.id);
    expect(refused.error?.message).toContain("AccessDeniedException");
    // Ids and times stay in their fields: no step text quotes them.
    for (const s of trace.steps) expect(s.content).not.toMatch(/691c23a8|ea481874|1763451/);
  });
});
