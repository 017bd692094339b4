/**
 * Content only: the text the engine reads from a step is what was said, never the record around it.
 * Tracing tools often store a span's input or output as a raw envelope: a JSON object of the chain
 * output with run ids, `created` timestamps and token usage, or the Python repr of a framework's
 * message (`AIMessage(content='…', id='run-43f2…', usage_metadata={…})`). Read as text, the digits
 * of those ids, timestamps and counts look like values the agent stated. `contentText` unwraps such
 * an envelope to the message text it carries (content, tool calls, results, other fields as
 * `key: value` lines) and drops the fields that only identify, time or meter the call.
 * Plain text is returned unchanged, and the rendering is bounded by depth and output size.
 */
import { isRecord, toText } from "./trace-builder";
import type { TTraceInput } from "../trace/schema";
import { OBSERVATION_AT, RESULT_AT } from "../trace/canonical-attributes";
import { PY_ARGS, PY_CLASS, parseKeywordFields, parsePythonRepr } from "./python-repr/parse-python-repr";

/** Envelopes larger than this are left as text (parsing costs memory; the engine reads 20k chars). */
const MAX_ENVELOPE_CHARS = 2_000_000;
const MAX_DEPTH = 12;
/** Strings nested in an envelope are unwrapped in turn, to this depth (a JSON string inside JSON). */
const MAX_NESTED_UNWRAPS = 3;
const MAX_OUTPUT_CHARS = 200_000;

/** Fields that identify, time, meter or configure a call: never content. */
const DROPPED_FIELDS = new Set([
  "id",
  "ids",
  "uuid",
  "guid",
  "object",
  "created",
  "timestamp",
  "ts",
  "model",
  "model_name",
  "system_fingerprint",
  "finish_reason",
  "stop_reason",
  "logprobs",
  "usage",
  "service_tier",
  "lc",
  "index",
  "additional_kwargs",
  "response_metadata",
  "tool_call_chunks",
  "invalid_tool_calls",
  "example",
  "status_code",
  PY_CLASS,
]);
/** Suffixes of such fields: `run_id`, `created_at`, `start_time`, `prompt_tokens`, `usage_metadata`, `traceId`. */
const DROPPED_SUFFIXES = "_id _ids Id _at _time _timestamp _unix_nano _tokens _usage _metadata _fingerprint".split(" ");
/** Fields whose value is the content itself: rendered without their name. */
const TEXT_FIELDS = new Set([
  "content",
  "text",
  "output",
  "outputs",
  "output_text",
  "final_output",
  "return_values",
  "answer",
  "result",
  "results",
  "response",
  "message",
  "messages",
  "choices",
  "generations",
  "input",
  "inputs",
  "query",
  "question",
  "prompt",
  "data",
  PY_ARGS,
]);

export function isDroppedField(key: string): boolean {
  return DROPPED_FIELDS.has(key) || DROPPED_SUFFIXES.some((suffix) => key.endsWith(suffix));
}

/** Suffixes of a field that names one of the tool's own records (`order_id`, `item_ids`, `productId`). */
const RECORD_SUFFIXES = ["_id", "_ids", "Id"];
/** A tracing id: a UUID, or a token switching between letters and digits three or more times (`call_kW83…`). */
const TRACING_ID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-|(?:[a-z][_-]?\d|\d[_-]?[a-z])(?:.*?(?:[a-z][_-]?\d|\d[_-]?[a-z])){2}/i;

/** A bare `id` that names a record in words and digits (`certificate_7504069`, `ORD-1234`), not a row number. */
const namedId = (v: string) => /[A-Za-z]/.test(v) && /\d/.test(v);

/**
 * A tool's result is the data it returned, and the records it names are part of it: an order's
 * `order_id`, the `item_ids` of a return, a parcel's `tracking_id`, a payment method's `id` of
 * `certificate_7504069`. An agent that quotes them quotes its tool, so they stay in the result's text
 * (the engine still never reads them as a value the tool stated; `claims/identifier-piece.ts`).
 * Dropped as everywhere else: times, usage, any value that looks like a tracing id rather than a
 * record's name, and a bare `id` that is only a number (a row key an API puts on every object, which,
 * read as a number, would be a source for any count an agent made up).
 */
