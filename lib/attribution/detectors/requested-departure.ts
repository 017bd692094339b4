/**
 * Who chose the first call that departs from the expected actions (a ground truth given as the tool
 * calls the run should have made, `expected-actions.ts`). The agent that makes a call is the last to
 * touch it, not necessarily its origin. The request is the latest turn of another participant (a
 * simulated user, an instruction giver) since the agent's previous state-changing call that speaks
 * of the things involved. When that request dictated every departing argument, the agent followed
 * instructions and the request is where the run left the expected path (`requested-departure`, at
 * the request); otherwise the agent supplied a departing value itself (`unrequested-departure`, at
 * the call).
 *
 * Tool outputs reach the engine without ids (ADR 0028), so a value counts as dictated when:
 * - the request states it (an id, an enumerated reason);
 * - it is in the call's first list (what the call acts on within a container the agent looked up, an
 *   order) and the request names, by name, exactly as many of the container's things as the list
 *   holds; a call with no list acts on the whole container, so the request must name all its things;
 *   the container itself is dictated with them;
 * - it is a thing picked among variants (a later list: what replaces the first): the request's
 *   options single out one record among those of that name the agent had seen, and the call's own
 *   output shows that record.
 * Anything else (a payment method, a summary the agent wrote, a variant the request left open) is the
 * agent's choice. Runs without an action list as ground truth are left at once.
 */
import type { Detector, DetectorHit } from "./types";
import type { EngineGraph } from "../build-graph";
import { isToolOutput } from "./patterns";
import { callAt, firstDeparture, parseExpectedActions, type Departure, type FirstDeparture } from "./expected-actions";
import { outputOf, outputRecords, type OutputRecord } from "./output-records";
import { contentWords, namesThing, wordsOf } from "./request-words";

export const REQUESTED_SCORE = 0.6;
export const UNREQUESTED_SCORE = 0.5;
/** Records of earlier outputs kept, and turns read back for the request: bounds on the work on long runs. */
const MAX_RECORDS = 5000;
const MAX_TURNS_BACK = 200;

/** An option the request can name: text with a letter, not a price or a flag. */
const isOption = (value: string) => /[a-z]/.test(value) && contentWords(value).length > 0;

/** Every content word of the option is in the text. */
function mentions(words: Set<string>, value: string): boolean {
  const ws = contentWords(value);
  return ws.length > 0 && ws.every((w) => words.has(w));
}

