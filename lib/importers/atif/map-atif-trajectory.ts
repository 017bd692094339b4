import type { TStepInput } from "../../trace/schema";
import { type TraceBuilder, isRecord, toText } from "../trace-builder";
import { registerTaskGiver } from "../chat/task-giver";
import { tokens } from "../chat/import-autogen";
import { type AtifDoc, refKeys } from "./atif-shape";

/** Who poses the root trajectory's task (ATIF `source: "user"`). */
export const ATIF_TASK_GIVER = "user";
/** Subagents nest; deeper than this is a broken or hostile file, not a run. */
const MAX_DEPTH = 16;

/** What the walk over one file shares: the builder and the subagent trajectories it can resolve. */
export interface AtifWalk {
  builder: TraceBuilder;
  /** Subagent trajectories by every key a reference may use (see `refKeys` / `docKeys`). */
  byKey: Map<string, AtifDoc>;
  /** Trajectories already mapped (a reference cycle or a repeated reference maps once). */
  mapped: Set<AtifDoc>;
  /** Agent name per mapped trajectory, so two trajectories of one agent name stay two agents. */
  agentOf: Map<AtifDoc, string>;
  copiedSkipped: number;
}

interface Place {
  agent: string;
  /** Step id prefix: "" for the root, "a<k>/" for the k-th subagent trajectory. */
  prefix: string;
  /** The agent that handed this trajectory its task; undefined for the root. */
  delegator?: string;
  /** The delegate step this trajectory runs under. */
  parentId?: string;
  depth: number;
}

/** Maps one trajectory's steps (and, where its observations reference them, its subagents') in order. */
export function mapTrajectory(walk: AtifWalk, doc: AtifDoc, place: Place): void {
  walk.mapped.add(doc);
  walk.agentOf.set(doc, place.agent);
  const sourceKey =
    typeof doc.trajectory_id === "string"
      ? doc.trajectory_id
      : typeof doc.session_id === "string"
        ? doc.session_id
        : "";
  doc.steps.forEach((raw, index) => {
    if (!isRecord(raw)) return walk.builder.warn(`${place.prefix}steps[${index}] is not an object; skipped`);
    // Context a subagent starts with, copied from its parent: already mapped as the parent's steps.
    if (raw.is_copied_context === true) return void walk.copiedSkipped++;
    const stepId = raw.step_id ?? index + 1;
    const id = `${place.prefix}s${String(stepId)}`;
    const base = {
      sourceRef: (place.prefix ? `${sourceKey}#${String(stepId)}` : String(stepId)).slice(0, 256),
      parentId: place.parentId,
      startTime: awareTime(raw.timestamp),
    };
    const message = toText(raw.message);
    if (raw.source === "user") {
      const agent = place.delegator ?? registerTaskGiver(walk.builder, ATIF_TASK_GIVER);
      walk.builder.step({ ...base, id, agent, kind: "message", name: "user", content: message });
    } else if (raw.source === "system") {
      walk.builder.step({ ...base, id, agent: place.agent, kind: "other", name: "system", content: message });
    } else {
      mapAgentStep(walk, raw, id, base, message, place);
    }
    mapObservation(walk, raw, id, base, place);
  });
}

type StepBase = Pick<TStepInput, "sourceRef" | "parentId" | "startTime">;

/** An agent turn: its reasoning, its message (with usage), and one step per tool call. */
function mapAgentStep(
  walk: AtifWalk,
  raw: Record<string, unknown>,
  id: string,
  base: StepBase,
  message: string,
  place: Place,
): void {
  const { builder } = walk;
  if (typeof raw.reasoning_content === "string" && raw.reasoning_content.trim()) {
    builder.step({
      ...base,
      id: `${id}.r`,
      agent: place.agent,
      kind: "thought",
      name: "reasoning",
      content: raw.reasoning_content,
    });
  }
  const metrics = isRecord(raw.metrics) ? raw.metrics : {};
  const model = typeof raw.model_name === "string" ? raw.model_name : undefined;
  builder.step({
    ...base,
    id,
    agent: place.agent,
    kind: "llm",
    name: model ?? "agent",
    content: message,
    tokens: tokens(metrics.prompt_tokens, metrics.completion_tokens),
    costUsd: typeof metrics.cost_usd === "number" && metrics.cost_usd >= 0 ? metrics.cost_usd : undefined,
    attributes: model ? { model_name: model } : undefined,
  });
  const calls = Array.isArray(raw.tool_calls) ? raw.tool_calls.filter(isRecord) : [];
  const results = observationResults(raw).filter((r) => !Array.isArray(r.subagent_trajectory_ref));
  calls.forEach((call, k) => {
    const result = resultOf(call, k, calls.length, results);
    builder.step({
      ...base,
      id: `${id}.c${k}`,
      parentId: id,
      agent: place.agent,
      kind: "tool_call",
      name: toText(call.function_name) || "tool",
      content: result === undefined ? "" : toText(result.content),
      tool: {
        name: toText(call.function_name) || "tool",
        arguments: call.arguments,
        result: result === undefined ? undefined : toText(result.content),
      },
    });
  });
}

