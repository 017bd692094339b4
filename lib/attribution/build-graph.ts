/**
 * Turns a `TTrace` into the compact indexed graph every algorithm works on: steps by index, CSR
 * adjacency in both directions, per-edge weights and "transmits" flags, text features, and the sink.
 * Edges always point forward in step order (backward edges would make cycles and are dropped with a
 * warning), so index order is a topological order and every pass is O(V + E).
 */
import { speakerNamePattern } from "./claims/speaker-names";
import type { TEdgeKind, TStep, TTrace } from "../trace/schema";
import type { EngineConfig } from "./types";
import { jaccard, textFeatures, type TextFeatures } from "./text-features";
import { observationAt } from "../trace/canonical-attributes";
import { invokerOf, layoutWrappers } from "./wrapper-layout";
import { edgeId } from "./edge-ids";
import { runTerminationOf } from "../trace/run-termination";

export interface GraphEdge {
  id: string;
  from: number;
  to: number;
  kind: TEdgeKind;
  key?: string;
  evidence: string;
  confidence: number;
  /** Token overlap between the two steps' texts. */
  overlap: number;
  /** Whether corruption crosses this edge in the Boolean model. */
  transmits: boolean;
  /** Weight for the probabilistic model and the backward flows: prior(kind) · confidence · overlap factor. */
  weight: number;
}

export interface EngineGraph {
  trace: TTrace;
  n: number;
  /** Steps in causal order: the trace's order, except that agent wrappers follow their children (see `wrapper-layout.ts`). */
  steps: TStep[];
  /** Graph position → index in `trace.steps`. */
  traceIndex: Int32Array;
  /** By position: 1 for an agent step with children, whose text is its output. */
  wrapper: Uint8Array;
  /** By position: the position of the step's parent (`parentId`), or −1. */
  parent: Int32Array;
  indexOf: Map<string, number>;
  agentNames: string[];
  agentOf: Int32Array;
  edges: GraphEdge[];
  inStart: Int32Array;
  inEdges: Int32Array;
  outStart: Int32Array;
  outEdges: Int32Array;
  features: TextFeatures[];
  /** The run's speaker names that hold a digit, as one pattern (`claims/speaker-names.ts`), or null. */
  speakerNames: RegExp | null;
  /** Index of the step that carries the run's outcome (last `final` step, else the last step). */
  sink: number;
  /** Whether the trace stated no edges and the engine assumed consecutive message edges. */
  edgesInferred: boolean;
  /** Agents whose steps are mostly tool results (terminals, executors): they run what they are given. */
  toolAgents: Set<number>;
  /** Agents whose name, role or description says they check others' work. */
  verifierAgents: Set<number>;
  /**
   * Agents the importer marked `kind: "task_giver"` (whoever poses the task: a chat's user, a
   * dataset's human): their messages are the task, not claims. The engine never guesses it from names.
   */
  taskGivers: Set<number>;
  /**
   * The step holding an answer the harness forced after a budget or a crash stopped the run (see
   * `lib/trace/run-termination.ts`), or −1: it speaks for the harness, not for the agent it is
   * filed under, so it is no agent's utterance.
   */
  forcedAnswer: number;
  /**
   * By position: 1 for text a harness wrote (a templated round announcement, a relay of other
   * speakers' answers, see `model/scaffolding.ts`): evidence others read, no agent's utterance.
   * Set after the graph is built (`markParticipants`).
   */
  scaffold: Uint8Array;
  /**
   * A task giver that keeps conversing with one agent across the run (`model/simulated-user.ts`), or
   * −1. What it says stays the requirement (it remains a task giver), but its turns are work that can
   * be wrong: candidates, suspects, and chances to err for the exposure prior. Set by `markParticipants`.
   */
  simulatedUser: number;
  ablated?: ReadonlySet<string>; // rules left out for measurement: `EngineConfig.ablate`, see `markAblated`
  warnings: string[];
}

/** Text a step exposes to others: its content, else the tool result, else the tool arguments. */
export function stepText(step: TStep): string {
  // Most steps have content only; asked for dozens of times per step, they are not copied each time.
  if (!step.tool?.result && !step.error?.message && !step.state?.value) return step.content;
  const parts = [step.content];
  if (step.tool?.result) parts.push(step.tool.result);
  if (step.error?.message) parts.push(step.error.message);
  if (step.state?.value) parts.push(step.state.value);
  return parts.join("\n");
}

