import { ZSourceFormat } from "../trace/schema";

/** Every input format `importTrace` understands: the trace model's source formats, declared once there. */
export const IMPORT_FORMATS = ZSourceFormat.options;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One line per format for the `unknown_format` error and the upload page. */
export const FORMAT_DESCRIPTIONS: Record<ImportFormat, string> = {
  culprit: 'culprit: native trace, {"schema":"culprit.trace/v1", run, agents, steps}',
  otlp: "otlp: OTLP/JSON ExportTraceServiceRequest {resourceSpans[]}, an array of them, or JSONL",
  "who-and-when": "who-and-when: Who&When record {question, history[], mistake_agent, mistake_step}",
  ag2: "ag2: AG2/AutoGen 0.2 group chat {history|messages|chat_history: [{name, role, content}]} or that array",
  autogen:
    "autogen: AutoGen TaskResult {messages: [{source, type, content}]}, a list of AgentChat messages/events or core LLM messages, an event log {task, events: [{type, module, model_dump}]}, or a saved team/agent state {agent_states: {…message_thread}}",
  langfuse: "langfuse: Langfuse trace download {trace, observations[]}",
  langsmith:
    "langsmith: LangSmith runs (array, {runs[]}, JSONL, a run with child_runs, or an ingest batch {post[], patch[]})",
  chat: "chat: a single-agent chat transcript [{role, content}] or OpenAI {messages: [...]} with tool_calls / tool replies",
  "otel-sdk":
    "otel-sdk: OpenTelemetry SDK span dumps that are not OTLP: Python to_json()/ConsoleSpanExporter output (one after another or an array), JS ReadableSpans, Monocle traces, OTLP spans with an attribute object (CloudWatch aws/spans, {raw_otel_json} exports), rows of the ClickHouse exporter's otel_traces table (PascalCase or snake_case; an array, JSONL, {data|rows|spans: [...]}, or Patronus/TRAIL's {trace_id, spans: [root]} with child_spans)",
  "openai-agents":
    'openai-agents: OpenAI Agents SDK trace export, {data: [trace, trace.span...]}, an array or JSONL of {object: "trace" | "trace.span", span_data}',
  agentops: "agentops: AgentOps trace export {trace, spans[]}",
  chatdev:
    "chatdev: a ChatDev 1.0 `.log` (`[YYYY-DD-MM HH:MM:SS INFO]` entries: `Role: **[Start Chat]**` phase prompts, `Role: **A<->B on : Phase, turn N**` replies, `**[Test Reports]**`)",
  atif: 'atif: ATIF agent trajectory (Harbor) {schema_version: "ATIF-v1.x", agent, steps[]}, with its subagent trajectories embedded or listed beside it',
};
