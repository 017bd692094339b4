import { describe, expect, it } from "vitest";
import { importLangfuse } from "../langfuse/import-langfuse";
import { analyzeTrace } from "../../attribution/index";
import { ZTrace } from "../../trace/schema";

/** Made-up Langfuse downloads: one observation per entry, times in seconds after a fixed start. */
type Obs = {
  id: string;
  type: string;
  name: string;
  parent?: string;
  at: number;
  end: number;
  input?: unknown;
  output?: unknown;
  metadata?: unknown;
};
const download = (observations: Obs[]) => ({
  trace: { id: "t1", name: "made-up run" },
  observations: observations.map((o) => ({
    id: o.id,
    traceId: "t1",
    type: o.type,
    name: o.name,
    parentObservationId: o.parent ?? null,
    startTime: new Date(Date.UTC(2031, 0, 5, 9, 0, o.at)).toISOString(),
    endTime: new Date(Date.UTC(2031, 0, 5, 9, 0, o.end)).toISOString(),
    input: o.input ?? null,
    output: o.output ?? null,
    metadata: o.metadata ?? null,
  })),
});
const stepOf = (t: ReturnType<typeof importLangfuse>, id: string) => t.steps.find((s) => s.id === id)!;
const relay = (t: ReturnType<typeof importLangfuse>, id: string) =>
  stepOf(t, id).attributes?.["culprit.relay"] === true;

describe("a tool span's output is the tool's result", () => {
  it("files a TOOL observation's input and output as the call's arguments and result", () => {
    const t = importLangfuse(
      download([
        { id: "run", type: "AGENT", name: "helper", at: 0, end: 9 },
        {
          id: "tool",
          type: "TOOL",
          name: "lookup_tide",
          parent: "run",
          at: 1,
          end: 2,
          input: { harbour: "Keldby" },
          output: "High tide at Keldby: 4.7 m",
        },
        {
          id: "gen",
          type: "GENERATION",
          name: "chat",
          parent: "run",
          at: 3,
          end: 4,
          input: "q",
          output: "The tide reaches 4.7 m.",
        },
      ]),
    );
    expect(stepOf(t, "tool").tool).toEqual({
      name: "lookup_tide",
      arguments: { harbour: "Keldby" },
      result: "High tide at Keldby: 4.7 m",
    });
    // Near miss: a generation's output stays its own statement.
    expect(stepOf(t, "gen").tool).toBeUndefined();
  });

  it("reads a plain span returning one LangChain tool message as a tool run, not a list of messages", () => {
    const toolMessage = {
      content: "Keldby: 4.7 m",
      type: "tool",
      name: "tides",
      tool_call_id: "call_1",
      status: "success",
    };
    const jsMessage = {
      lc: 1,
      type: "constructor",
      id: ["langchain_core", "messages", "ToolMessage"],
      kwargs: { content: "Keldby: 4.7 m", tool_call_id: "call_2" },
    };
    const t = importLangfuse(
      download([
        { id: "node", type: "SPAN", name: "tools", at: 0, end: 9, input: "x", output: { messages: [toolMessage] } },
        {
          id: "py",
          type: "SPAN",
          name: "tides",
          parent: "node",
          at: 1,
          end: 2,
          input: { harbour: "Keldby" },
          output: JSON.stringify(toolMessage),
        },
        {
          id: "js",
          type: "SPAN",
          name: "tides",
          parent: "node",
          at: 3,
          end: 4,
          input: { harbour: "Keldby" },
          output: jsMessage,
        },
        {
          id: "ai",
          type: "SPAN",
          name: "format",
          parent: "node",
          at: 5,
          end: 6,
          input: "y",
          output: { content: "Keldby: 4.7 m", type: "ai", tool_call_id: "call_3" },
        },
      ]),
    );
    expect(stepOf(t, "py").kind).toBe("tool_call");
    expect(stepOf(t, "py").tool?.result).toContain("4.7 m");
    expect(stepOf(t, "js").kind).toBe("tool_call");
    expect(stepOf(t, "node").kind).not.toBe("tool_call"); // a state write holding a tool message
    expect(stepOf(t, "ai").kind).toBe("other"); // not a tool message
  });

  it("keeps the OTel output attribute when the observation's own output is empty", () => {
    const t = importLangfuse(
      download([
        { id: "run", type: "AGENT", name: "helper", at: 0, end: 9 },
        {
          id: "a",
          type: "TOOL",
          name: "tides",
          parent: "run",
          at: 1,
          end: 2,
          input: "{}",
          output: "{}",
          metadata: { attributes: { "output.value": "Keldby: 4.7 m" } },
        },
        {
          id: "b",
          type: "TOOL",
          name: "tides",
          parent: "run",
          at: 3,
          end: 4,
          input: "{}",
          output: "Ebbing: 1.2 m",
          metadata: { attributes: { "output.value": "Keldby: 4.7 m" } },
        },
        { id: "c", type: "TOOL", name: "tides", parent: "run", at: 5, end: 6, input: "{}", output: "{}" },
      ]),
    );
    expect(stepOf(t, "a").tool?.result).toBe("Keldby: 4.7 m");
    expect(stepOf(t, "b").tool?.result).toBe("Ebbing: 1.2 m"); // a non-empty observation output wins
    expect(stepOf(t, "c").tool?.result).toBe("{}"); // nothing else to read: the empty output stays
  });
});

