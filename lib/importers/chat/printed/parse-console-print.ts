/**
 * AutoGen AgentChat (0.4+) `Console(team.run_stream(...))` print, read back into the AgentChat
 * message records `import-autogen.ts` maps (`autogen_agentchat/ui/_console.py`, microsoft/autogen
 * @ 027ecf0a):
 *
 * ```
 * ---------- TextMessage (user) ----------          ← f"{'-' * 10} {type} ({source}) {'-' * 10}" (0.5.3+)
 * ---------- user ----------                        ← f"{'-' * 10} {source} {'-' * 10}" (0.4.x; a Response today)
 * <message.to_text()>                               ← tool events print str(content):
 *                                                      [FunctionCall(id=…, arguments=…, name=…)]
 *                                                      [FunctionExecutionResult(content=…, name=…, call_id=…, is_error=…)]
 * [Prompt tokens: 40, Completion tokens: 46]        ← models_usage (output_stats): usage, never content
 * ---------- Summary ----------                     ← Number of messages / inner messages, Finish reason,
 * Number of messages: 5                                Total prompt/completion tokens, Duration: run metadata
 * ```
 *
 * The old form names no type: a `[FunctionCall(…)]` / `[FunctionExecutionResult(…)]` /
 * `[MemoryContent(…)]` body is a tool request / execution / memory query, a text repeating the
 * execution just before it is its `ToolCallSummaryMessage`, any other text a `TextMessage`. When the
 * notebook also printed the run's `TaskResult(...)` and its messages line up with the blocks, their
 * types, usage and handoff targets are taken from it (the same record the repr importer reads).
 */
import { PY_CLASS, parsePythonRepr } from "../../python-repr/parse-python-repr";
import { isRecord, toText } from "../../trace-builder";
import { type PrintedLine, isBlank, lineList } from "./printed-lines";

export interface ConsolePrint {
  messages: Record<string, unknown>[];
  warnings: string[];
  attributes: Record<string, unknown>;
  stopReason?: string;
}

type ConsoleHeader = { summary: true } | { summary: false; source: string; type?: string };

const RULE = "----------";
const STREAMING_CHUNK = "ModelClientStreamingChunkEvent";
const MAX_NAME = 256;

/** `---------- Type (source) ----------`, `---------- source ----------` or `---------- Summary ----------`. */
export function consoleHeader(line: string): ConsoleHeader | undefined {
  const t = line.trimEnd();
  if (t.length < 23 || !t.startsWith(`${RULE} `) || !t.endsWith(` ${RULE}`)) return undefined;
  const inner = t.slice(11, -11).trim();
  if (!inner || inner.length > 2 * MAX_NAME || inner.startsWith("-")) return undefined;
  if (inner === "Summary") return { summary: true };
  if (inner.endsWith(")")) {
    const open = inner.indexOf(" (");
    if (open <= 0) return undefined;
    const type = inner.slice(0, open);
    const source = inner.slice(open + 2, -1).trim();
    if (!source || type.includes(" ") || source.length > MAX_NAME) return undefined;
    return { summary: false, type, source };
  }
  return inner.includes(" ") ? undefined : { summary: false, source: inner };
}

/** `[Prompt tokens: 40, Completion tokens: 46]` → the two counts. */
function usageLine(line: string): { prompt_tokens: number; completion_tokens: number } | undefined {
  const t = line.trim();
  const head = "[Prompt tokens: ";
  const mid = ", Completion tokens: ";
  if (!t.startsWith(head) || !t.endsWith("]")) return undefined;
  const at = t.indexOf(mid);
  if (at < 0) return undefined;
  const prompt = wholeNumber(t.slice(head.length, at));
  const completion = wholeNumber(t.slice(at + mid.length, -1));
  return prompt === undefined || completion === undefined
    ? undefined
    : { prompt_tokens: prompt, completion_tokens: completion };
}

function wholeNumber(text: string): number | undefined {
  if (!text || text.length > 15) return undefined;
  for (let i = 0; i < text.length; i++) if (text[i] < "0" || text[i] > "9") return undefined;
  return Number(text);
}

/** Events whose `to_text()` is `str(list)` of pydantic models: the list, read back as records. */
const LIST_CONTENT: Record<string, string> = {
  ToolCallRequestEvent: "FunctionCall",
  ToolCallExecutionEvent: "FunctionExecutionResult",
  MemoryQueryEvent: "MemoryContent",
};

