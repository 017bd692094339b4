/**
 * Expected actions: a ground truth given as the list of tool calls the run should have made
 * (`[{name, kwargs}]`, as tool-use benchmarks grade a run by its final state). Reads the calls the run
 * made (structured tool calls, or a message that is one call expression `name({json})`), pairs its
 * state-changing calls with the expected ones, and finds the first call that departs from them with
 * the argument values that depart. Lookups change nothing, so only state-changing calls are compared.
 * Anything else as ground truth (an answer, code) is not an action list: `null`, and nothing is read.
 */
import type { EngineGraph } from "../build-graph";
import { isToolOutput } from "./patterns";

export interface Call {
  name: string;
  args: Record<string, unknown>;
}

export interface RunCall extends Call {
  /** Graph position of the step that made the call. */
  step: number;
}

/** One argument value that departs: `actual` the run passed where `expected` was due (either may be absent). */
export interface Departure {
  key: string;
  actual?: string;
  expected?: string;
}

export interface FirstDeparture {
  call: RunCall;
  /** The expected call it stands in for (same tool, most arguments in common), if any is left. */
  counterpart?: Call;
  departures: Departure[];
  /** Every state-changing call of the run, in order. */
  writes: RunCall[];
}

/**
 * Calls that read or compute and change nothing, by their name's leading verb. Tool-use benchmarks
 * grade the state a run leaves, and a run may look things up more or less often than expected.
 */
const READ_ONLY_RE =
  /^(?:get|find|list|search|lookup|look_up|read|fetch|query|calculate|compute|think|check|view|show|describe|retrieve)(?:_|[A-Z]|$)/;
/** A message that is nothing but one call with a JSON object of arguments. */
const CALL_TEXT_RE = /^\s*([A-Za-z_][\w.]*)\(\s*(\{[\s\S]*\})\s*\)\s*$/;
/** Ground truth longer than this is not read as an action list (a list of calls is short). */
const MAX_GROUND_TRUTH = 100_000;
/** Bounds on the pairing (expected × made calls of one tool): a graded run expects tens of calls. */
const MAX_EXPECTED = 200;
const MAX_WRITES = 400;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The expected calls, or null when the ground truth is not a list of tool calls. */
export function parseExpectedActions(groundTruth: string | undefined): Call[] | null {
  const text = groundTruth?.trim();
  if (!text || text[0] !== "[" || text.length > MAX_GROUND_TRUTH) return null;
  const list = parseJson(text);
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_EXPECTED) return null;
  const calls: Call[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.name !== "string") return null;
    const args = item.kwargs ?? item.arguments ?? item.args ?? {};
    if (!isRecord(args)) return null;
    calls.push({ name: item.name, args });
  }
  return calls;
}

export const isStateChanging = (c: Call): boolean => !READ_ONLY_RE.test(c.name);

/** The call a step makes, if any: a structured tool call, or a message that is one call expression. */
export function callAt(g: EngineGraph, v: number): Call | null {
  const s = g.steps[v];
  if (s.kind === "tool_call" && s.tool?.name) {
    const raw = s.tool.arguments;
    const args = typeof raw === "string" ? parseJson(raw) : raw;
    return { name: s.tool.name, args: isRecord(args) ? args : {} };
  }
  if (g.wrapper[v] || isToolOutput(g, v) || !s.content.includes("(")) return null;
  const m = CALL_TEXT_RE.exec(s.content);
  const args = m ? parseJson(m[2]) : undefined;
  return m && isRecord(args) ? { name: m[1], args } : null;
}

/** A value in a form two calls can be compared by: JSON with sorted keys. */
export function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(",")}]`;
  if (isRecord(x))
    return `{${Object.keys(x)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(x[k])}`)
      .join(",")}}`;
  return JSON.stringify(x) ?? "null";
}

/** A scalar as text (ids are compared as strings), else null. */
const scalar = (x: unknown): string | null =>
  typeof x === "string" ? x : typeof x === "number" || typeof x === "boolean" ? String(x) : null;

