import {
  TRACE_SCHEMA_VERSION,
  ZAgentKind,
  ZEdgeKind,
  ZOutcome,
  ZSourceFormat,
  ZStep,
  ZStepKind,
  ZStepStatus,
  type TAgent,
  type TEdge,
  type TLabel,
  type TStep,
  type TTrace,
} from "../trace/schema";
import { validateTrace } from "../trace/validate-trace";
import { IdIndex } from "./id-index";
import {
  AGENT_KEYS,
  EDGE_KEYS,
  ERROR_KEYS,
  STATE_KEYS,
  STEP_KEYS,
  TOKENS_KEYS,
  TOOL_KEYS,
  inCanonicalOrder,
} from "./canonical-order";

/**
 * Validation of importer output. The trace our own typed code builds is nearly always valid, and
 * zod spends most of its time proving that. `checkImportedTrace` is a hand-written structural
 * check that returns the same normalized trace zod would (defaults filled in, unknown keys
 * dropped, keys in schema order so `JSON.stringify` and the content hash are byte-identical), or
 * `undefined` as soon as anything looks off. Steps, edges and agents that importers already built
 * in canonical form (see `canonical-order.ts`) are returned as they are rather than copied. It may be stricter than zod, never looser: on
 * `undefined` the zod path runs and produces the error report (or accepts the exotic value), so
 * users see exactly zod's errors.
 */
export function validateImportedTrace(input: unknown): TTrace {
  return checkImportedTrace(input) ?? validateTrace(input);
}

const STEP_KINDS = new Set<string>(ZStepKind.options);
const AGENT_KINDS = new Set<string>(ZAgentKind.options);
const STEP_STATUSES = new Set<string>(ZStepStatus.options);
const EDGE_KINDS = new Set<string>(ZEdgeKind.options);
const OUTCOMES = new Set<string>(ZOutcome.options);
const SOURCE_FORMATS = new Set<string>(ZSourceFormat.options);
/** The schema's own ISO-8601 pattern (`z.iso.datetime({ offset: true })`), so both paths agree. */
const TIMESTAMP = ZStep.shape.startTime.unwrap().def.pattern ?? /^$/;
const MAX_COUNT = 2_147_483_647;

/** Thrown inside the check to abandon the fast path; never escapes. */
const REJECT = Symbol("reject");
type Obj = Record<string, unknown>;

/** The normalized trace when `input` certainly passes `ZTrace`, else `undefined`. */
export function checkImportedTrace(input: unknown): TTrace | undefined {
  try {
    return checkTrace(input);
  } catch (err) {
    if (err === REJECT) return undefined;
    throw err;
  }
}

function checkTrace(input: unknown): TTrace {
  const t = record(input);
  if (t.schema !== TRACE_SCHEMA_VERSION) throw REJECT;
  const agents = array(t.agents).map(checkAgent);
  const steps = array(t.steps).map(checkStep);
  const edges = t.edges === undefined ? [] : array(t.edges).map(checkEdge);
  const labels = t.labels === undefined ? [] : array(t.labels).map(checkLabel);
  const warnings = t.warnings === undefined ? [] : array(t.warnings).map((w) => str(w));
  checkReferences(agents, steps, edges);
  return { schema: TRACE_SCHEMA_VERSION, run: checkRun(t.run), agents, steps, edges, labels, warnings };
}

function checkRun(value: unknown): TTrace["run"] {
  const r = record(value);
  const out: Obj = {};
  optional(out, "title", r.title, 1000);
  optional(out, "system", r.system, 256);
  optional(out, "task", r.task);
  out.outcome = r.outcome === undefined ? "unknown" : member(r.outcome, OUTCOMES);
  optional(out, "groundTruth", r.groundTruth);
  optional(out, "finalAnswer", r.finalAnswer);
  if (r.startedAt !== undefined) out.startedAt = timestamp(r.startedAt);
  if (r.endedAt !== undefined) out.endedAt = timestamp(r.endedAt);
  if (r.costUsd !== undefined) out.costUsd = nonNegative(r.costUsd);
  out.sourceFormat = r.sourceFormat === undefined ? "culprit" : member(r.sourceFormat, SOURCE_FORMATS);
  const attrs = checkAttributes(r.attributes);
  if (attrs !== undefined) out.attributes = copyRecord(attrs);
  return out as TTrace["run"];
}

function checkAgent(value: unknown): TAgent {
  const a = record(value);
  str(a.name, 256, 1);
  if (a.role !== undefined) str(a.role, 1000);
  if (a.description !== undefined) str(a.description);
  if (a.kind !== undefined) member(a.kind, AGENT_KINDS);
  const attrs = checkAttributes(a.attributes);
  if (inCanonicalOrder(a, AGENT_KEYS)) return a as TAgent;
  const out: Obj = { name: a.name };
  if (a.role !== undefined) out.role = a.role;
  if (a.description !== undefined) out.description = a.description;
  if (a.kind !== undefined) out.kind = a.kind;
  if (attrs !== undefined) out.attributes = copyRecord(attrs);
  return out as TAgent;
}

