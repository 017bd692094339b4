/**
 * Chats AutoGen printed (ADR 0116). The four fixtures are real notebook outputs, byte for byte
 * (lib/importers/fixtures/SOURCE.md); the short inline texts are ours, written in the printed
 * layouts (`_print_received_message` of AutoGen 0.2, `Console` of AgentChat) to reach the cases the
 * real outputs do not show.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importTraces } from "../../index";
import { inputErrorOf } from "../../../trace/input-error-of";
import { RESULT_AT } from "../../../trace/canonical-attributes";
import type { TTrace } from "../../../trace/schema";
import { countPrintedMessages, parsePrintedChat, printedForm } from "./printed-chat";
import { stripAnsi } from "./printed-lines";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "..", "..", "fixtures", name), "utf8");
const one = (text: string, format?: "ag2" | "autogen") => {
  const results = importTraces(text, { fileName: "run.txt", format });
  expect(results).toHaveLength(1);
  return results[0];
};
/** What the engine reads of a step (no labels, ids of the source, or framing attributes). */
const reading = (trace: TTrace) =>
  trace.steps.map((s) => ({
    agent: s.agent,
    kind: s.kind,
    content: s.content,
    tool: s.tool,
    status: s.status,
    target: s.target,
    tokens: s.tokens,
  }));
const edges = (trace: TTrace) => trace.edges.map((e) => `${e.kind}:${e.from}->${e.to}`);
const RULE = "-".repeat(80);

