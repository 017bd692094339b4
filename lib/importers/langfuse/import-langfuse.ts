import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { isRecord, toText } from "../trace-builder";
import type { DecodedSpan } from "../otlp/decoded-span";
import { mapSpans } from "../otlp/map-spans";
import { MAX_TRACES_PER_FILE } from "../otlp/split-traces";
import { isoToNano } from "../iso-time";
import { parseLoose, scoreOutcome } from "./langfuse-values";

/** Langfuse observation types → OpenInference span kinds, so the OTLP mapping applies unchanged. */
const TYPE_TO_KIND: Record<string, string> = {
  GENERATION: "LLM",
  TOOL: "TOOL",
  AGENT: "AGENT",
  CHAIN: "CHAIN",
  RETRIEVER: "RETRIEVER",
  EMBEDDING: "EMBEDDING",
  EVALUATOR: "EVALUATOR",
  GUARDRAIL: "GUARDRAIL",
  SPAN: "CHAIN",
  EVENT: "CHAIN",
};
const MAPPED = new Set([
  "id",
  "traceId",
  "type",
  "name",
  "startTime",
  "endTime",
  "parentObservationId",
  "input",
  "output",
  "level",
  "statusMessage",
  "metadata",
  "model",
  "inputUsage",
  "outputUsage",
  "totalUsage",
  "totalCost",
]);

/**
 * Maps a Langfuse trace download (`{trace, observations[]}`, or a trace with embedded
 * `observations`) by turning observations into decoded spans and reusing the OTLP mapping:
 * same agent resolution (OTel attributes Langfuse keeps in `metadata.attributes`, LangGraph
 * nodes, AGENT observations), same tree repair. `sourceRef` = observation id.
 */
export function importLangfuse(value: unknown): TTraceInput {
  const trace = isRecord(value) && isRecord(value.trace) ? value.trace : isRecord(value) ? value : undefined;
  const observations =
    isRecord(value) && Array.isArray(value.observations)
      ? value.observations
      : Array.isArray(value)
        ? value
        : trace && Array.isArray(trace.observations)
          ? trace.observations
          : undefined;
  if (!observations) {
    throw new TraceInputError("schema", "Not a Langfuse trace download: expected {trace, observations[]}", {
      issues: [{ path: "observations", message: "expected an array" }],
    });
  }
  const spans: DecodedSpan[] = [];
  observations.forEach((o, i) => {
    if (!isRecord(o))
      throw new TraceInputError("schema", `Not a Langfuse trace download: observations[${i}] is not an object`, {
        issues: [{ path: `observations[${i}]`, message: "expected an object" }],
      });
    spans.push(observationToSpan(o, `observations[${i}]`));
  });
  if (spans.length === 0) throw new TraceInputError("bad_input", "The Langfuse trace has no observations");
  // A forced --format langfuse must still refuse objects that are not observations.
  if (!observations.some((o) => isRecord(o) && (typeof o.type === "string" || "startTime" in o || "traceId" in o))) {
    throw new TraceInputError(
      "schema",
      "Not a Langfuse trace download: no observation has type, startTime or traceId",
      {
        issues: [{ path: "observations[0]", message: "missing type / startTime / traceId" }],
      },
    );
  }
  const input = mapSpans(spans);
  const scores = trace ? parseLoose(trace.scores) : undefined;
  input.run = {
    ...input.run,
    title: trace && typeof trace.name === "string" ? trace.name : input.run.title,
    task: trace && trace.input != null ? toText(parseLoose(trace.input)) : undefined,
    finalAnswer: trace && trace.output != null ? toText(parseLoose(trace.output)) : undefined,
    outcome: scoreOutcome(scores) ?? observationScoreOutcome(observations) ?? input.run.outcome,
    sourceFormat: "langfuse",
    attributes: trace
      ? Object.fromEntries(
          Object.entries(trace)
            .filter(([k]) => k !== "observations" && k !== "input" && k !== "output")
            .map(([k, v]) => [k, parseLoose(v)]),
        )
      : input.run.attributes,
  };
  return input;
}