/** The text states the value itself (an id, a code, an enumerated reason). */
function states(lower: string, value: string): boolean {
  const v = value.toLowerCase().replace(/^#/, "");
  return v.length >= 3 && lower.includes(v);
}

const optionsMentioned = (words: Set<string>, r: OutputRecord) => {
  let n = 0;
  for (const v of r.fields.values()) if (isOption(v) && mentions(words, v)) n++;
  return n;
};

interface Request {
  step: number;
  lower: string;
  words: Set<string>;
}

export interface Seen {
  /** Every record of the tool outputs before the call. */
  records: OutputRecord[];
  /** Per argument value of an earlier call: the records of that call's output (the latest such call). */
  lookups: Map<string, OutputRecord[]>;
}

export function seenBefore(g: EngineGraph, step: number): Seen {
  const records: OutputRecord[] = [];
  const lookups = new Map<string, OutputRecord[]>();
  for (let v = 0; v < step && records.length < MAX_RECORDS; v++) {
    if (isToolOutput(g, v) && g.steps[v].kind !== "tool_call") records.push(...outputRecords(g.steps[v].content));
    const c = callAt(g, v);
    if (!c) continue;
    const text = outputOf(g, v);
    if (text === undefined) continue;
    const listed = outputRecords(text);
    if (g.steps[v].tool?.result !== undefined) records.push(...listed);
    for (const x of Object.values(c.args))
      if (typeof x === "string" || typeof x === "number") lookups.set(String(x), listed);
  }
  return { records, lookups };
}

/**
 * The latest turn of another participant since the agent's previous state-changing call that states
 * a departing value or speaks of a thing the agent had seen (its name or one of its options).
 */
function requestBefore(g: EngineGraph, d: FirstDeparture, seen: Seen): Request | null {
  const agent = g.agentOf[d.call.step];
  const from = d.writes.filter((w) => g.agentOf[w.step] === agent && w.step < d.call.step).at(-1)?.step ?? -1;
  const values = d.departures.flatMap((x) => [x.actual, x.expected]).filter((x): x is string => x !== undefined);
  for (let v = d.call.step - 1, read = 0; v > from && read < MAX_TURNS_BACK; v--) {
    if (g.agentOf[v] === agent || g.wrapper[v] || g.scaffold[v] || isToolOutput(g, v)) continue;
    read++;
    const lower = g.steps[v].content.toLowerCase();
    const words = wordsOf(lower);
    const relevant =
      values.some((x) => states(lower, x)) ||
      seen.records.some((r) => namesThing(words, r.name) || optionsMentioned(words, r) > 0);
    if (relevant) return { step: v, lower, words };
  }
  return null;
}

function listOf(x: unknown): string[] {
  return Array.isArray(x) ? x.map(String) : [];
}

/** Whether the request dictated every departing value of the call (see the header). */
function dictated(g: EngineGraph, d: FirstDeparture, r: Request, seen: Seen): boolean {
  const args = d.call.args;
  const firstList = Object.keys(args).find((k) => Array.isArray(args[k]));
  // The container the call acts in: an argument an earlier call looked up.
  const containerKey = Object.keys(args).find((k) => !Array.isArray(args[k]) && seen.lookups.has(String(args[k])));
  const things = containerKey ? seen.lookups.get(String(args[containerKey]))! : [];
  const named = things.filter((t) => namesThing(r.words, t.name)).length;
  const membersNamed = named > 0 && (firstList ? named === listOf(args[firstList]).length : named === things.length);
  const after = outputRecords(outputOf(g, d.call.step) ?? "");
  return d.departures.every((dep: Departure) => {
    if (dep.actual !== undefined && states(r.lower, dep.actual)) return true;
    if (dep.key === containerKey || dep.key === firstList) return membersNamed;
    // Only a list holds picks among variants; a scalar the request did not state (a payment method) is the agent's.
    return dep.actual !== undefined && Array.isArray(args[dep.key]) && picksShown(r, seen.records, things, after);
  });
}

/**
 * The request's options single out one record among several of one name (variants of a product),
 * and every thing the call's output shows that its container did not hold before is such a pick:
 * the agent put in what the request picked, and nothing it picked itself.
 */
function picksShown(
  r: Request,
  records: readonly OutputRecord[],
  before: readonly OutputRecord[],
  after: readonly OutputRecord[],
): boolean {
  const byName = new Map<string, OutputRecord[]>();
  for (const rec of records) {
    const group = byName.get(rec.name);
    if (group) group.push(rec);
    else byName.set(rec.name, [rec]);
  }
  const picks: OutputRecord[] = [];
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const scores = group.map((x) => optionsMentioned(r.words, x));
    const best = Math.max(...scores);
    const top = group.filter((_, i) => scores[i] === best);
    if (best > 0 && top.every((x) => sameThing(x, top[0]))) picks.push(top[0]);
  }
  // Things of the output comparable to ones the agent had seen (a field in common), absent before the call.
  const added = after.filter(
    (a) =>
      records.some((x) => x.name === a.name && sharedFields(x, a) > 0) &&
      !before.some((b) => b.name === a.name && sameThing(a, b)),
  );
  return added.length > 0 && added.every((a) => picks.some((p) => p.name === a.name && sameThing(a, p)));
}

function sharedFields(a: OutputRecord, b: OutputRecord): number {
  let n = 0;
  for (const k of a.fields.keys()) if (b.fields.has(k)) n++;
  return n;
}

/** Two records agree on every field they share (and share one). */
function sameThing(a: OutputRecord, b: OutputRecord): boolean {
  let shared = 0;
  for (const [k, v] of a.fields) {
    const w = b.fields.get(k);
    if (w === undefined) continue;
    if (w !== v) return false;
    shared++;
  }
  return shared > 0;
}

export const detectRequestedDeparture: Detector = ({ g, failed }) => {
  if (!failed) return [];
  const expected = parseExpectedActions(g.trace.run.groundTruth);
  if (!expected) return [];
  const d = firstDeparture(g, expected);
  if (!d || d.departures.length === 0) return [];
  const seen = seenBefore(g, d.call.step);
  const r = requestBefore(g, d, seen);
  const callId = g.steps[d.call.step].id;
  const agent = g.agentNames[g.agentOf[d.call.step]];
  const keys = [...new Set(d.departures.map((x) => x.key))].join(", ");
  if (r && dictated(g, d, r, seen)) {
    const hit: DetectorHit = {
      step: r.step,
      name: "requested-departure",
      score: REQUESTED_SCORE,
      mast: "FM-1.1 disobey task specification",
      evidence: {
        stepIds: [g.steps[r.step].id, callId],
        note: `${g.agentNames[g.agentOf[r.step]]} asked for the ${keys} that ${agent} then passed in ${d.call.name}, the first call that departs from the expected actions`,
      },
    };
    return [hit];
  }
  return [
    {
      step: d.call.step,
      name: "unrequested-departure",
      score: UNREQUESTED_SCORE,
      mast: "FM-1.1 disobey task specification",
      evidence: {
        stepIds: [callId],
        note: `${agent}'s ${d.call.name} departs from the expected actions in ${keys}, values the request before it did not dictate`,
      },
    },
  ];
};
