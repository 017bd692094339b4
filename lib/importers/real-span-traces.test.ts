import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "./index";
import { isMethodName } from "./otlp/span-agent";
import type { TTrace } from "../trace/schema";

/** Span-based traces written by real tools, committed with their SOURCE.md (issue 11 items 1, 2, 5). */
const DIR = path.resolve(import.meta.dirname, "../../test/fixtures/real");
const load = (rel: string) =>
  importTrace(fs.readFileSync(path.join(DIR, rel), "utf8"), { fileName: path.basename(rel) });
const agentNames = (trace: TTrace) => trace.agents.map((a) => a.name);
const agentEdges = (trace: TTrace, kind: string) => {
  const agentOf = new Map(trace.steps.map((s) => [s.id, s.agent]));
  return new Set(trace.edges.filter((e) => e.kind === kind).map((e) => `${agentOf.get(e.from)}->${agentOf.get(e.to)}`));
};
const containers = (trace: TTrace) => trace.steps.filter((s) => s.attributes?.["culprit.container"] === true);

/** What every multi-agent import must satisfy: real agents only, containers marked and not agents. */
function expectRealAgents(trace: TTrace, wrappers: string[]) {
  for (const name of agentNames(trace)) {
    expect(name).not.toBe("unknown");
    expect(isMethodName(name), name).toBe(false);
    expect(wrappers).not.toContain(name);
  }
  for (const s of containers(trace)) expect(s.kind).not.toBe("agent");
}