describe("AG2 / AutoGen 0.2 printed chat", () => {
  it("reads a tool call, its tool_responses wrapper and the harness line between them (real, ANSI-coloured)", () => {
    const text = fixture("ag2-print-currency-calculator.txt");
    expect(text).toContain("\x1b[33m");
    const { format, trace } = one(text);
    expect(format).toBe("ag2");
    expect(trace.run.attributes?.printed_form).toBe("ag2-print");
    expect(trace.agents.map((a) => [a.name, a.kind])).toEqual([
      ["user_proxy", undefined],
      ["chatbot", undefined],
    ]);
    expect(trace.steps.map((s) => [s.agent, s.kind])).toEqual([
      ["user_proxy", "message"],
      ["chatbot", "tool_call"],
      ["user_proxy", "tool_result"],
      ["chatbot", "message"],
      ["user_proxy", "message"],
      ["chatbot", "message"],
    ]);
    expect(trace.steps[1].tool).toEqual({
      name: "currency_calculator",
      arguments: '{\n  "base_amount": 123.45,\n  "base_currency": "USD",\n  "quote_currency": "EUR"\n}',
    });
    expect(trace.steps[2].content).toBe("112.22727272727272 EUR");
    expect(trace.steps[2].tool?.name).toBe("currency_calculator");
    expect(trace.steps[2].attributes?.tool_responses).toEqual([
      { tool_call_id: "call_9ogJS4d40BT1rXfMn7YJb151", role: "tool", content: "112.22727272727272 EUR" },
    ]);
    expect(trace.steps[2].attributes?.printed_before).toEqual([">>>>>>>> EXECUTING FUNCTION currency_calculator..."]);
    expect(trace.steps[4].content).toBe("");
    expect(trace.run.task).toBe("How much is 123.45 USD in EUR?");
    expect(trace.warnings).toEqual([]);
    expect(trace.steps.some((s) => s.content.includes("\x1b") || s.name?.includes("\x1b"))).toBe(false);
  });

  it("is the same trace as the run's AG2 JSON messages", () => {
    // The messages this run leaves in `chatbot.chat_messages[user_proxy]`, as AG2 0.2 stores them
    // (`_append_oai_message`: what it received is role user, what it sent assistant, a tool reply
    // role tool with tool_responses; `name` on each).
    const json = {
      messages: [
        { name: "user_proxy", role: "user", content: "How much is 123.45 USD in EUR?" },
        {
          name: "chatbot",
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_9ogJS4d40BT1rXfMn7YJb151",
              type: "function",
              function: {
                name: "currency_calculator",
                arguments: '{\n  "base_amount": 123.45,\n  "base_currency": "USD",\n  "quote_currency": "EUR"\n}',
              },
            },
          ],
        },
        {
          name: "user_proxy",
          role: "tool",
          content: "112.22727272727272 EUR",
          tool_responses: [
            { tool_call_id: "call_9ogJS4d40BT1rXfMn7YJb151", role: "tool", content: "112.22727272727272 EUR" },
          ],
        },
        { name: "chatbot", role: "assistant", content: "123.45 USD is equivalent to 112.23 EUR." },
        { name: "user_proxy", role: "user", content: "" },
        { name: "chatbot", role: "assistant", content: "TERMINATE" },
      ],
    };
    const printed = one(fixture("ag2-print-currency-calculator.txt")).trace;
    const fromJson = one(JSON.stringify(json)).trace;
    expect(reading(printed)).toEqual(reading(fromJson));
    expect(printed.agents).toEqual(fromJson.agents);
    expect(edges(printed)).toEqual(edges(fromJson));
    expect(printed.run.task).toBe(fromJson.run.task);
    expect(printed.run.attributes?.["culprit.termination"]).toBe(fromJson.run.attributes?.["culprit.termination"]);
  });

  it("reads code execution results as tool results, a failed run (exitcode 1) as an error (real)", () => {
    const { trace } = one(fixture("ag2-print-human-feedback.txt"));
    const results = trace.steps.filter((s) => s.kind === "tool_result");
    expect(results.map((s) => [s.agent, s.status, s.tool?.name])).toEqual([
      ["user_proxy", "error", "code_execution"],
      ["user_proxy", "ok", "code_execution"],
      ["user_proxy", "ok", "code_execution"],
    ]);
    expect(results[0].content.startsWith("exitcode: 1 (execution failed)\nCode output: ")).toBe(true);
    expect(results[0].attributes?.[RESULT_AT]).toBe("exitcode: 1 (execution failed)\nCode output:".length);
    expect(results[0].attributes?.printed_before).toEqual([
      ">>>>>>>> NO HUMAN INPUT RECEIVED.",
      ">>>>>>>> USING AUTO REPLY...",
      ">>>>>>>> EXECUTING CODE BLOCK 0 (inferred language is python)...",
    ]);
    // The human's typed reply is a message of the initiator; user_proxy is an agent, not the task giver.
    expect(trace.steps[2]).toMatchObject({ agent: "user_proxy", kind: "message", content: "use sympy" });
    expect(trace.agents.every((a) => a.kind === undefined)).toBe(true);
    expect(trace.run.task?.startsWith("\nFind $a + b + c$")).toBe(true);
    expect(trace.steps).toHaveLength(10);
    expect(trace.warnings).toEqual([]);
  });

  it("reads group chat harness lines, sequential chat banners, function calls; reports what it cannot read", () => {
    const text = [
      "*".repeat(80),
      "Starting a new chat....",
      "",
      "*".repeat(80),
      "user (to chat_manager):",
      "",
      "Plot a chart.",
      "",
      RULE,
      "",
      "Next speaker: Coder",
      "",
      "Coder (to chat_manager):",
      "",
      "***** Suggested function call: python *****",
      "Arguments: ",
      '{"cell": "plot()"}',
      "********************************************",
      "",
      RULE,
      "",
      ">>>>>>>> EXECUTING FUNCTION python...",
      "Input arguments: {'cell': 'plot()'}",
      "Output:",
      "None",
      "user (to chat_manager):",
      "",
      "***** Response from calling function (python) *****",
      "None",
      "***************************************************",
      "",
      RULE,
      "a stray print of the notebook",
      "*".repeat(80),
      "Starting a new chat....",
      "",
      "*".repeat(80),
      "user (to Writer):",
      "",
      "Write it up.",
    ].join("\n");
    const { trace } = one(text);
    expect(trace.steps.map((s) => [s.agent, s.kind, s.attributes?.chat])).toEqual([
      ["user", "message", 1],
      ["Coder", "tool_call", 1],
      ["user", "tool_result", 1],
      ["user", "message", 2],
    ]);
    expect(trace.agents.find((a) => a.name === "user")?.kind).toBe("task_giver");
    expect(trace.steps[1].tool).toEqual({ name: "python", arguments: '{"cell": "plot()"}' });
    expect(trace.steps[1].attributes?.printed_before).toEqual(["Next speaker: Coder"]);
    // The function's own log is the harness's, kept and not reported.
    expect(trace.steps[2].attributes?.printed_before).toEqual([
      ">>>>>>>> EXECUTING FUNCTION python...",
      "Input arguments: {'cell': 'plot()'}",
      "Output:",
      "None",
    ]);
    expect(trace.steps[3].attributes?.printed_before).toEqual([
      "a stray print of the notebook",
      "*".repeat(80),
      "Starting a new chat....",
      "*".repeat(80),
    ]);
    expect(trace.run.attributes?.printed_chats).toBe(2);
    expect(trace.steps[3].content).toBe("Write it up.");
    expect(trace.warnings).toHaveLength(2);
    expect(trace.warnings[0]).toMatch(/^1 printed line outside any message \(line 33\)/);
    expect(trace.warnings[1]).toMatch(/a message \(line 38\) had no closing line of 80 dashes/);
  });

  it('reads the sections as AutoGen before 0.2.19 printed them (`Suggested tool Call`, `calling tool "id"`)', () => {
    const text = [
      "chatbot (to user_proxy):",
      "",
      "***** Suggested tool Call (call_7): schema_sql_db *****",
      "Arguments: ",
      '{"table_names": "housing"}',
      "*******************************************************",
      "",
      RULE,
      "user_proxy (to chatbot):",
      "",
      "user_proxy (to chatbot):",
      "",
      '***** Response from calling tool "call_7" *****',
      "CREATE TABLE housing (id int)",
      "**********************************************",
      "",
      RULE,
    ].join("\n");
    const { trace } = one(text);
    expect(trace.steps.map((s) => [s.agent, s.kind, s.tool?.name, s.content])).toEqual([
      ["chatbot", "tool_call", "schema_sql_db", ""],
      ["user_proxy", "tool_result", "schema_sql_db", "CREATE TABLE housing (id int)"],
    ]);
  });

  it("keeps a tool call section with no closing rule, and says so", () => {
    const text = [
      "a (to b):",
      "",
      "***** Suggested tool call (call_1): search *****",
      "Arguments: ",
      '{"q": 1}',
      "",
      RULE,
    ].join("\n");
    const { trace } = one(text);
    expect(trace.steps[0].tool).toEqual({ name: "search", arguments: '{"q": 1}' });
    expect(trace.warnings.join("\n")).toMatch(/no closing line of \*/);
  });
});