/**
 * Checks every field of a step; returns the step itself when it is already in canonical form
 * (what importers build), else a schema-ordered copy with defaults filled in.
 */
function checkStep(value: unknown): TStep {
  const s = record(value);
  str(s.id, 256, 1);
  if (s.sourceRef !== undefined) str(s.sourceRef, 256);
  str(s.agent, 256, 1);
  member(s.kind, STEP_KINDS);
  if (s.name !== undefined) str(s.name, 1000);
  if (s.input !== undefined) str(s.input);
  if (s.content !== undefined) str(s.content);
  const tool = s.tool === undefined ? undefined : record(s.tool);
  if (tool) {
    str(tool.name, Infinity, 1);
    if (tool.result !== undefined) str(tool.result);
  }
  const state = s.state === undefined ? undefined : record(s.state);
  if (state) {
    if (state.op !== "read" && state.op !== "write") reject();
    str(state.key, Infinity, 1);
    if (state.value !== undefined) str(state.value);
  }
  if (s.target !== undefined) str(s.target, 256);
  if (s.status !== undefined) member(s.status, STEP_STATUSES);
  const error = s.error === undefined ? undefined : record(s.error);
  if (error) {
    if (error.type !== undefined) str(error.type);
    str(error.message);
  }
  const tokens = s.tokens === undefined ? undefined : record(s.tokens);
  if (tokens) {
    if (tokens.input !== undefined) count(tokens.input);
    if (tokens.output !== undefined) count(tokens.output);
    if (tokens.total !== undefined) count(tokens.total);
  }
  if (s.costUsd !== undefined) nonNegative(s.costUsd);
  if (s.startTime !== undefined) timestamp(s.startTime);
  if (s.endTime !== undefined) timestamp(s.endTime);
  if (s.parentId !== undefined) str(s.parentId, 256);
  const attrs = checkAttributes(s.attributes);

  const canonical =
    s.content !== undefined &&
    s.status !== undefined &&
    inCanonicalOrder(s, STEP_KEYS) &&
    (!tool || inCanonicalOrder(tool, TOOL_KEYS)) &&
    (!state || inCanonicalOrder(state, STATE_KEYS)) &&
    (!error || inCanonicalOrder(error, ERROR_KEYS)) &&
    (!tokens || inCanonicalOrder(tokens, TOKENS_KEYS));
  if (canonical) return s as TStep;

  const out: Obj = { id: s.id };
  if (s.sourceRef !== undefined) out.sourceRef = s.sourceRef;
  out.agent = s.agent;
  out.kind = s.kind;
  if (s.name !== undefined) out.name = s.name;
  if (s.input !== undefined) out.input = s.input;
  out.content = s.content ?? "";
  if (tool) out.tool = copyIn(tool, TOOL_KEYS);
  if (state) out.state = copyIn(state, STATE_KEYS);
  if (s.target !== undefined) out.target = s.target;
  out.status = s.status ?? "unset";
  if (error) out.error = copyIn(error, ERROR_KEYS);
  if (tokens) out.tokens = copyIn(tokens, TOKENS_KEYS);
  if (s.costUsd !== undefined) out.costUsd = s.costUsd;
  if (s.startTime !== undefined) out.startTime = s.startTime;
  if (s.endTime !== undefined) out.endTime = s.endTime;
  if (s.parentId !== undefined) out.parentId = s.parentId;
  if (attrs !== undefined) out.attributes = copyRecord(attrs);
  return out as TStep;
}

function checkEdge(value: unknown): TEdge {
  const e = record(value);
  str(e.from, Infinity, 1);
  str(e.to, Infinity, 1);
  member(e.kind, EDGE_KINDS);
  if (e.key !== undefined) str(e.key);
  if (e.evidence !== undefined) str(e.evidence);
  const c = e.confidence;
  if (c !== undefined && !(typeof c === "number" && c >= 0 && c <= 1)) reject();
  if (e.evidence !== undefined && c !== undefined && inCanonicalOrder(e, EDGE_KEYS)) return e as TEdge;
  const out: Obj = { from: e.from, to: e.to, kind: e.kind };
  if (e.key !== undefined) out.key = e.key;
  out.evidence = e.evidence ?? "";
  out.confidence = c ?? 1;
  return out as TEdge;
}

function checkLabel(value: unknown): TLabel {
  const l = record(value);
  const out: Obj = {};
  optional(out, "agent", l.agent);
  optional(out, "stepId", l.stepId);
  optional(out, "note", l.note);
  out.author = l.author === undefined ? "imported" : str(l.author);
  return out as TLabel;
}

