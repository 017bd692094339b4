import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { isRecord, toText } from "../trace-builder";
import type { DecodedSpan } from "../otlp/decoded-span";
import { mapSpans } from "../otlp/map-spans";
import { isoToNano } from "../iso-time";
import { flattenRuns, type FlatRun } from "./flatten-runs";
import { STATE_READS_ATTR, STATE_WRITES_ATTR } from "../edges/state-keys";
import { isLangSmithBatch, mergeIngestBatch } from "./merge-ingest-batch";

/** LangSmith run types → OpenInference span kinds, so the OTLP mapping applies unchanged. */
const RUN_TYPE_TO_KIND: Record<string, string> = {
  llm: "LLM",
  chain: "CHAIN",
  tool: "TOOL",
  retriever: "RETRIEVER",
  embedding: "EMBEDDING",
  prompt: "PROMPT",
  parser: "CHAIN",
};
const MAPPED = new Set([
  "id",
  "run_id",
  "name",
  "run_type",
  "start_time",
  "end_time",
  "inputs",
  "outputs",
  "error",
  "extra",
  "child_runs",
  "parent_run_id",
  "trace_id",
  "dotted_order",
  "prompt_tokens",
  "completion_tokens",
  "total_tokens",
  "total_cost",
  "status",
  "child_run_ids",
  "direct_child_run_ids",
  "parent_run_ids",
]);

/**
 * Maps LangSmith runs — a list (`list_runs`), `{runs[]}`, JSONL lines, or a run tree with nested
 * `child_runs` — by turning runs into decoded spans and reusing the OTLP mapping. Hierarchy comes
 * from `parent_run_id`, else from `dotted_order`; `extra.metadata.langgraph_node` names agents.
 */
export function importLangSmith(value: unknown): TTraceInput {
  const roots = isLangSmithBatch(value)
    ? mergeIngestBatch(value)
    : Array.isArray(value)
      ? value
      : isRecord(value) && Array.isArray(value.runs)
        ? value.runs
        : isRecord(value)
          ? [value]
          : undefined;
  if (!roots)
    throw new TraceInputError(
      "schema",
      "Not LangSmith runs: expected a run, a list of runs, {runs[]} or an ingest batch {post[], patch[]}",
      {
        issues: [{ path: "(root)", message: "expected runs" }],
      },
    );
  const runs = flattenRuns(roots);
  if (runs.length === 0) throw new TraceInputError("bad_input", "The LangSmith export contains no runs");
  // A forced --format langsmith must still refuse what is not runs, rather than map any object to one empty step.
  if (!runs.some((r) => looksLikeRun(r.run))) {
    throw new TraceInputError(
      "schema",
      "Not LangSmith runs: no object has a run's fields (run_type, dotted_order, or an id with name and start_time, inputs or child_runs)",
      {
        issues: [{ path: runs[0].path, message: "missing run_type / dotted_order / id+name" }],
      },
    );
  }
  const ownUsage = leafUsage(runs);
  const input = mapSpans(runs.map((r, i) => runToSpan(r, ownUsage[i])));
  const root = runs.find((r) => r.parentId === undefined)?.run;
  input.run = {
    ...input.run,
    title: root && typeof root.name === "string" ? root.name : input.run.title,
    task: root?.inputs != null ? toText(root.inputs) : undefined,
    finalAnswer: root?.outputs != null ? toText(root.outputs) : undefined,
    // A root error means the run failed; success of the task itself is not recorded by LangSmith.
    outcome: root?.error ? "failure" : "unknown",
    sourceFormat: "langsmith",
    attributes: root
      ? { trace_id: root.trace_id, session_id: root.session_id, feedback_stats: root.feedback_stats }
      : undefined,
  };
  return input;
}

/** Fields that make an object a LangSmith run rather than any JSON object. */
function looksLikeRun(run: Record<string, unknown>): boolean {
  if (typeof run.run_type === "string" || typeof run.dotted_order === "string") return true;
  const id = typeof run.id === "string" || typeof run.run_id === "string";
  return (
    id && typeof run.name === "string" && ("start_time" in run || "inputs" in run || Array.isArray(run.child_runs))
  );
}

function hasUsage(run: Record<string, unknown>): boolean {
  return (
    ["prompt_tokens", "completion_tokens", "total_tokens"].some(
      (k) => run[k] !== undefined && run[k] !== null && Number(run[k]) > 0,
    ) || outputUsage(run) !== undefined
  );
}

function hasRunUsage(run: Record<string, unknown>): boolean {
  return ["prompt_tokens", "completion_tokens", "total_tokens"].some((k) => run[k] !== undefined && run[k] !== null);
}

/**
 * Token usage an LLM run reports in its outputs (`outputs.usage_metadata {input_tokens,
 * output_tokens, total_tokens}`, LangSmith's convention for traced model calls): what the SDK
 * sends in ingest bodies, before the server fills in the run-level counts.
 */