describe("AutoGen AgentChat Console print", () => {
  it("maps typed blocks to step kinds; token and summary lines are usage, never content (real, 0.5.3+)", () => {
    const { format, trace } = one(fixture("agentchat-console-agents.txt"));
    expect(format).toBe("autogen");
    expect(trace.agents).toEqual([{ name: "user", kind: "task_giver" }, { name: "assistant" }]);
    expect(trace.steps.map((s) => [s.agent, s.kind, s.name, s.status])).toEqual([
      ["user", "message", "TextMessage", "unset"],
      ["assistant", "tool_call", "ToolCallRequestEvent", "unset"],
      ["assistant", "tool_result", "ToolCallExecutionEvent", "ok"],
      ["assistant", "tool_result", "ToolCallSummaryMessage", "unset"],
    ]);
    expect(trace.steps[1].tool).toEqual({ name: "web_search", arguments: '{"query":"AutoGen"}' });
    expect(trace.steps[1].tokens).toEqual({ input: 61, output: 16, total: 77 });
    expect(trace.steps[2].tool?.result).toBe(
      "AutoGen is a programming framework for building multi-agent applications.",
    );
    const text = trace.steps.map((s) => s.content).join("\n");
    expect(text).not.toMatch(/Prompt tokens|Summary|Duration|Number of messages|0\.52/);
    expect(trace.run.task).toBe("Find information on AutoGen");
    expect(trace.run.attributes?.console_summary).toEqual({
      messages: 4,
      finish_reason: "None",
      prompt_tokens: 61,
      completion_tokens: 16,
      duration_seconds: 0.52,
    });
    expect(trace.run.attributes?.stop_reason).toBeUndefined();
    expect(trace.warnings).toEqual([]);
  });

  it("reads is_error=True as a failed tool result (the real print, one flag changed)", () => {
    const text = fixture("agentchat-console-agents.txt").replace("is_error=False", "is_error=True");
    const step = one(text).trace.steps[2];
    expect(step.status).toBe("error");
    expect(step.error?.message).toBe("AutoGen is a programming framework for building multi-agent applications.");
  });

  it("is the same trace as the TaskResult the notebook printed after the stream (real, 0.4 untyped headers)", () => {
    const text = fixture("agentchat-console-selector.txt");
    const at = text.indexOf("TaskResult(");
    const printed = one(text).trace;
    const fromRepr = one(text.slice(at)).trace;
    expect(printed.run.attributes?.printed_result).toEqual({ class: "TaskResult", line: 54 });
    expect(reading(printed)).toEqual(reading(fromRepr));
    expect(printed.agents).toEqual(fromRepr.agents);
    expect(edges(printed)).toEqual(edges(fromRepr));
    expect(printed.run.attributes?.stop_reason).toBe("Text 'TERMINATE' mentioned");
    expect(printed.steps.map((s) => s.name)).toContain("ThoughtEvent");
    expect(printed.warnings).toEqual([]);
  });

  it("does not take types from a printed TaskResult whose messages are not the blocks, and says so", () => {
    const text = fixture("agentchat-console-selector.txt");
    // The real print without its first block: 15 blocks against the TaskResult's 16 messages.
    const cut = text.slice(text.indexOf("---------- PlanningAgent ----------"));
    const { trace } = one(cut);
    expect(trace.warnings).toEqual([
      "the TaskResult printed at line 52 lists 16 messages, which are not the 15 printed above it; its types were not used",
    ]);
    expect(trace.steps.map((s) => s.kind)).not.toContain("thought");
    expect(trace.run.attributes?.stop_reason).toBe("Text 'TERMINATE' mentioned");
  });

  it("infers untyped blocks' types from their text when no TaskResult was printed (real stream alone)", () => {
    const text = fixture("agentchat-console-selector.txt");
    const stream = text.slice(0, text.indexOf("TaskResult("));
    // The 0.4 Console printed no token counts (the TaskResult holds them), so they are left out here.
    const withoutTokens = (trace: TTrace) => reading(trace).map(({ tokens: _tokens, ...rest }) => rest);
    const full = withoutTokens(one(text).trace);
    const alone = withoutTokens(one(stream).trace);
    // Only a ThoughtEvent cannot be told from a message by its text.
    const differ = alone.flatMap((s, k) => (JSON.stringify(s) === JSON.stringify(full[k]) ? [] : [k]));
    expect(differ).toEqual([5]);
    expect([alone[5].kind, full[5].kind]).toEqual(["message", "thought"]);
    expect(alone.map((s) => s.kind).filter((k) => k === "tool_call")).toHaveLength(4);
    expect(alone[4]).toMatchObject({ agent: "WebSearchAgent", kind: "tool_result", status: "unset" });
    expect(alone[3]).toMatchObject({ kind: "tool_result", status: "ok", tool: { name: "search_web_tool" } });
  });

  it("reads handoffs, thoughts and stop messages; a stop from the harness is not an agent's answer", () => {
    const text = [
      "---------- TextMessage (user) ----------",
      "Refund my flight.",
      "---------- ThoughtEvent (travel_agent) ----------",
      "I should hand this to the refunder.",
      "---------- HandoffMessage (travel_agent) ----------",
      "Transferred to flights_refunder, adopting the role of flights_refunder immediately.",
      "---------- TextMessage (flights_refunder) ----------",
      "Refunded. TERMINATE",
      "[Prompt tokens: 40, Completion tokens: 46]",
      "---------- StopMessage (flights_refunder) ----------",
      "Done here.",
      "---------- StopMessage (DiGraphStopAgent) ----------",
      "Digraph execution is complete",
      "---------- Summary ----------",
      "Number of messages: 6",
      "Finish reason: Text 'TERMINATE' mentioned",
      "Total prompt tokens: 40",
      "Total completion tokens: 46",
      "Duration: 1.34 seconds",
      "",
    ].join("\n");
    const { trace } = one(text);
    expect(trace.steps.map((s) => [s.agent, s.kind, s.target])).toEqual([
      ["user", "message", undefined],
      ["travel_agent", "thought", undefined],
      ["travel_agent", "delegate", "flights_refunder"],
      ["flights_refunder", "message", undefined],
      ["flights_refunder", "final", undefined],
      ["user", "message", undefined],
    ]);
    expect(trace.steps[3].content).toBe("Refunded. TERMINATE");
    expect(trace.steps[3].tokens).toEqual({ input: 40, output: 46, total: 86 });
    expect(trace.steps[5].attributes?.stop_source).toBe("DiGraphStopAgent");
    expect(trace.agents.map((a) => a.name)).not.toContain("DiGraphStopAgent");
    expect(trace.run.attributes?.stop_reason).toBe("Text 'TERMINATE' mentioned");
    expect(trace.run.attributes?.console_summary).toMatchObject({ duration_seconds: 1.34, messages: 6 });
  });

  it("reads a streamed reply (headed by its first chunk) as the message it makes", () => {
    const text = [
      "---------- TextMessage (user) ----------",
      "Say hi.",
      "---------- ModelClientStreamingChunkEvent (assistant) ----------",
      "Hi there.",
      "[Prompt tokens: 9, Completion tokens: 3]",
      "---------- Summary ----------",
      "Number of messages: 2",
      "Finish reason: None",
    ].join("\n");
    const { trace } = one(text);
    expect(trace.steps[1]).toMatchObject({ agent: "assistant", kind: "message", name: "TextMessage" });
    expect(trace.steps[1].attributes?.streamed).toBe(true);
    expect(trace.steps[1].tokens).toEqual({ input: 9, output: 3, total: 12 });
    expect(trace.run.attributes?.stop_reason).toBeUndefined();
  });

  it("reports lines printed before the first block, and a tool event that is not a complete list", () => {
    const text = [
      "Loading model...",
      "---------- user ----------",
      "Search it.",
      "---------- ToolCallRequestEvent (assistant) ----------",
      "[FunctionCall(id='call_1', arguments='{\"q\":\"x\"}', name='search'",
    ].join("\n");
    const { trace } = one(text);
    expect(trace.steps[1].kind).toBe("tool_call");
    expect(trace.steps[1].content).toBe("[FunctionCall(id='call_1', arguments='{\"q\":\"x\"}', name='search'");
    expect(trace.run.attributes?.printed_outside).toEqual(["Loading model..."]);
    expect(trace.warnings.join("\n")).toMatch(/line 1\).*printed_outside/);
    expect(trace.warnings.join("\n")).toMatch(/tool event printed at line 4 is not a complete Python list/);
  });
});