/** The schema's cross-reference rules (see `referenceIssues`): any violation defers to zod. */
function checkReferences(agents: readonly TAgent[], steps: readonly TStep[], edges: readonly TEdge[]): void {
  const agentNames = new Set<string>();
  for (const a of agents) {
    if (agentNames.has(a.name)) reject();
    agentNames.add(a.name);
  }
  const stepIds = new IdIndex(steps.length);
  // Indexed loops: this runs once per import, often before the optimizer would have made for-of cheap.
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    if (!stepIds.add(s.id, i) || !agentNames.has(s.agent)) reject();
  }
  for (let i = 0; i < steps.length; i++)
    if (steps[i].parentId !== undefined && !stepIds.has(steps[i].parentId!)) reject();
  for (let i = 0; i < edges.length; i++) if (!stepIds.has(edges[i].from) || !stepIds.has(edges[i].to)) reject();
}

function reject(): never {
  throw REJECT;
}

/** A plain object, as zod's object and record parsers require. */
function record(v: unknown): Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v)) reject();
  return v as Obj;
}

function array(v: unknown): unknown[] {
  if (!Array.isArray(v)) reject();
  return v;
}

function str(v: unknown, max = Infinity, min = 0): string {
  if (typeof v !== "string" || v.length > max || v.length < min) reject();
  return v;
}

function optional(out: Obj, key: string, v: unknown, max = Infinity): void {
  if (v !== undefined) out[key] = str(v, max);
}

function member(v: unknown, allowed: ReadonlySet<string>): string {
  if (typeof v !== "string" || !allowed.has(v)) reject();
  return v;
}

function timestamp(v: unknown): string {
  if (!isTimestamp(v)) reject();
  return v as string;
}

/** The date and time to the second (`YYYY-MM-DDTHH:MM:SS`) of the last timestamp the pattern accepted. */
let lastPrefix = "";

/**
 * `TIMESTAMP.test`, fast for runs of timestamps within one second (a trace's steps): the pattern
 * is a fixed 19-character date-time followed by an independent tail (`.digits`, then `Z` or
 * `±HH:MM`), so once a prefix has been accepted only the tail needs checking.
 */
export function isTimestamp(v: unknown): boolean {
  if (typeof v !== "string") return false;
  if (lastPrefix !== "" && v.startsWith(lastPrefix)) return isTimestampTail(v, lastPrefix.length);
  if (!TIMESTAMP.test(v)) return false;
  lastPrefix = v.slice(0, 19);
  return true;
}

function isTimestampTail(v: string, start: number): boolean {
  let i = start;
  if (v.charCodeAt(i) === 46 /* . */) {
    i++;
    const digits = i;
    while (isDigit(v.charCodeAt(i))) i++;
    if (i === digits) return false;
  }
  const c = v.charCodeAt(i);
  if (c === 90 /* Z */) return i + 1 === v.length;
  if (c !== 43 /* + */ && c !== 45 /* - */) return false;
  if (i + 6 !== v.length) return false;
  const h1 = v.charCodeAt(i + 1);
  const h2 = v.charCodeAt(i + 2);
  const hourOk = ((h1 === 48 || h1 === 49) && isDigit(h2)) || (h1 === 50 && h2 >= 48 && h2 <= 51);
  const m1 = v.charCodeAt(i + 4);
  return hourOk && v.charCodeAt(i + 3) === 58 /* : */ && m1 >= 48 && m1 <= 53 && isDigit(v.charCodeAt(i + 5));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function nonNegative(v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0) reject();
  return v;
}

function count(v: unknown): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0 || v > MAX_COUNT) reject();
  return v;
}

/** `attributes`: a plain-prototype record (zod's `isPlainObject`, stricter), or undefined. */
function checkAttributes(v: unknown): Obj | undefined {
  if (v === undefined) return undefined;
  const proto = typeof v === "object" && v !== null ? Object.getPrototypeOf(v) : undefined;
  if (proto !== Object.prototype && proto !== null) reject();
  // zod's record parser drops an own "__proto__" key; leave that rarity to zod.
  if (Object.hasOwn(v as Obj, "__proto__")) reject();
  return v as Obj;
}

/** A record copied key by key, as zod's record parser returns it. */
function copyRecord(v: Obj): Obj {
  const copy: Obj = {};
  for (const key of Object.keys(v)) copy[key] = v[key];
  return copy;
}

/** The keys of `obj` listed in `keys`, in that order, without undefined values. */
function copyIn(obj: Obj, keys: readonly string[]): Obj {
  const out: Obj = {};
  for (const key of keys) if (obj[key] !== undefined) out[key] = obj[key];
  return out;
}