/**
 * A step's text with each part once: a tool step's content often repeats its result, and a total
 * over what a source lists must not count a one-row table twice.
 */
export function stepTextOnce(step: TStep): string {
  const parts = [step.content];
  for (const part of [step.tool?.result, step.error?.message, step.state?.value])
    if (part && !parts.includes(part)) parts.push(part);
  return parts.join("\n");
}

/** The first sentence of a description ("You are a code reviewer. …"): the role it states, not every duty it lists. */
const firstSentence = (text: string) => /^[^.!?\n]{0,200}/.exec(text.trimStart())![0];
const VERIFIER_RE = /verif|review|critic|check|\bqa\b|tester|validat|audit|judge|inspect/i;

export function buildGraph(trace: TTrace, config: EngineConfig): EngineGraph {
  const layout = layoutWrappers(trace.steps);
  const steps = Array.from(layout.order, (i) => trace.steps[i]);
  const n = steps.length;
  const warnings: string[] = [];
  const indexOf = new Map<string, number>();
  steps.forEach((s, i) => indexOf.set(s.id, i));

  const agentNames = trace.agents.map((a) => a.name);
  const agentIndex = new Map(agentNames.map((a, i) => [a, i]));
  for (const s of steps) if (!agentIndex.has(s.agent)) agentIndex.set(s.agent, agentNames.push(s.agent) - 1);
  const agentOf = new Int32Array(n);
  steps.forEach((s, i) => (agentOf[i] = agentIndex.get(s.agent)!));

  const speakerNames = speakerNamePattern(agentNames);
  const features = steps.map((s) => textFeatures(stepText(s), observationAt(s.attributes), speakerNames));

  const raw = statedOrInferredEdges(trace, steps, layout, agentOf, indexOf, warnings);
  addReturnEdges(steps, layout.parent, layout.wrapper, raw);
  if (trace.edges.length > 0) addMemoryEdges(steps, agentOf, raw);

  const edges = weighEdges(raw, features, config);
  const { start: inStart, list: inEdges } = csr(n, edges, (e) => e.to);
  const { start: outStart, list: outEdges } = csr(n, edges, (e) => e.from);

  const sink = sinkOf(steps);
  const { toolAgents, verifierAgents, taskGivers } = agentRoles(trace, steps, agentOf, agentNames);
  const forcedAnswer = forcedAnswerStep(trace, steps);
  return {
    trace,
    n,
    steps,
    traceIndex: layout.order,
    wrapper: layout.wrapper,
    parent: layout.parent,
    indexOf,
    agentNames,
    agentOf,
    edges,
    inStart,
    inEdges,
    outStart,
    outEdges,
    features,
    speakerNames,
    sink,
    edgesInferred: trace.edges.length === 0,
    toolAgents,
    taskGivers,
    verifierAgents,
    forcedAnswer,
    scaffold: new Uint8Array(n),
    simulatedUser: -1,
    warnings,
  };
}

type RawEdge = Omit<GraphEdge, "overlap" | "transmits" | "weight">;
type Layout = ReturnType<typeof layoutWrappers>;