describe("what is not a printed chat", () => {
  it("refuses other text with the JSON error, naming the printed forms it reads", () => {
    for (const text of [
      "Hello, this is a note about a run.\nIt failed.",
      "[2023-09-18 11:05:21 INFO] ChatDev Starts",
      // near misses: an AG2 header without the 80-dash rule; a Console header with 9 dashes
      "user_proxy (to assistant):\n\nhello\n\n" + "-".repeat(79) + "\n",
      "--------- TextMessage (user) ---------\nhello\n",
      "> Entering new AgentExecutor chain...\nThought: I should search\n",
    ]) {
      const err = inputErrorOf(() => importTraces(text));
      expect(err.code, text).toBe("malformed_json");
      expect(err.message).toMatch(
        /not JSON, nor an AG2\/AutoGen 0\.2 printed chat .* or an AutoGen AgentChat Console print/,
      );
    }
  });

  it("leaves JSON inputs alone (a broken JSON document keeps its own error)", () => {
    const ag2 = one(fixture("ag2-group-chat.json")).trace;
    expect(ag2.run.attributes?.printed_form).toBeUndefined();
    const err = inputErrorOf(() => importTraces('{"messages": [\n  {"name": "a (to b):"'));
    expect(err.message).not.toMatch(/printed chat/);
    expect(printedForm(JSON.stringify({ messages: [{ name: "a", content: `a (to b):\n\n${RULE}` }] }))).toBeUndefined();
  });

  it("a forced format still refuses the other printed form", () => {
    const err = inputErrorOf(() => importTraces(fixture("ag2-print-currency-calculator.txt"), { format: "autogen" }));
    expect(err.code).toBe("schema");
    expect(err.message).toMatch(/Not an AutoGen log/);
  });
});