/** `importLangfuse` for an upload, which may be several downloads saved as one list: one run each. */
export function importLangfuseFile(value: unknown): TTraceInput | TTraceInput[] {
  if (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((v) => isRecord(v) && isRecord(v.trace) && Array.isArray(v.observations))
  ) {
    if (value.length > MAX_TRACES_PER_FILE)
      throw new TraceInputError(
        "too_large",
        `The file holds ${value.length} Langfuse traces; at most ${MAX_TRACES_PER_FILE} per file`,
      );
    return value.map(importLangfuse);
  }
  return importLangfuse(value);
}

function observationToSpan(o: Record<string, unknown>, path: string): DecodedSpan {
  const metadata = parseLoose(o.metadata);
  const otelAttributes = isRecord(metadata) && isRecord(metadata.attributes) ? metadata.attributes : {};
  const attributes: Record<string, unknown> = { ...otelAttributes };
  if (isRecord(metadata))
    for (const [k, v] of Object.entries(metadata)) if (k !== "attributes") attributes[`metadata.${k}`] = v;
  for (const [k, v] of Object.entries(o))
    if (!MAPPED.has(k) && v !== null && v !== undefined) attributes[`langfuse.${k}`] = parseLoose(v);
  const type = typeof o.type === "string" ? o.type.toUpperCase() : "SPAN";
  if (attributes["openinference.span.kind"] === undefined && attributes["gen_ai.operation.name"] === undefined)
    attributes["openinference.span.kind"] = TYPE_TO_KIND[type] ?? "CHAIN";
  attributes["langfuse.type"] = type;
  setPayload(attributes, "input.value", o.input);
  setPayload(attributes, "output.value", o.output);
  if (typeof o.model === "string" && o.model) attributes["llm.model_name"] = o.model;
  setNumber(attributes, "llm.token_count.prompt", o.inputUsage);
  setNumber(attributes, "llm.token_count.completion", o.outputUsage);
  setNumber(attributes, "llm.token_count.total", o.totalUsage);
  setNumber(attributes, "llm.cost.total", o.totalCost);
  const isError = o.level === "ERROR";
  return {
    traceId: typeof o.traceId === "string" ? o.traceId : undefined,
    spanId: typeof o.id === "string" && o.id ? o.id : undefined,
    parentSpanId:
      typeof o.parentObservationId === "string" && o.parentObservationId ? o.parentObservationId : undefined,
    name: typeof o.name === "string" ? o.name : "",
    kind: 0,
    start: isoToNano(o.startTime),
    end: isoToNano(o.endTime),
    attributes,
    events: [],
    links: [],
    statusCode: isError ? 2 : 0,
    statusMessage:
      typeof o.statusMessage === "string" && o.statusMessage
        ? o.statusMessage
        : isError
          ? "observation level ERROR"
          : undefined,
    resource: {},
    path,
  };
}

/**
 * The observation's input or output, unless it is empty (`{}`, `[]`, `""`) while the OTel attributes
 * Langfuse kept hold the value: some instrumentations fill only the attribute, and an empty
 * observation output would read as a tool that returned nothing.
 */
function setPayload(attributes: Record<string, unknown>, key: string, v: unknown): void {
  if (v === undefined || v === null) return;
  if (attributes[key] !== undefined && attributes[key] !== null && isEmptyValue(v)) return;
  attributes[key] = toText(v);
}

function isEmptyValue(v: unknown): boolean {
  const parsed = parseLoose(v);
  if (parsed === null || parsed === "") return true;
  if (Array.isArray(parsed)) return parsed.length === 0;
  return isRecord(parsed) && Object.keys(parsed).length === 0;
}

/** Usage counts arrive as numbers or numeric strings; zero usage on spans means "not measured". */
function setNumber(attributes: Record<string, unknown>, key: string, v: unknown): void {
  const n = typeof v === "string" ? Number(v) : v;
  if (typeof n === "number" && Number.isFinite(n) && n > 0 && attributes[key] === undefined)
    attributes[key] = key.startsWith("llm.cost") ? n : Math.round(n);
}

/** Scores attached to observations rather than the trace (evaluations of one generation). */
function observationScoreOutcome(observations: unknown[]) {
  for (const o of observations) {
    if (!isRecord(o) || o.scores === undefined) continue;
    const verdict = scoreOutcome(parseLoose(o.scores));
    if (verdict) return verdict;
  }
  return undefined;
}