/**
 * Observation results no tool call claims are tool results of their own; results that reference
 * subagent trajectories are delegations: a delegate step to the subagent, its steps under it, then
 * what came back.
 */
function mapObservation(walk: AtifWalk, raw: Record<string, unknown>, id: string, base: StepBase, place: Place): void {
  const calls = Array.isArray(raw.tool_calls) ? raw.tool_calls.filter(isRecord) : [];
  const all = observationResults(raw);
  const plain = all.filter((r) => !Array.isArray(r.subagent_trajectory_ref));
  const claimed = new Set(calls.map((call, c) => resultOf(call, c, calls.length, plain)));
  plain.forEach((result, k) => {
    if (raw.source === "agent" && claimed.has(result)) return;
    walk.builder.step({
      ...base,
      id: `${id}.o${k}`,
      agent: place.agent,
      kind: "tool_result",
      name: "observation",
      content: toText(result.content),
    });
  });
  all.forEach((result, k) => {
    if (!Array.isArray(result.subagent_trajectory_ref)) return;
    result.subagent_trajectory_ref
      .filter(isRecord)
      .forEach((ref, j) => delegate(walk, ref, `${id}.d${k}.${j}`, base, place));
    const back = toText(result.content);
    if (back)
      walk.builder.step({
        ...base,
        id: `${id}.b${k}`,
        agent: place.agent,
        kind: "tool_result",
        name: "subagent result",
        content: back,
      });
  });
}

function delegate(walk: AtifWalk, ref: Record<string, unknown>, id: string, base: StepBase, place: Place): void {
  const doc = refKeys(ref)
    .map((key) => walk.byKey.get(key))
    .find((d) => d !== undefined);
  runSubagent(walk, doc, doc ? subagentName(walk, doc) : refName(ref), id, base, place);
}

/** A subagent trajectory no step references still ran for the root agent: a delegation at the end. */
export function delegateUnreferenced(walk: AtifWalk, doc: AtifDoc, rootAgent: string): void {
  const k = walk.mapped.size;
  runSubagent(
    walk,
    doc,
    subagentName(walk, doc),
    `u${k}`,
    { sourceRef: undefined },
    { agent: rootAgent, prefix: "", depth: 0 },
  );
}

function runSubagent(
  walk: AtifWalk,
  doc: AtifDoc | undefined,
  target: string,
  id: string,
  base: StepBase,
  place: Place,
): void {
  walk.builder.step({ ...base, id, agent: place.agent, kind: "delegate", name: "subagent", content: "", target });
  if (!doc)
    return walk.builder.warn(`${id}: the subagent trajectory ${target} is not in the file; the delegation is kept`);
  if (walk.mapped.has(doc) || place.depth >= MAX_DEPTH) {
    return walk.builder.warn(`${id}: subagent trajectory ${target} already mapped or nested too deep`);
  }
  mapTrajectory(walk, doc, {
    agent: target,
    prefix: `a${walk.mapped.size}/`,
    delegator: place.agent,
    parentId: id,
    depth: place.depth + 1,
  });
}

/** The subagent's agent name; a second trajectory of the same name keeps its own agent. */
export function subagentName(walk: AtifWalk, doc: AtifDoc): string {
  const named =
    isRecord(doc.agent) && typeof doc.agent.name === "string" && doc.agent.name.trim()
      ? doc.agent.name.trim()
      : "subagent";
  const taken = [...walk.agentOf.values()].includes(named);
  const own =
    typeof doc.trajectory_id === "string"
      ? doc.trajectory_id
      : typeof doc.session_id === "string"
        ? doc.session_id
        : String(walk.mapped.size);
  return taken ? `${named} (${own})` : named;
}

function refName(ref: Record<string, unknown>): string {
  if (typeof ref.trajectory_path === "string" && ref.trajectory_path)
    return ref.trajectory_path.replace(/^.*[\\/]/, "").replace(/\.json$/i, "");
  return toText(ref.trajectory_id ?? ref.session_id) || "subagent";
}

function observationResults(raw: Record<string, unknown>): Record<string, unknown>[] {
  const observation = isRecord(raw.observation) ? raw.observation : undefined;
  return observation && Array.isArray(observation.results) ? observation.results.filter(isRecord) : [];
}

/** A call's result: the one naming its id, else (one call, one unnamed result) that result. */
function resultOf(
  call: Record<string, unknown>,
  k: number,
  calls: number,
  results: Record<string, unknown>[],
): Record<string, unknown> | undefined {
  const named = results.find(
    (r) => r.source_call_id !== undefined && r.source_call_id !== null && r.source_call_id === call.tool_call_id,
  );
  if (named) return named;
  const unnamed = results.filter((r) => r.source_call_id === undefined || r.source_call_id === null);
  return calls === 1 && k === 0 && unnamed.length === 1 ? unnamed[0] : undefined;
}

/** ISO times with an offset only: a naive local time says nothing about when it happened. */
function awareTime(value: unknown): string | undefined {
  if (typeof value !== "string" || !/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