function keptRecordName(key: string, value: unknown): boolean {
  const bare = key === "id" || key === "ids";
  if (!bare && (DROPPED_FIELDS.has(key) || !RECORD_SUFFIXES.some((suffix) => key.endsWith(suffix)))) return false;
  const values = Array.isArray(value) ? value : [value];
  return (
    values.length > 0 &&
    values.every(
      (v) =>
        (typeof v === "string" || typeof v === "number") &&
        String(v).length <= 64 &&
        !TRACING_ID_RE.test(String(v)) &&
        (!bare || namedId(String(v))),
    )
  );
}

/** A calendar date, alone or opening a time of day (`2024-05-14`, `2024-05-14T09:52:38Z`). */
const DATE_VALUE_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A tool's record says when things happened to it (a booking's `created_at`, a parcel's
 * `delivered_at`), and an agent quotes that date ("booked on May 14"). Kept in a tool's result when
 * the value is a written date, which nobody reads as a quantity; an epoch count stays dropped.
 */
function keptRecordDate(key: string, value: unknown): boolean {
  return (key.endsWith("_at") || key.endsWith("_time")) && typeof value === "string" && DATE_VALUE_RE.test(value);
}

/**
 * The content `raw` carries: its message text when it is a JSON or Python envelope, else `raw` itself.
 * `toolResult`: `raw` is what a tool returned, whose record names are content (`keptRecordName`).
 */
export function contentText(raw: string, toolResult = false): string {
  return unwrap(raw, 0, toolResult) ?? raw;
}

/** The rendered envelope, or undefined when `raw` is plain text (or too large to parse). */
function unwrap(raw: string, nested: number, toolResult: boolean): string | undefined {
  if (raw.length > MAX_ENVELOPE_CHARS || nested > MAX_NESTED_UNWRAPS) return undefined;
  const value = parseEnvelope(raw);
  if (value === undefined) return undefined;
  const out = { text: "", toolResult };
  render(value, 0, nested, out);
  return out.text.trim();
}

/**
 * A JSON object or array, a Python dict or list, the repr of a class instance with named fields
 * (`AIMessage(content=…)`: a capitalised name, so code such as `print(x)` stays text), or pydantic
 * `str()` fields (two or more, or one holding a list or object); undefined for prose.
 */
function parseEnvelope(raw: string): unknown {
  const head = raw.slice(0, 64).trimStart();
  const c = head[0];
  if (c === '"') return jsonStringEnvelope(raw);
  if (c === "{" || c === "[") {
    try {
      const v: unknown = JSON.parse(raw);
      if (typeof v === "object" && v !== null) return v;
    } catch {
      // not JSON: maybe a Python dict or list
    }
    const py = parsePythonRepr(raw);
    return typeof py === "object" && py !== null ? py : undefined;
  }
  if (/^[A-Z][\w.]*\(/.test(head)) {
    const py = parsePythonRepr(raw);
    return isRecord(py) && Object.keys(py).some((k) => k !== PY_CLASS && k !== PY_ARGS) ? py : undefined;
  }
  if (/^[a-z_]\w*=/.test(head)) {
    const fields = parseKeywordFields(raw);
    if (!isRecord(fields)) return undefined;
    const values = Object.values(fields);
    return values.length >= 2 || (typeof values[0] === "object" && values[0] !== null) ? fields : undefined;
  }
  return undefined;
}

/** A JSON-encoded string (a stringified envelope, stringified once more): its envelope, if it holds one. */
function jsonStringEnvelope(raw: string): unknown {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === "string" ? parseEnvelope(v) : undefined;
  } catch {
    return undefined;
  }
}

interface Output {
  text: string;
  /** Rendering a tool's result: the records it names are kept (`keptRecordName`). */
  toolResult?: boolean;
}

function emit(out: Output, piece: string): void {
  if (!piece || out.text.length >= MAX_OUTPUT_CHARS) return;
  out.text += out.text === "" || out.text.endsWith("\n") ? piece : `\n${piece}`;
}