/** A call with its arguments in canonical form, computed once: pairing compares every made call with every expected one. */
interface Keyed {
  whole: string;
  args: Map<string, string>;
}

function keyed(c: Call): Keyed {
  const args = new Map<string, string>();
  for (const k of Object.keys(c.args)) args.set(k, canonical(c.args[k]));
  return { whole: `${JSON.stringify(c.name)}${canonical(c.args)}`, args };
}

function overlap(a: Keyed, b: Keyed): number {
  let n = 0;
  for (const [k, v] of a.args) if (b.args.get(k) === v) n++;
  return n;
}

/**
 * The first state-changing call of the run that no expected call matches exactly, with what departs
 * in it; null when every such call matches (a missing call is no call anyone made).
 */
export function firstDeparture(g: EngineGraph, expected: readonly Call[]): FirstDeparture | null {
  const due = expected.filter(isStateChanging);
  if (due.length === 0) return null;
  const writes: RunCall[] = [];
  for (let v = 0; v < g.n && writes.length < MAX_WRITES; v++) {
    const c = callAt(g, v);
    if (c && isStateChanging(c)) writes.push({ ...c, step: v });
  }
  const dueKeys = due.map(keyed);
  const writeKeys = writes.map(keyed);
  // Exact matches first, each expected call used once (the earliest unused); then the rest paired by
  // arguments in common.
  const open = new Map<string, number[]>();
  dueKeys.forEach((k, j) => {
    const list = open.get(k.whole);
    if (list) list.push(j);
    else open.set(k.whole, [j]);
  });
  const used = new Uint8Array(due.length);
  const partner = new Int32Array(writes.length).fill(-1);
  writeKeys.forEach((k, i) => {
    const j = open.get(k.whole)?.shift();
    if (j !== undefined) {
      used[j] = 1;
      partner[i] = j;
    }
  });
  const first = partner.indexOf(-1);
  if (first < 0) return null;
  const pairs: { i: number; j: number; n: number }[] = [];
  writes.forEach((w, i) => {
    if (partner[i] >= 0) return;
    due.forEach((e, j) => {
      if (!used[j] && e.name === w.name) pairs.push({ i, j, n: overlap(writeKeys[i], dueKeys[j]) });
    });
  });
  pairs.sort((a, b) => b.n - a.n || a.i - b.i || a.j - b.j);
  const pairedWith = new Int32Array(writes.length).fill(-1);
  for (const p of pairs)
    if (pairedWith[p.i] < 0 && !used[p.j]) {
      used[p.j] = 1;
      pairedWith[p.i] = p.j;
    }
  const call = writes[first];
  const counterpart = pairedWith[first] >= 0 ? due[pairedWith[first]] : undefined;
  const sameTool = due.filter((e) => e.name === call.name);
  return { call, counterpart, departures: departuresOf(call, counterpart, sameTool), writes };
}

/**
 * Argument values that depart: against the counterpart, element by element for lists (an element
 * added, one left out, one swapped for another). A call with no counterpart departs in every value
 * no expected call of the same tool passes under that argument.
 */
function departuresOf(call: Call, counterpart: Call | undefined, sameTool: readonly Call[]): Departure[] {
  const out: Departure[] = [];
  const keys = new Set([...Object.keys(call.args), ...Object.keys(counterpart?.args ?? {})]);
  for (const key of keys) {
    const actual = elements(call.args[key]);
    const expected = counterpart ? elements(counterpart.args[key]) : sameTool.flatMap((e) => elements(e.args[key]));
    const added = actual.filter((x) => !expected.includes(x));
    const dropped = counterpart ? expected.filter((x) => !actual.includes(x)) : [];
    for (let i = 0; i < Math.max(added.length, dropped.length); i++)
      out.push({ key, actual: added[i], expected: dropped[i] });
  }
  return out;
}

/** A value as a list of comparable elements: a list's scalars, a scalar alone, anything else as JSON. */
function elements(x: unknown): string[] {
  if (x === undefined) return [];
  const list = Array.isArray(x) ? x : [x];
  return list.map((e) => scalar(e) ?? canonical(e));
}