function outputUsage(run: Record<string, unknown>): Record<string, number> | undefined {
  if (run.run_type !== "llm" || !isRecord(run.outputs) || !isRecord(run.outputs.usage_metadata)) return undefined;
  const u = run.outputs.usage_metadata;
  const out: Record<string, number> = {};
  for (const [from, to] of [
    ["input_tokens", "prompt_tokens"],
    ["output_tokens", "completion_tokens"],
    ["total_tokens", "total_tokens"],
  ] as const) {
    if (typeof u[from] === "number" && Number.isInteger(u[from]) && (u[from] as number) >= 0)
      out[to] = u[from] as number;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * Whether each run's own token counts are its own. LangSmith rolls usage up: a chain run's
 * \`total_tokens\` is the sum over its descendants, so counting it too would count every token twice.
 * A run's usage counts only when no descendant reports usage (the leaves, or a parent whose
 * children carry none).
 */
function leafUsage(runs: readonly FlatRun[]): boolean[] {
  const indexById = new Map<string, number>();
  runs.forEach((r, i) => r.id !== undefined && indexById.set(r.id, i));
  const descendantHasUsage = new Array<boolean>(runs.length).fill(false);
  runs.forEach((r) => {
    if (!hasUsage(r.run)) return;
    // Walk up the parents; stop at one already marked (its ancestors are marked too), bounded by the run count.
    let p = r.parentId === undefined ? undefined : indexById.get(r.parentId);
    for (let hops = 0; p !== undefined && !descendantHasUsage[p] && hops < runs.length; hops++) {
      descendantHasUsage[p] = true;
      const up = runs[p].parentId;
      p = up === undefined ? undefined : indexById.get(up);
    }
  });
  return descendantHasUsage.map((d) => !d);
}

function runToSpan({ run, id, parentId, path }: FlatRun, ownUsage: boolean): DecodedSpan {
  const extra = isRecord(run.extra) ? run.extra : {};
  const metadata = isRecord(extra.metadata) ? extra.metadata : {};
  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(metadata))
    attributes[k.startsWith("langgraph_") || k.startsWith("gen_ai.") ? k : `metadata.${k}`] = v;
  for (const [k, v] of Object.entries(run))
    if (!MAPPED.has(k) && v !== null && v !== undefined) attributes[`langsmith.${k}`] = v;
  for (const [k, v] of Object.entries(extra)) if (k !== "metadata") attributes[`langsmith.extra.${k}`] = v;
  const runType = typeof run.run_type === "string" ? run.run_type : "chain";
  attributes["openinference.span.kind"] = RUN_TYPE_TO_KIND[runType] ?? "CHAIN";
  attributes["langsmith.run_type"] = runType;
  if (run.inputs != null) attributes["input.value"] = llmText(run.inputs);
  if (run.outputs != null) attributes["output.value"] = llmText(run.outputs);
  if (runType === "tool" && typeof run.name === "string") attributes["tool.name"] = run.name;
  // A LangGraph node's own run: its inputs are the state channels it read, its outputs the ones it wrote.
  if (typeof metadata.langgraph_node === "string" && metadata.langgraph_node === run.name) {
    if (isRecord(run.inputs) && Object.keys(run.inputs).length) attributes[STATE_READS_ATTR] = Object.keys(run.inputs);
    if (isRecord(run.outputs) && Object.keys(run.outputs).length)
      attributes[STATE_WRITES_ATTR] = Object.keys(run.outputs);
  }
  const reported = hasRunUsage(run) ? undefined : outputUsage(run);
  for (const [from, to] of [
    ["prompt_tokens", "llm.token_count.prompt"],
    ["completion_tokens", "llm.token_count.completion"],
    ["total_tokens", "llm.token_count.total"],
    ["total_cost", "llm.cost.total"],
  ] as const) {
    // Rolled-up usage of a parent stays visible as a source attribute, but is not the run's own.
    if (!ownUsage) {
      if (run[from] !== undefined && run[from] !== null) attributes[`langsmith.${from}`] = run[from];
      continue;
    }
    const value = run[from] ?? reported?.[from];
    const n = typeof value === "string" ? Number(value) : value;
    if (typeof n === "number" && Number.isFinite(n) && n >= 0) attributes[to] = n;
  }
  const error = run.error != null && run.error !== "" ? toText(run.error) : undefined;
  return {
    traceId: typeof run.trace_id === "string" ? run.trace_id : undefined,
    spanId: id,
    parentSpanId: parentId,
    name: typeof run.name === "string" ? run.name : "",
    kind: 0,
    start: runTime(run.start_time),
    end: runTime(run.end_time),
    attributes,
    events: error
      ? [
          {
            name: "exception",
            attributes: { "exception.message": error, "exception.type": error.split(":")[0].slice(0, 100) },
          },
        ]
      : [],
    links: [],
    statusCode: error || run.status === "error" ? 2 : run.status === "success" ? 1 : 0,
    statusMessage: error,
    resource: {},
    path,
  };
}

/** Run times are ISO strings in exports, epoch milliseconds in the JS SDK's ingest bodies. */
function runTime(value: unknown) {
  if (typeof value === "number" && Number.isFinite(value) && value > 0)
    return { ms: Math.floor(value), subNs: Math.round((value % 1) * 1e6) };
  return isoToNano(value);
}

/** Readable text of a run's inputs/outputs: the lone string field when there is one, else JSON. */
function llmText(io: unknown): string {
  if (isRecord(io)) {
    const keys = Object.keys(io);
    if (keys.length === 1 && typeof io[keys[0]] === "string") return io[keys[0]] as string;
    // LLM outputs: {generations: [[{text}]]}
    const gens = io.generations;
    if (Array.isArray(gens)) {
      const texts = gens
        .flat()
        .map((g) => (isRecord(g) && typeof g.text === "string" ? g.text : ""))
        .filter(Boolean);
      if (texts.length) return texts.join("\n\n");
    }
  }
  return toText(io);
}
