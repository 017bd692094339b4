import type { TOutcome, TStepInput, TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder } from "../trace-builder";
import { STATE_READS_ATTR, STATE_WRITES_ATTR } from "../edges/state-keys";
import { jsonObjectKeys, memoryToolAccess } from "../state-access";
import { compareNano, nanoToIso, type DecodedSpan } from "./decoded-span";
import { buildSpanTree } from "./span-tree";
import { explicitAgentName, fallbackAgentName, isAnonymousAgentSpan, isMethodName } from "./span-agent";
import { spanStepKind } from "./span-step-kind";
import { spanPayload } from "./span-content";
import { containerAgents, sessionAgent } from "./span-containers";
import { resolveHandoffs } from "./resolve-handoffs";
import { relaySteps } from "./span-relay";
import { spanEvaluationOutcome } from "./span-evaluations";
import { canonicalStep } from "../canonical-order";
import { CONTAINER_ATTR, RELAY_ATTR } from "../span-markers";
import { OBSERVATION_AT } from "../../trace/canonical-attributes";
import { isSmolagentsStep } from "./smolagents-agent";

/** Marks steps whose agent was inferred from time containment rather than the span tree. */
export const AGENT_SOURCE_ATTR = "culprit.agent_source";
const MEMORY_KEY_ATTRS = [
  "gen_ai.memory.key",
  "gen_ai.memory.id",
  "gen_ai.memory.namespace",
  "gen_ai.memory.store.name",
  "gen_ai.memory.store.id",
  "memory.key",
];
const SPAN_KIND_NAMES = ["unspecified", "internal", "server", "client", "producer", "consumer"];

/** Per-span agent bookkeeping while `mapSpans` walks the spans in order. */
interface AgentWalk {
  spans: readonly DecodedSpan[];
  parent: Int32Array;
  rootName: string | undefined;
  explicitOf: (string | undefined)[];
  /** Per span: the first agent below it when it is a container (see `containerAgents`). */
  containerAgent: (string | undefined)[];
  /** Per span: the agent of an SDK session span with children (see `sessionAgent`). */
  sessionOf: (string | undefined)[];
  underAgent: boolean[];
  agentOf: string[];
  /** Spans that define an agent, in start order. */
  agentSpans: number[];
  inferredByTime: number;
}

/**
 * Maps decoded spans (from OTLP/JSON files or a live OTLP receiver) to a trace input: one step
 * per span in global time order, `sourceRef` = span id, agents resolved from attributes or
 * inherited from the nearest agent ancestor. Takes ownership of the spans: their attribute
 * records may become the steps' attributes.
 */
