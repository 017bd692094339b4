/**
 * A destructive call that takes more than was asked. An agent cancels or deletes a container it
 * looked up (an order, a folder, a booking) with no list of what inside it to act on, so the call
 * takes everything the container holds; the request it answers (the latest turn of another
 * participant since the agent's previous state-changing call that names any of those things) named
 * some of them only ("cancel the shears" for an order holding shears and a rake). The agent acted
 * beyond the request at this call, whoever confirms afterwards: an `overreaching-call`.
 *
 * Nothing fires when the request speaks of the container itself (a word of the call's name besides
 * its verb: "cancel the order with the shears"), or when the agent told the requester beforehand
 * that the whole container goes (it named every thing, or said "entire", "whole", "all items").
 * Changing a container's own attribute (an address, a payment method) applies to the whole by
 * nature, so only calls whose verb destroys are read. A run graded by the tool calls it should have
 * made is read by its departure from them (`requested-departure.ts`), which already judges what a
 * request dictated; this reading is for runs without that list.
 */
import type { Detector, DetectorHit } from "./types";
import type { EngineGraph } from "../build-graph";
import { isAgentUtterance, isToolOutput } from "./patterns";
import { callAt, isStateChanging, parseExpectedActions, type Call } from "./expected-actions";
import { seenBefore } from "./requested-departure";
import { namesThing, wordsOf } from "./request-words";

export const OVERREACH_SCORE = 0.5;

/** Verbs of calls that remove what they act on. */
const DESTRUCTIVE_RE = /^(?:cancel|delete|remove|drop|void|revoke|discard|destroy|terminate|purge|erase)(?:_|[A-Z]|$)/;
/** The agent said the whole container goes. */
const WHOLE_RE = /\b(?:entire|whole|all (?:the |of the |its |your )?(?:items|products|things|contents)|everything)\b/i;
/** Turns read back for the request, and destructive calls read per run: bounds on long runs. */
const MAX_TURNS_BACK = 200;
const MAX_CALLS = 50;

/** Words of the call's name after its verb ("cancelBooking" → booking, "delete_user_file" → user, file). */
function objectWords(name: string): string[] {
  const parts = name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[_.]+/)
    .filter((w) => w.length >= 3);
  return parts.slice(1);
}

/** The container argument: a scalar an earlier call looked up, whose output lists things of two names or more. */
function containerOf(call: Call, lookups: ReadonlyMap<string, { name: string }[]>): string[] | null {
  for (const x of Object.values(call.args)) {
    if (typeof x !== "string" && typeof x !== "number") continue;
    const records = lookups.get(String(x));
    const names = [...new Set((records ?? []).map((r) => r.name))];
    if (names.length >= 2) return names;
  }
  return null;
}

interface Request {
  step: number;
  named: string[];
}

/** The latest turn of another participant after `from` that names any of the things. */
function requestFor(g: EngineGraph, call: number, from: number, things: readonly string[]): Request | null {
  const agent = g.agentOf[call];
  for (let u = call - 1, read = 0; u > from && read < MAX_TURNS_BACK; u--) {
    if (g.agentOf[u] === agent || g.wrapper[u] || g.scaffold[u] || isToolOutput(g, u)) continue;
    read++;
    const words = wordsOf(g.steps[u].content);
    const named = things.filter((t) => namesThing(words, t));
    if (named.length > 0) return { step: u, named };
  }
  return null;
}

/** Whether the agent told anyone, between `from` and the call (its last 200 steps), that the whole container goes. */
function warned(g: EngineGraph, call: number, from: number, things: readonly string[]): boolean {
  const agent = g.agentOf[call];
  for (let u = Math.max(from + 1, call - MAX_TURNS_BACK); u < call; u++) {
    if (g.agentOf[u] !== agent || !isAgentUtterance(g, u)) continue;
    const text = g.steps[u].content;
    if (WHOLE_RE.test(text)) return true;
    const words = wordsOf(text);
    if (things.every((t) => namesThing(words, t))) return true;
  }
  return false;
}

export const detectOverreachingCall: Detector = ({ g, failed }) => {
  if (!failed || parseExpectedActions(g.trace.run.groundTruth)) return [];
  const hits: DetectorHit[] = [];
  const lastWrite = new Map<number, number>();
  let read = 0;
  for (let v = 0; v < g.n && read < MAX_CALLS; v++) {
    const call = callAt(g, v);
    if (!call || !isStateChanging(call)) continue;
    const agent = g.agentOf[v];
    const from = lastWrite.get(agent) ?? -1;
    lastWrite.set(agent, v);
    if (!DESTRUCTIVE_RE.test(call.name) || Object.values(call.args).some(Array.isArray)) continue;
    read++;
    const things = containerOf(call, seenBefore(g, v).lookups);
    if (!things) continue;
    const request = requestFor(g, v, from, things);
    if (!request || request.named.length >= things.length) continue;
    const asked = wordsOf(g.steps[request.step].content);
    if (objectWords(call.name).some((w) => asked.has(w))) continue;
    if (warned(g, v, from, things)) continue;
    const left = things.filter((t) => !request.named.includes(t));
    hits.push({
      step: v,
      name: "overreaching-call",
      score: OVERREACH_SCORE,
      mast: "FM-1.1 disobey task specification",
      evidence: {
        stepIds: [g.steps[v].id, g.steps[request.step].id],
        note: `${call.name} removes all ${things.length} things its target holds (${left.join(", ")} as well) when ${g.agentNames[g.agentOf[request.step]]} named ${request.named.join(", ")} only`,
      },
    });
  }
  return hits;
};