/** The body as the model list it prints, when every item is a `cls(...)`; undefined otherwise. */
function modelList(text: string, cls: string): Record<string, unknown>[] | undefined {
  const t = text.trim();
  if (!t.startsWith(`[${cls}(`) || !t.endsWith("]")) return undefined;
  const value = parsePythonRepr(t);
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.every((v) => isRecord(v) && v[PY_CLASS] === cls) ? (value as Record<string, unknown>[]) : undefined;
}

/** Result prints a notebook adds after the stream: `TaskResult(...)` or a single agent's `Response(...)`. */
const RESULT_CLASSES = ["TaskResult", "Response"];

function resultPrint(line: string): Record<string, unknown> | undefined {
  if (!RESULT_CLASSES.some((c) => line.startsWith(`${c}(`))) return undefined;
  const value = parsePythonRepr(line.trim());
  return isRecord(value) && RESULT_CLASSES.includes(value[PY_CLASS] as string) ? value : undefined;
}

const SUMMARY_FIELDS: Record<string, string> = {
  "Number of messages": "messages",
  "Number of inner messages": "inner_messages",
  "Finish reason": "finish_reason",
  "Total prompt tokens": "prompt_tokens",
  "Total completion tokens": "completion_tokens",
  Duration: "duration_seconds",
};

export function parseConsolePrint(lines: readonly PrintedLine[], maxMessages: number): ConsolePrint | "too_many" {
  const out: ConsolePrint = { messages: [], warnings: [], attributes: { printed_form: "agentchat-console" } };
  const unknown: number[] = [];
  const unreadLists: number[] = [];
  const summaries: Record<string, unknown>[] = [];
  const outside: string[] = [];
  let result: { value: Record<string, unknown>; line: number } | undefined;
  let i = 0;
  const n = lines.length;
  // Before the first block: anything printed is not the Console's.
  while (i < n && !consoleHeader(lines[i].text)) {
    if (!isBlank(lines[i].text)) {
      unknown.push(lines[i].n);
      outside.push(lines[i].text);
    }
    i++;
  }
  while (i < n) {
    const header = consoleHeader(lines[i].text) as ConsoleHeader;
    const start = i + 1;
    let end = start;
    while (end < n && !consoleHeader(lines[end].text)) end++;
    i = end;
    let body = lines.slice(start, end);
    // The notebook's own print of the result, after the stream: not part of the last message.
    const cut = body.findIndex((l) => resultPrint(l.text) !== undefined);
    if (cut >= 0) {
      const printed = resultPrint(body[cut].text) as Record<string, unknown>;
      result = { value: printed, line: body[cut].n };
      for (const l of body.slice(cut + 1))
        if (!isBlank(l.text)) {
          unknown.push(l.n);
          outside.push(l.text);
        }
      body = body.slice(0, cut);
    }
    if (header.summary) {
      summaries.push(readSummary(body, unknown, outside));
      continue;
    }
    const message: Record<string, unknown> = { source: header.source };
    // A streamed reply is headed by its first chunk's class; the message it makes is untyped here.
    const streamed = header.type === STREAMING_CHUNK;
    if (streamed) message.streamed = true;
    else if (header.type) message.type = header.type;
    let last = body.length - 1;
    const usage = last >= 0 ? usageLine(body[last].text) : undefined;
    if (usage) {
      message.models_usage = usage;
      last--;
    }
    const text = body
      .slice(0, last + 1)
      .map((l) => l.text)
      .join("\n");
    message.content = text;
    const listClass = typeof message.type === "string" ? LIST_CONTENT[message.type] : undefined;
    if (listClass) {
      const list = modelList(text, listClass);
      if (list) message.content = list;
      else if (message.type !== "MemoryQueryEvent") unreadLists.push(lines[start - 1].n);
    } else if (message.type === undefined) {
      for (const [type, cls] of Object.entries(LIST_CONTENT)) {
        const list = modelList(text, cls);
        if (list) {
          message.type = type;
          message.content = list;
          break;
        }
      }
    }
    out.messages.push(message);
    if (out.messages.length > maxMessages) return "too_many";
  }
  adoptResult(out, result);
  inferSummaries(out.messages);
  for (const m of out.messages) if (m.type === undefined) m.type = "TextMessage";
  const handoffs = out.messages.filter((m) => m.type === "HandoffMessage" && m.target === undefined);
  for (const m of handoffs) {
    const target = handoffTarget(toText(m.content));
    if (target) m.target = target;
  }
  if (summaries.length) out.attributes.console_summary = summaries.length === 1 ? summaries[0] : summaries;
  const finish = summaries.map((s) => s.finish_reason).findLast((r) => typeof r === "string" && r !== "None");
  if (out.stopReason === undefined && typeof finish === "string") out.stopReason = finish;
  if (outside.length) out.attributes.printed_outside = outside;
  if (unknown.length)
    out.warnings.push(
      `${unknown.length} printed ${unknown.length === 1 ? "line" : "lines"} outside any Console message (${lineList(unknown)}) ${unknown.length === 1 ? "is" : "are"} not part of the AgentChat Console print; kept verbatim in the run's printed_outside`,
    );
  if (unreadLists.length)
    out.warnings.push(
      `the tool event printed at ${lineList(unreadLists)} is not a complete Python list of calls or results (cut?); kept as its text`,
    );
  return out;
}