export function mapSpans(decoded: readonly DecodedSpan[]): TTraceInput {
  if (decoded.length === 0) throw new TraceInputError("bad_input", "The OTLP input contains no spans");
  const tree = buildSpanTree(decoded);
  const { spans, ids, parent } = tree;
  const builder = new TraceBuilder();
  for (const w of tree.warnings) builder.warn(w);
  const walk = startWalk(spans, parent);
  const traceIds = new Set<string>();
  let lastTraceId: string | undefined;
  let outcome: TOutcome = "unknown";
  let outcomeFromEval = false;
  // The first root span's input and output are the run's task and final answer.
  let rootPayload: { input?: string; content?: string } | undefined;

  for (let i = 0; i < spans.length; i++) {
    const span = spans[i];
    const p = parent[i];
    if (span.traceId && span.traceId !== lastTraceId) {
      lastTraceId = span.traceId; // one trace per file is the rule: skip the set for repeats
      traceIds.add(span.traceId);
    }
    const { explicit, timeInferred } = resolveAgent(walk, builder, i);
    const step = spanStep(span, ids, i, p, walk.agentOf);
    if (p < 0 && rootPayload === undefined) rootPayload = { input: step.input, content: step.content };
    // A plain span that returns its input unchanged (a channel write, a graph's start node) handed
    // it on and said nothing of its own; its input keeps the text.
    if (step.kind === "other" && step.content && step.content.trim() === step.input?.trim()) step.content = "";
    if (explicit !== undefined && p >= 0 && walk.agentOf[p] !== walk.agentOf[i] && step.kind === "other")
      step.kind = "agent";
    if (walk.containerAgent[i] !== undefined || walk.sessionOf[i] !== undefined) {
      if (step.kind === "agent") step.kind = "other"; // it invokes no agent of its own
      step.attributes = { ...step.attributes, [CONTAINER_ATTR]: true };
    }
    if (timeInferred) step.attributes = { ...step.attributes, [AGENT_SOURCE_ATTR]: "time-containment" };
    addStateAccess(step, span, p >= 0 ? walk.explicitOf[p] : undefined, explicit);
    builder.step(step, true); // the span tree made ids unique

    const verdict = spanEvaluationOutcome(span);
    if (verdict) {
      outcome = verdict;
      outcomeFromEval = true;
    } else if (!outcomeFromEval && p < 0 && i === firstRoot(parent)) {
      outcome = span.statusCode === 2 ? "failure" : span.statusCode === 1 ? "success" : "unknown";
    }
  }
  const relay = relaySteps(builder.steps, parent); // one step per span, in span order
  for (let i = 0; i < relay.length; i++)
    if (relay[i]) builder.steps[i].attributes = { ...builder.steps[i].attributes, [RELAY_ATTR]: true };
  resolveHandoffs(builder.steps, new Set(walk.agentOf), canonicalStep);
  if (walk.inferredByTime) {
    const spans = `${walk.inferredByTime} span(s)`;
    builder.warn(`${spans} outside any agent subtree were given the agent whose span encloses them in time`);
  }
  if (traceIds.size > 1) builder.warn(`the file holds ${traceIds.size} traces; they were imported as one run`);
  return buildRun(builder, spans, parent, { traceIds, outcome, rootPayload });
}

function startWalk(spans: readonly DecodedSpan[], parent: Int32Array): AgentWalk {
  const explicitOf = spans.map(explicitAgentName);
  // Agents a wrapper may run: named ones, and anonymous agent spans named by their span (LangChain's
  // AgentExecutor under a harness's `main` span).
  const containerAgent = containerAgents(
    spans,
    parent,
    explicitOf,
    spans.map(
      (span, i) =>
        explicitOf[i] ?? (isAnonymousAgentSpan(span) && span.name && !isMethodName(span.name) ? span.name : undefined),
    ),
  );
  const hasChildren = new Uint8Array(spans.length);
  for (let i = 0; i < spans.length; i++) if (parent[i] >= 0) hasChildren[parent[i]] = 1;
  const sessionOf = spans.map((span, i) =>
    hasChildren[i] && containerAgent[i] === undefined ? sessionAgent(span) : undefined,
  );
  return {
    spans,
    parent,
    rootName: spans.find((_, i) => parent[i] < 0)?.name,
    explicitOf,
    containerAgent,
    sessionOf,
    underAgent: new Array(spans.length).fill(false),
    agentOf: new Array(spans.length),
    agentSpans: [],
    inferredByTime: 0,
  };
}

/** Settles span i's agent (registering it) and whether the span is inside an agent's subtree. */
function resolveAgent(
  w: AgentWalk,
  builder: TraceBuilder,
  i: number,
): { explicit: string | undefined; timeInferred: boolean } {
  const span = w.spans[i];
  const p = w.parent[i];
  const container = w.containerAgent[i];
  // A container is filed under the first agent it runs, and names no agent of its own; an SDK session
  // span under the agent whose run it is.
  const explicit = container ?? w.explicitOf[i];
  const anonymousAgent = container === undefined && isAnonymousAgentSpan(span);
  // Anonymous agent spans (LangChain runnables marked AGENT) nested in an agent belong to it.
  let agent: string;
  let timeInferred = false;
  if (explicit !== undefined) agent = explicit;
  else if (p >= 0 && w.underAgent[p]) agent = w.agentOf[p];
  else if (anonymousAgent && span.name && !isMethodName(span.name)) agent = span.name;
  else if (p < 0 && w.sessionOf[i] !== undefined) agent = w.sessionOf[i]!;
  else {
    // Outside every agent subtree: instrumentations that lose context (an OpenAI client span
    // parented to the root instead of the LangChain call) still run inside an agent's time span.
    const enclosing = p >= 0 ? containingAgentSpan(w.spans, w.agentSpans, span) : -1;
    if (enclosing >= 0) {
      agent = w.agentOf[enclosing];
      w.inferredByTime++;
      timeInferred = true;
    } else agent = p >= 0 ? w.agentOf[p] : fallbackAgentName(span, w.rootName);
  }
  if (container !== undefined) w.underAgent[i] = false;
  else {
    const parentAgent = p >= 0 ? w.agentOf[p] : agent;
    w.underAgent[i] =
      explicit !== undefined ||
      (p >= 0 && w.underAgent[p]) ||
      (anonymousAgent && span.name !== "") ||
      agent !== parentAgent;
    if (explicit !== undefined || (!(p >= 0 && w.underAgent[p]) && anonymousAgent)) w.agentSpans.push(i);
  }
  w.agentOf[i] = builder.agent(agent, container === undefined ? agentExtras(span, explicit === agent) : undefined);
  return { explicit, timeInferred };
}