describe("a span that only hands on or returns its children's output", () => {
  it("blanks a plain span whose output is its input unchanged", () => {
    const t = importLangfuse(
      download([
        { id: "node", type: "SPAN", name: "writer", at: 0, end: 9, input: "x", output: "y" },
        {
          id: "pass",
          type: "SPAN",
          name: "ChannelWrite",
          parent: "node",
          at: 1,
          end: 2,
          input: { m: "Keldby 4.7 m" },
          output: { m: "Keldby 4.7 m" },
        },
        {
          id: "edit",
          type: "SPAN",
          name: "ChannelWrite",
          parent: "node",
          at: 3,
          end: 4,
          input: { m: "Keldby 4.7 m" },
          output: { m: "Keldby 4.8 m" },
        },
      ]),
    );
    expect(stepOf(t, "pass").content).toBe("");
    expect(stepOf(t, "pass").input).toContain("4.7");
    expect(stepOf(t, "edit").content).toContain("4.8"); // near miss: it changed what it was given
  });

  it("marks chain spans with children and generations echoing an inner generation as relays", () => {
    const answer = "The harbour at Keldby sees its highest tide of 4.7 metres shortly after noon.";
    const t = importLangfuse(
      download([
        { id: "root", type: "SPAN", name: "Flow.kickoff", at: 0, end: 20, output: { raw: answer } },
        { id: "outer", type: "GENERATION", name: "Sdk.invoke", parent: "root", at: 1, end: 5, output: answer },
        { id: "inner", type: "GENERATION", name: "chat model", parent: "outer", at: 1, end: 5, output: answer },
        { id: "own", type: "GENERATION", name: "Sdk.stream", parent: "root", at: 6, end: 9, output: answer },
        { id: "http", type: "SPAN", name: "POST /v1/chat", parent: "own", at: 6, end: 9 },
        { id: "other", type: "GENERATION", name: "Sdk.stream", parent: "root", at: 10, end: 14, output: answer },
        {
          id: "first",
          type: "GENERATION",
          name: "chat model",
          parent: "other",
          at: 10,
          end: 12,
          output: "Let me look the tide tables up first.",
        },
        { id: "tool", type: "TOOL", name: "tides", parent: "root", at: 15, end: 16, input: "x", output: "4.7" },
        { id: "sub", type: "SPAN", name: "http", parent: "tool", at: 15, end: 16 },
      ]),
    );
    expect(relay(t, "root")).toBe(true);
    expect(relay(t, "outer")).toBe(true);
    // Near misses: a generation whose children hold not its text wrote it; a tool's call comes before its
    // children; a leaf says what it says.
    expect(relay(t, "own")).toBe(false);
    expect(relay(t, "other")).toBe(false);
    expect(relay(t, "tool")).toBe(false);
    expect(relay(t, "inner")).toBe(false);
  });

  it("names the generation that wrote a wrong figure, not the run span that returned it", () => {
    const t = importLangfuse(
      download([
        {
          id: "root",
          type: "SPAN",
          name: "Advisor run",
          at: 0,
          end: 9,
          input: "When is high tide at Keldby?",
          output: { comment: "High tide at Keldby is 6.1 m at 13:05." },
        },
        {
          id: "tool",
          type: "TOOL",
          name: "tides",
          parent: "root",
          at: 1,
          end: 2,
          input: { harbour: "Keldby" },
          output: "Keldby high tide 4.7 m",
        },
        {
          id: "gen",
          type: "GENERATION",
          name: "chat",
          parent: "root",
          at: 3,
          end: 8,
          input: "When is high tide at Keldby? Keldby high tide 4.7 m",
          output: "High tide at Keldby is 6.1 m at 13:05.",
        },
      ]),
    );
    const run = { ...t.run, outcome: "failure" as const, finalAnswer: "High tide at Keldby is 6.1 m at 13:05." };
    const report = analyzeTrace(ZTrace.parse({ ...t, run }));
    expect(report.decisive?.stepId).toBe("gen");
  });
});