/** The trace's own edges in step order (a wrapper's delegation anchored before its children), or consecutive messages. */
function statedOrInferredEdges(
  trace: TTrace,
  steps: TTrace["steps"],
  layout: Layout,
  agentOf: Int32Array,
  indexOf: Map<string, number>,
  warnings: string[],
): RawEdge[] {
  const raw: RawEdge[] = [];
  const n = steps.length;
  let positionsByAgent: Int32Array[] | undefined;
  if (trace.edges.length > 0) {
    trace.edges.forEach((e, i) => {
      const from = indexOf.get(e.from);
      const to = indexOf.get(e.to);
      if (from === undefined || to === undefined) return;
      if (from >= to && layout.wrapper[from]) {
        // A delegation issued by a wrapper now listed after its children: anchor it to the work before it.
        const anchor = latestOwnStepBefore((positionsByAgent ??= groupByAgent(agentOf)), agentOf, from, to);
        if (anchor >= 0)
          raw.push({
            id: edgeId("stated", i),
            from: anchor,
            to,
            kind: e.kind,
            key: e.key,
            evidence: `${e.evidence} (anchored at ${steps[anchor].agent}'s latest step before it)`,
            confidence: e.confidence,
          });
        return;
      }
      if (from >= to) {
        warnings.push(
          `edge ${edgeId("stated", i)} (${e.from} → ${e.to}) points backward in step order and was ignored`,
        );
        return;
      }
      raw.push({
        id: edgeId("stated", i),
        from,
        to,
        kind: e.kind,
        key: e.key,
        evidence: e.evidence,
        confidence: e.confidence,
      });
    });
  } else {
    // No stated edges: in a chat log each message sees the previous one.
    for (let i = 1; i < n; i++)
      raw.push({
        id: edgeId("inferred", i),
        from: i - 1,
        to: i,
        kind: "message",
        evidence: "inferred by the engine: consecutive steps",
        confidence: 0.5,
      });
    if (n > 1) warnings.push("trace has no edges: the engine assumed consecutive message edges");
  }

  return raw;
}

/** Each edge's word overlap, whether a message transmits content, and its propagation weight. */
function weighEdges(raw: RawEdge[], features: EngineGraph["features"], config: EngineConfig): GraphEdge[] {
  const edges: GraphEdge[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const e = raw[i];
    const overlap = jaccard(features[e.from].tokens, features[e.to].tokens);
    const transmits = e.kind !== "message" || overlap >= config.transmitThreshold || features[e.from].tokens.size === 0;
    const weight = config.edgePriors[e.kind] * e.confidence * (0.25 + 0.75 * Math.min(1, overlap * 5));
    edges[i] = {
      id: e.id,
      from: e.from,
      to: e.to,
      kind: e.kind,
      key: e.key,
      evidence: e.evidence,
      confidence: e.confidence,
      overlap,
      transmits,
      weight,
    };
  }

  return edges;
}

/** The run's final step (the last one of kind "final"), else its last step. */
function sinkOf(steps: TTrace["steps"]): number {
  const n = steps.length;
  let sink = n - 1;
  for (let i = n - 1; i >= 0; i--)
    if (steps[i].kind === "final") {
      sink = i;
      break;
    }

  return sink;
}

/** Executors, verifiers and task givers among the agents. */
function agentRoles(trace: TTrace, steps: TTrace["steps"], agentOf: Int32Array, agentNames: string[]) {
  const toolAgents = new Set<number>();
  const verifierAgents = new Set<number>();
  const taskGivers = new Set<number>();
  const kindsByAgent = new Map<number, Set<string>>();
  steps.forEach((s, i) => {
    const set = kindsByAgent.get(agentOf[i]) ?? new Set<string>();
    set.add(s.kind);
    kindsByAgent.set(agentOf[i], set);
  });
  // Executors: agents whose steps are mostly tool results (a code terminal that also prints "no code to run"),
  // unless the agent calls tools: an executor runs what it is given and chooses no call, while an agent
  // that runs its own tools (AgentChat logs each call's execution under the agent that made it) does the
  // work, however many results it logs.
  const toolShare = new Float64Array(agentNames.length);
  const total = new Float64Array(agentNames.length);
  steps.forEach((s, i) => {
    total[agentOf[i]]++;
    if (s.kind === "tool_result") toolShare[agentOf[i]]++;
  });
  for (const [a, kinds] of kindsByAgent)
    if (kinds.has("tool_result") && !kinds.has("tool_call") && toolShare[a] * 2 > total[a]) toolAgents.add(a);
  agentNames.forEach((name, a) => {
    const meta = trace.agents.find((x) => x.name === name);
    // The role an agent is given: its name, its declared role, and the first sentence of its description or system prompt.
    const given = `${name} ${meta?.role ?? ""} ${firstSentence(meta?.description ?? "")}`;
    if (VERIFIER_RE.test(given)) verifierAgents.add(a);
    if (meta?.kind === "task_giver") taskGivers.add(a);
  });

  return { toolAgents, verifierAgents, taskGivers };
}