/** The step of span i, filed under its settled agent: content only, ids and times in their fields. */
function spanStep(
  span: DecodedSpan,
  ids: readonly string[],
  i: number,
  p: number,
  agentOf: readonly string[],
): TStepInput {
  const kind = spanStepKind(span);
  const payload = spanPayload(span, kind === "tool_call");
  return {
    id: ids[i],
    sourceRef: span.spanId ?? ids[i],
    agent: agentOf[i],
    kind,
    name: span.name || undefined,
    input: payload.input,
    content: payload.content,
    tool: payload.tool,
    status: span.statusCode === 2 || payload.error ? "error" : span.statusCode === 1 ? "ok" : "unset",
    error: payload.error,
    tokens: payload.tokens,
    costUsd: payload.costUsd,
    startTime: span.start ? nanoToIso(span.start) : undefined,
    endTime: span.end ? nanoToIso(span.end) : undefined,
    parentId: p >= 0 ? ids[p] : undefined,
    attributes: observedStep(span, payload.content, stepAttributes(span, payload.consumed)),
  };
}

/** A smolagents step span's output is what the step observed: marked so from its first character. */
function observedStep(
  span: DecodedSpan,
  content: string | undefined,
  attributes: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!content || !isSmolagentsStep(span)) return attributes;
  return { ...attributes, [OBSERVATION_AT]: 0 };
}

interface RunFacts {
  traceIds: Set<string>;
  outcome: TOutcome;
  rootPayload: { input?: string; content?: string } | undefined;
}

function buildRun(
  builder: TraceBuilder,
  spans: readonly DecodedSpan[],
  parent: Int32Array,
  facts: RunFacts,
): TTraceInput {
  const roots = spans.filter((_, i) => parent[i] < 0);
  const first = spans[0];
  const lastEnd = spans.reduce(
    (acc, s) =>
      s.end && (!acc || s.end.ms > acc.ms || (s.end.ms === acc.ms && s.end.subNs > acc.subNs)) ? s.end : acc,
    undefined as DecodedSpan["end"],
  );
  return builder.build({
    title: roots[0]?.name || undefined,
    system:
      typeof first.resource["service.name"] === "string"
        ? (first.resource["service.name"] as string).slice(0, 256)
        : undefined,
    task: facts.rootPayload?.input || undefined,
    outcome: facts.outcome,
    finalAnswer: facts.rootPayload?.content || undefined,
    startedAt: first.start ? nanoToIso(first.start) : undefined,
    endedAt: lastEnd ? nanoToIso(lastEnd) : undefined,
    sourceFormat: "otlp",
    attributes: { "otel.trace_ids": [...facts.traceIds], "otel.resource": first.resource },
  });
}