function readSummary(body: readonly PrintedLine[], unknown: number[], outside: string[]): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  for (const l of body) {
    if (isBlank(l.text)) continue;
    const colon = l.text.indexOf(": ");
    const key = colon > 0 ? SUMMARY_FIELDS[l.text.slice(0, colon)] : undefined;
    if (!key) {
      unknown.push(l.n);
      outside.push(l.text);
      continue;
    }
    const raw = l.text.slice(colon + 2).trim();
    if (key === "finish_reason") summary[key] = raw;
    else if (key === "duration_seconds") {
      const seconds = raw.endsWith(" seconds") ? Number(raw.slice(0, -8)) : Number.NaN;
      summary[key] = Number.isFinite(seconds) ? seconds : raw;
    } else summary[key] = wholeNumber(raw) ?? raw;
  }
  return summary;
}

/**
 * The printed `TaskResult` gives the stop reason; when its messages are the blocks, one for one
 * (same sources, no type that disagrees), it also gives each block's type, usage and target.
 */
function adoptResult(out: ConsolePrint, result: { value: Record<string, unknown>; line: number } | undefined): void {
  if (!result) return;
  const { value } = result;
  out.attributes.printed_result = { class: value[PY_CLASS], line: result.line };
  if (typeof value.stop_reason === "string") out.stopReason = value.stop_reason;
  const listed = Array.isArray(value.messages) ? value.messages.filter(isRecord) : undefined;
  if (!listed) return;
  const blocks = out.messages;
  const aligned =
    listed.length === blocks.length &&
    listed.every((m, k) => {
      const type = typeof m.type === "string" ? m.type : m[PY_CLASS];
      return m.source === blocks[k].source && (blocks[k].type === undefined || blocks[k].type === type);
    });
  if (!aligned) {
    out.warnings.push(
      `the TaskResult printed at line ${result.line} lists ${listed.length} messages, which are not the ${blocks.length} printed above it; its types were not used`,
    );
    return;
  }
  listed.forEach((m, k) => {
    const block = blocks[k];
    const type = typeof m.type === "string" ? m.type : m[PY_CLASS];
    if (block.type === undefined && typeof type === "string") {
      block.type = type;
      const cls = LIST_CONTENT[type];
      if (cls && typeof block.content === "string") block.content = modelList(block.content, cls) ?? block.content;
    }
    if (block.models_usage === undefined && isRecord(m.models_usage)) {
      const { prompt_tokens, completion_tokens } = m.models_usage;
      block.models_usage = { prompt_tokens, completion_tokens };
    }
    if (typeof m.target === "string") block.target = m.target;
  });
}

/** Old form: a text block repeating the tool results just before it (same source) is their summary. */
function inferSummaries(messages: Record<string, unknown>[]): void {
  for (let k = 1; k < messages.length; k++) {
    const m = messages[k];
    const prev = messages[k - 1];
    if (m.type !== undefined || prev.type !== "ToolCallExecutionEvent" || prev.source !== m.source) continue;
    if (!Array.isArray(prev.content) || typeof m.content !== "string") continue;
    const results = prev.content.map((r) => (isRecord(r) ? toText(r.content) : "")).join("\n");
    if (results === m.content) m.type = "ToolCallSummaryMessage";
  }
}

/** "Transferred to flights_refunder, adopting the role of …" (AgentChat's default handoff message) → the target. */
function handoffTarget(content: string): string | undefined {
  const prefix = "Transferred to ";
  if (!content.startsWith(prefix)) return undefined;
  let end = prefix.length;
  while (end < content.length && end - prefix.length <= MAX_NAME && /[\w-]/.test(content[end])) end++;
  return end > prefix.length ? content.slice(prefix.length, end) : undefined;
}