/**
 * An agent's context holds its own earlier output (LLM memory), whether or not the trace says so:
 * each step gets an edge from the same agent's previous step unless some edge already links them.
 * Without it, a chat log whose importer linked only speaker changes would let an agent's error
 * vanish between two of its own turns.
 */
function addMemoryEdges(
  steps: TStep[],
  agentOf: Int32Array,
  raw: Omit<GraphEdge, "overlap" | "transmits" | "weight">[],
) {
  const n = steps.length;
  const linked = new Set<number>();
  for (const e of raw) linked.add(e.from * n + e.to);
  const prev = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const p = prev.get(agentOf[i]);
    if (p !== undefined && !linked.has(p * n + i))
      raw.push({
        id: edgeId("memory", i),
        from: p,
        to: i,
        kind: "message",
        evidence: `inferred by the engine: ${steps[i].agent}'s own previous step (agent memory)`,
        confidence: 0.5,
      });
    prev.set(agentOf[i], i);
  }
}

/** Positions of each agent's steps, ascending. */
function groupByAgent(agentOf: Int32Array): Int32Array[] {
  const lists: number[][] = [];
  agentOf.forEach((a, p) => (lists[a] ??= []).push(p));
  return Array.from(lists, (l) => Int32Array.from(l ?? []));
}

/** The latest position before `before` that belongs to the same agent as `v`, or −1 (binary search). */
function latestOwnStepBefore(byAgent: Int32Array[], agentOf: Int32Array, v: number, before: number): number {
  const list = byAgent[agentOf[v]];
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < before) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? list[lo - 1] : -1;
}

/**
 * A nested agent's output returns to the agent that invoked it (the parent span awaits it): an
 * edge from each agent step to its invoker's wrapper, which the layout places after it.
 */
function addReturnEdges(
  steps: TStep[],
  parent: Int32Array,
  wrapper: Uint8Array,
  raw: Omit<GraphEdge, "overlap" | "transmits" | "weight">[],
) {
  const linked = new Set<string>();
  for (const e of raw) linked.add(`${e.from}>${e.to}`);
  for (let c = 0; c < steps.length; c++) {
    if (steps[c].kind !== "agent") continue;
    const inv = invokerOf(steps, parent, c);
    if (inv <= c || !wrapper[inv] || linked.has(`${c}>${inv}`)) continue;
    linked.add(`${c}>${inv}`);
    raw.push({
      id: edgeId("return", c),
      from: c,
      to: inv,
      kind: "message",
      evidence: `inferred by the engine: ${steps[c].agent}'s output returns to ${steps[inv].agent}, which invoked it`,
      confidence: 0.5,
    });
  }
}

/** Compressed sparse rows: for node v, edge indices list[start[v] .. start[v+1]). Stable in edge order. */
function csr(n: number, edges: GraphEdge[], key: (e: GraphEdge) => number) {
  const start = new Int32Array(n + 1);
  for (const e of edges) start[key(e) + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const list = new Int32Array(edges.length);
  edges.forEach((e, i) => (list[fill[key(e)]++] = i));
  return { start, list };
}

/** Iterates incoming edge indices of v. */
export function* incoming(g: EngineGraph, v: number): Generator<number> {
  for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) yield g.inEdges[k];
}

/** Iterates outgoing edge indices of v. */
export function* outgoing(g: EngineGraph, v: number): Generator<number> {
  for (let k = g.outStart[v]; k < g.outStart[v + 1]; k++) yield g.outEdges[k];
}

/** Steps from the end searched for the forced answer (the harness writes it as the run stops). */
const FORCED_ANSWER_WINDOW = 3;

/** The last step (among the final few) that states the final answer of a run a budget or a crash stopped, or −1. */
function forcedAnswerStep(trace: TTrace, steps: readonly TStep[]): number {
  const t = runTerminationOf(trace.run.attributes);
  const answer = trace.run.finalAnswer?.trim();
  if ((t !== "limit" && t !== "error") || !answer) return -1;
  for (let i = steps.length - 1; i >= 0 && i >= steps.length - FORCED_ANSWER_WINDOW; i--)
    if (steps[i].content.includes(answer)) return i;
  return -1;
}