function render(v: unknown, depth: number, nested: number, out: Output, label?: string): void {
  if (v === undefined || v === null || depth > MAX_DEPTH || out.text.length >= MAX_OUTPUT_CHARS) return;
  if (typeof v === "string") {
    const inner = unwrap(v, nested + 1, out.toolResult === true);
    const text = inner ?? v;
    if (text.trim()) emit(out, label ? `${label}: ${text}` : text);
    return;
  }
  if (typeof v !== "object") {
    emit(out, label ? `${label}: ${String(v)}` : String(v));
    return;
  }
  // An empty list or object is an answer ("none found"), not a missing one: a search that returns
  // `[]` says so. Kept as written where it is the whole value or a field of a tool's result; an
  // envelope's other empty fields (tags, extras) say nothing and stay out.
  if (isEmptyCollection(v)) {
    if (depth === 0 || out.toolResult) emit(out, `${label ? `${label}: ` : ""}${Array.isArray(v) ? "[]" : "{}"}`);
    return;
  }
  if (Array.isArray(v)) {
    for (const item of v) render(item, depth + 1, nested, out, label);
    return;
  }
  if (!isRecord(v)) return;
  if (isMessage(v)) renderMessage(v, depth, nested, out);
  else
    for (const key of Object.keys(v)) {
      if (isDroppedField(key) && !(out.toolResult && (keptRecordName(key, v[key]) || keptRecordDate(key, v[key]))))
        continue;
      if (out.toolResult && recordKey(key, v[key])) emit(out, `${key}:`);
      render(v[key], depth + 1, nested, out, TEXT_FIELDS.has(key) ? label : key);
    }
}

/**
 * A key that is a record's name rather than a field's (`{"credit_card_4421486": {…}}`, a map of a
 * user's payment methods): written with a digit, not a tracing id. Its value is an object or list,
 * whose fields would otherwise be rendered with nothing saying whose they are.
 */
function recordKey(key: string, value: unknown): boolean {
  return typeof value === "object" && value !== null && key.length <= 64 && /\d/.test(key) && !TRACING_ID_RE.test(key);
}

function isEmptyCollection(v: object): boolean {
  return Array.isArray(v) ? v.length === 0 : isRecord(v) && Object.keys(v).length === 0;
}

/** A chat message: a role or message type beside its content or text. */
function isMessage(v: Record<string, unknown>): boolean {
  const hasText = "content" in v || "text" in v || "tool_calls" in v;
  return hasText && ("role" in v || "type" in v || PY_CLASS in v);
}

function renderMessage(v: Record<string, unknown>, depth: number, nested: number, out: Output): void {
  const role = typeof v.role === "string" ? v.role : undefined;
  const body: Output = { text: "", toolResult: out.toolResult };
  render(v.content ?? v.text, depth + 1, nested, body);
  const calls = Array.isArray(v.tool_calls) ? v.tool_calls : [];
  for (const call of calls) emit(body, toolCallText(call));
  if (typeof v.name === "string" && v.name && v.role === "tool") emit(body, `(from ${v.name})`);
  if (body.text) emit(out, role ? `${role}: ${body.text}` : body.text);
}

function toolCallText(call: unknown): string {
  if (!isRecord(call)) return "";
  const fn = isRecord(call.function) ? call.function : call;
  const args = fn.arguments ?? fn.args ?? fn.input;
  const rendered = { text: "" };
  render(args, 0, 0, rendered);
  return `[tool call ${toText(fn.name)}] ${rendered.text.replace(/\n/g, "; ")}`;
}

/**
 * Every text an importer hands the engine, content only (in place): the task, each step's content
 * and tool result. A step whose content was unwrapped loses the character offsets the importer
 * marked in the raw text (they no longer point into it).
 */
export function keepContentOnly(input: TTraceInput): void {
  if (input.run.task) input.run.task = contentText(input.run.task);
  for (const step of input.steps) {
    if (step.content) {
      const text = contentText(step.content, step.kind === "tool_result");
      if (text !== step.content) {
        step.content = text;
        if (step.attributes) {
          const { [OBSERVATION_AT]: _o, [RESULT_AT]: _r, ...rest } = step.attributes;
          step.attributes = rest;
        }
      }
    }
    if (step.tool?.result) step.tool.result = contentText(step.tool.result, true);
  }
}