describe("real span-based traces", () => {
  it("Python ConsoleSpanExporter output (pretty-printed spans one after another) is read, not called malformed", () => {
    const { format, trace } = load("otel-python-console/getting-started-console-output.txt");
    expect(format).toBe("otel-sdk");
    expect(trace.steps.map((s) => [s.name, s.sourceRef])).toEqual([
      ["foo", "3791d950cc5140c5"],
      ["bar", "77e577e6a8813bf4"],
      ["baz", "b2fa4c39f5f35e13"],
    ]);
    expect(trace.steps.map((s) => s.parentId)).toEqual([undefined, trace.steps[0].id, trace.steps[1].id]);
    expect(trace.steps.every((s) => s.status === "ok" && s.attributes?.["otel.span_kind"] === "internal")).toBe(true);
    expect(trace.run.attributes?.["otel.trace_ids"]).toEqual(["b51058883c02f880111c959f3aa786a2"]);
  });

  it("the same spans separated by blank lines, saved as .jsonl or .json, are read as three spans", () => {
    const raw = fs.readFileSync(path.join(DIR, "otel-python-console/getting-started-console-output.txt"), "utf8");
    const spaced = raw.replace(/\n}\n{/g, "\n}\n\n{");
    expect(spaced).not.toBe(raw);
    for (const fileName of ["spans.jsonl", "spans.json", "spans.txt"]) {
      const { format, trace } = importTrace(spaced, { fileName });
      expect(format).toBe("otel-sdk");
      expect(trace.steps.map((s) => s.name)).toEqual(["foo", "bar", "baz"]);
    }
  });

  it("Monocle / OpenAI Agents SDK: the agent is Weather Assistant, workflow and turn spans are containers", () => {
    const { format, trace } = load("monocle/test_openai_agents_sdk.json");
    expect(format).toBe("otel-sdk");
    expect(trace.steps).toHaveLength(12);
    expect(agentNames(trace)).toEqual(["Weather Assistant"]);
    expect(containers(trace).map((s) => s.name)).toEqual(["workflow", "agents.run.Runner.run"]);
    expect(trace.steps.filter((s) => s.kind === "tool_call").map((s) => s.tool?.name)).toEqual(
      Array(6).fill("get_weather"),
    );
    const llm = trace.steps.filter((s) => s.kind === "llm");
    expect(llm).toHaveLength(2);
    expect(llm.every((s) => (s.tokens?.input ?? 0) > 0 && s.input && s.content)).toBe(true);
    expect(trace.run.title).toBe("agents_sdk_dev_1");
    expectRealAgents(trace, ["workflow", "agents_sdk_dev_1"]);
  });

  it("Monocle / CrewAI: agents are the crew's roles; the crew kickoff is a container, not a delegator", () => {
    const { trace } = load("monocle/test_crewai_multi_agent.json");
    expect(trace.steps).toHaveLength(17);
    expect(agentNames(trace)).toEqual(["Hotel Booking Agent", "Flight Booking Agent", "Travel Supervisor"]);
    expect(containers(trace).map((s) => s.name)).toEqual(["workflow", "crewai.crew.Crew.kickoff"]);
    expect(trace.steps.filter((s) => s.kind === "agent").map((s) => s.agent)).toEqual([
      "Hotel Booking Agent",
      "Flight Booking Agent",
      "Travel Supervisor",
    ]);
    expect(agentEdges(trace, "delegation").size).toBe(0); // sequential crew: the crew hands out tasks, no agent delegates
    expectRealAgents(trace, ["workflow", "crewai_multi_agent_test"]);
  });

  it("Monocle / Microsoft Agent Framework: handoff_to_* calls become handoff targets and delegation edges", () => {
    const { trace } = load("monocle/test_ms_framework_multi_async_handoff.json");
    expect(trace.steps).toHaveLength(16);
    expect(agentNames(trace)).toEqual(["MS_Travel_Supervisor", "MS_Flight_Booking_Agent", "MS_Hotel_Booking_Agent"]);
    expect(trace.steps.filter((s) => s.target).map((s) => `${s.agent}->${s.target}`)).toEqual([
      "MS_Travel_Supervisor->MS_Flight_Booking_Agent",
      "MS_Flight_Booking_Agent->MS_Travel_Supervisor",
      "MS_Travel_Supervisor->MS_Hotel_Booking_Agent",
      "MS_Hotel_Booking_Agent->MS_Travel_Supervisor",
    ]);
    expect(agentEdges(trace, "delegation")).toEqual(
      new Set([
        "MS_Travel_Supervisor->MS_Flight_Booking_Agent",
        "MS_Flight_Booking_Agent->MS_Travel_Supervisor",
        "MS_Travel_Supervisor->MS_Hotel_Booking_Agent",
        "MS_Hotel_Booking_Agent->MS_Travel_Supervisor",
      ]),
    );
    expectRealAgents(trace, ["workflow", "ms_agent_multi_agent_handoff"]);
  });

  it("Monocle / Google ADK: sub-agents nested in the supervisor are delegated to", () => {
    const { trace } = load("monocle/test_adk_multi_agent.json");
    expect(trace.steps).toHaveLength(11);
    expect(agentNames(trace)).toEqual(["supervisor", "flight_assistant", "hotel_assistant"]);
    expect(agentEdges(trace, "delegation")).toEqual(
      new Set(["supervisor->flight_assistant", "supervisor->hotel_assistant"]),
    );
    expectRealAgents(trace, ["workflow", "langchain_agent_1"]);
  });

  it("AgentOps / CrewAI: roles are the agents, tasks are their steps, the crew workflow is a container", () => {
    const { format, trace } = load("agentops/crewai-songwriter.agentops.json");
    expect(format).toBe("agentops");
    expect(trace.steps).toHaveLength(7);
    expect(agentNames(trace)).toEqual(["Website Researcher", "Songwriter"]);
    expect(containers(trace).map((s) => s.name)).toEqual(["crewai.workflow"]);
    expect(trace.steps.map((s) => [s.agent, s.kind])).toEqual([
      ["Website Researcher", "other"],
      ["Website Researcher", "agent"],
      ["Website Researcher", "agent"],
      ["Website Researcher", "llm"],
      ["Songwriter", "agent"],
      ["Songwriter", "agent"],
      ["Songwriter", "llm"],
    ]);
    expect(trace.steps.filter((s) => s.kind === "llm").map((s) => s.tokens)).toEqual([
      { input: 210, output: 83, total: 293 },
      { input: 271, output: 413, total: 684 },
    ]);
    expect(trace.steps[1].input).toContain("Research this URL");
    expect(agentEdges(trace, "delegation").size).toBe(0);
    expect(trace.run.sourceFormat).toBe("agentops");
    expectRealAgents(trace, ["Crew", "crewai.workflow", "agentops", "default_application"]);
  });
});