describe("hostile printed text", () => {
  it("refuses past the size and message bounds before reading on", () => {
    const block = `a (to b):\n\nhi\n\n${RULE}\n`;
    expect(inputErrorOf(() => parsePrintedChat(block.repeat(3), { maxChars: 1e6, maxMessages: 2 })).code).toBe(
      "too_large",
    );
    expect(parsePrintedChat(block.repeat(2), { maxChars: 1e6, maxMessages: 2 })).toBeDefined();
    expect(inputErrorOf(() => parsePrintedChat(block.repeat(3), { maxChars: 40, maxMessages: 10 })).message).toMatch(
      /more than 40 characters/,
    );
    // Past the size, text that is no printed chat is left to the JSON error, not called a large chat.
    expect(parsePrintedChat("not a chat\n".repeat(10), { maxChars: 40, maxMessages: 10 })).toBeUndefined();
    const console = "---------- user ----------\nhi\n".repeat(3);
    expect(inputErrorOf(() => parsePrintedChat(console, { maxChars: 1e6, maxMessages: 2 })).code).toBe("too_large");
    expect(countPrintedMessages(block.repeat(5), 3)).toBe(4);
    expect(countPrintedMessages(console, 10)).toBe(3);
    expect(countPrintedMessages('{"a": 1}', 10)).toBe(0);
  });

  it("refuses separators only, ANSI codes only, and a summary with no message", () => {
    expect(inputErrorOf(() => importTraces(`${RULE}\n`.repeat(1000))).code).toBe("malformed_json");
    expect(inputErrorOf(() => importTraces("\x1b[33m\x1b[0m\n".repeat(1000))).code).toBe("malformed_json");
    const summary = inputErrorOf(() => importTraces("---------- Summary ----------\nNumber of messages: 0\n"));
    expect(summary.code).toBe("schema");
  });

  it("strips colour codes, and only them", () => {
    expect(stripAnsi("\x1b[33muser_proxy\x1b[0m (to x):")).toBe("user_proxy (to x):");
    expect(stripAnsi("a\x1b]0;title\x07b\x1b[1;31mc")).toBe("abc");
    expect(stripAnsi("[1m not an escape")).toBe("[1m not an escape");
  });

  it("stays linear on unterminated messages, long rules and repeated headers", () => {
    const shapes = [
      (k: number) => "a (to b):\n\n".repeat(k) + RULE,
      (k: number) => `a (to b):\n\nhi\n\n${RULE}\n${"b (to a):\n\nx\n".repeat(k)}`,
      (k: number) => `a (to b):\n\n${"x (to y): ".repeat(k)}\n${RULE}`,
      (k: number) => `a (to b):\n\n${RULE}\n${`${RULE}${" ".repeat(3)}`.repeat(k)}`,
      (k: number) => `a (to b):\n\n***** Suggested tool call (c): f *****\n${"Arguments: \n".repeat(k)}${RULE}`,
      (k: number) => "---------- a ----------\n".repeat(k),
      (k: number) => `---------- ToolCallRequestEvent (a) ----------\n[FunctionCall(${"(".repeat(k)}`,
      (k: number) => `---------- a ----------\n${"TaskResult(messages=[".repeat(k)}`,
    ];
    for (const shape of shapes) {
      const time = (k: number) => {
        const text = shape(k);
        const t0 = performance.now();
        try {
          importTraces(text);
        } catch {
          // refusals are fine; only the time matters
        }
        return performance.now() - t0;
      };
      time(500);
      const small = time(2_000);
      const big = time(16_000);
      expect(big, shape(3).slice(0, 60)).toBeLessThan(Math.max(400, small * 25));
    }
  });
});