/** Most recent agent-defining span whose time interval encloses `span` (bounded search). */
function containingAgentSpan(spans: readonly DecodedSpan[], agentSpans: readonly number[], span: DecodedSpan): number {
  if (!span.start || !span.end) return -1;
  for (let k = agentSpans.length - 1, checked = 0; k >= 0 && checked < 200; k--, checked++) {
    const a = spans[agentSpans[k]];
    if (
      a.traceId === span.traceId &&
      a.start &&
      a.end &&
      compareNano(a.start, span.start) <= 0 &&
      compareNano(a.end, span.end) >= 0
    )
      return agentSpans[k];
  }
  return -1;
}

function firstRoot(parent: Int32Array): number {
  for (let i = 0; i < parent.length; i++) if (parent[i] < 0) return i;
  return -1;
}

function agentExtras(span: DecodedSpan, isDefiningSpan: boolean) {
  if (!isDefiningSpan) return undefined;
  const a = span.attributes;
  const description = a["gen_ai.agent.description"];
  const attributes: Record<string, unknown> = {};
  for (const key of [
    "gen_ai.agent.id",
    "gen_ai.agent.version",
    "gen_ai.provider.name",
    "gen_ai.request.model",
    "graph.node.id",
  ])
    if (a[key] !== undefined) attributes[key] = a[key];
  return {
    description: typeof description === "string" ? description : undefined,
    attributes: Object.keys(attributes).length ? attributes : undefined,
  };
}

/**
 * Everything not moved into a field stays, plus span kind, scope, events and links. When nothing
 * was consumed the span's own attribute record becomes the step's (the decoded span is not used
 * again), which saves a copy per span; keys keep their order either way.
 */
function stepAttributes(span: DecodedSpan, consumed: string[]): Record<string, unknown> | undefined {
  let out = span.attributes;
  if (consumed.length) {
    // Skip consumed keys while copying: `delete` would turn the record into a slow dictionary.
    out = {};
    for (const key in span.attributes) if (!consumed.includes(key)) out[key] = span.attributes[key];
  }
  if (span.kind) out["otel.span_kind"] = SPAN_KIND_NAMES[span.kind] ?? span.kind;
  if (span.scope?.name) out["otel.scope"] = span.scope.name;
  if (span.traceId) out["otel.trace_id"] = span.traceId;
  if (span.statusMessage && span.statusCode !== 2) out["otel.status_message"] = span.statusMessage;
  if (span.events.length)
    out["otel.events"] = span.events.map((e) => ({
      name: e.name,
      time: e.time ? nanoToIso(e.time) : undefined,
      attributes: e.attributes,
    }));
  if (span.links.length) out["otel.links"] = span.links;
  for (const _ in out) return out;
  return undefined;
}

function addStateAccess(
  step: TStepInput,
  span: DecodedSpan,
  parentExplicit: string | undefined,
  explicit: string | undefined,
): void {
  if (step.kind === "state_read" || step.kind === "state_write") {
    const keyAttr = MEMORY_KEY_ATTRS.find((k) => typeof span.attributes[k] === "string" && span.attributes[k] !== "");
    step.state = {
      op: step.kind === "state_read" ? "read" : "write",
      key: keyAttr ? String(span.attributes[keyAttr]).slice(0, 256) : "memory",
    };
    return;
  }
  if (step.tool) {
    const access = memoryToolAccess(step.tool.name, step.tool.arguments ?? step.input);
    if (access && access.key) {
      step.state = access;
      return;
    }
  }
  // A LangGraph node's top span: its input is the state it read, its output the channels it wrote.
  const node = span.attributes["langgraph_node"] ?? span.attributes["metadata.langgraph_node"];
  if (span.attributes[STATE_READS_ATTR] !== undefined || span.attributes[STATE_WRITES_ATTR] !== undefined) return; // set by the source
  const isNodeTop =
    explicit !== undefined &&
    (node === explicit || span.attributes["graph.node.id"] !== undefined) &&
    parentExplicit !== explicit;
  if (!isNodeTop) return;
  const writes = jsonObjectKeys(step.content);
  const reads = jsonObjectKeys(step.input);
  if (writes.length || reads.length) {
    step.attributes = {
      ...step.attributes,
      ...(reads.length ? { [STATE_READS_ATTR]: reads } : {}),
      ...(writes.length ? { [STATE_WRITES_ATTR]: writes } : {}),
    };
  }
}