describe("review regressions (each failed before its fix)", () => {
  const ag2 = `user_proxy (to chatbot):\n\nHello\n\n${RULE}\nchatbot (to user_proxy):\n\nHi there\n\n${RULE}\n`;
  const consolePrint =
    "---------- TextMessage (user) ----------\nhello\n---------- TextMessage (bot) ----------\nhi\n[Prompt tokens: 1, Completion tokens: 2]\n";

  it("reads a Console print saved with a byte order mark from its first block", () => {
    const { trace } = one(`\uFEFF${consolePrint}`);
    expect(reading(trace).map((s) => [s.agent, s.content])).toEqual([
      ["user", "hello"],
      ["bot", "hi"],
    ]);
    expect(trace.warnings).toEqual([]);
    expect(countPrintedMessages(`\uFEFF${consolePrint}`, 10)).toBe(2);
  });

  it("reads prints whose lines end with a lone \\r (no \\n anywhere)", () => {
    for (const text of [ag2, consolePrint]) {
      const { trace } = one(text.replaceAll("\n", "\r"));
      expect(reading(trace)).toEqual(reading(one(text).trace));
      expect(countPrintedMessages(text.replaceAll("\n", "\r"), 10)).toBe(2);
    }
  });

  it("reads a header whose recipient's name holds parentheses", () => {
    const text = `user (to Agent (GPT-4)):\n\nHello\n\n${RULE}\nAgent (GPT-4) (to user (admin)):\n\nHi\n\n${RULE}\n`;
    const value = parsePrintedChat(text) as { messages: Record<string, unknown>[] };
    expect(value.messages.map((m) => [m.name, m.recipient, m.content])).toEqual([
      ["user", "Agent (GPT-4)", "Hello"],
      ["Agent (GPT-4)", "user (admin)", "Hi"],
    ]);
    expect(one(text).trace.warnings).toEqual([]);
  });

  it("keeps a line of 80 dashes inside a message as its content", () => {
    const text = `user_proxy (to chatbot):\n\n| a |\n${RULE}\n| 1 |\n\n${RULE}\n>>>>>>>> USING AUTO REPLY...\nchatbot (to user_proxy):\n\nHi\n\n${RULE}\n`;
    const { trace } = one(text);
    expect(reading(trace).map((s) => [s.agent, s.content])).toEqual([
      ["user_proxy", `| a |\n${RULE}\n| 1 |`],
      ["chatbot", "Hi"],
    ]);
    expect(trace.steps[1].attributes?.printed_before).toEqual([">>>>>>>> USING AUTO REPLY..."]);
    expect(trace.warnings).toEqual([]);
  });

  it("says so when a header line comes before the closing rule of the message above it", () => {
    const { trace } = one(`a (to b):\n\nfirst, cut\nb (to a):\n\nsecond\n\n${RULE}\n`);
    expect(trace.steps).toHaveLength(1);
    expect(trace.warnings.join("\n")).toMatch(/line 4 reads as a message header/);
  });

  it("keeps the rest of a line after an unterminated OSC introducer", () => {
    expect(stripAnsi("say \x1b]hello")).toBe("say hello");
    expect(stripAnsi("a\x1b]0;title\x07b")).toBe("ab");
    // and stays linear when every introducer on a long line is unterminated
    const t0 = performance.now();
    expect(stripAnsi("\x1b]x".repeat(30_000))).toBe("x".repeat(30_000));
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it("looks for the separator once, however many headers the head holds", () => {
    const time = (headers: number) => {
      const text = "a (to b):\n\n".repeat(headers) + `${"x".repeat(79)}${"-".repeat(81)}\n`.repeat(6_000);
      const t0 = performance.now();
      expect(printedForm(text)).toBeUndefined();
      return performance.now() - t0;
    };
    time(50);
    const few = time(100);
    const many = time(1_000);
    expect(many).toBeLessThan(Math.max(150, few * 3));
  });
});
