/**
 * Dead ends of a stateful tool (a browser page, a file, an API resource). Each step of an agent
 * that states an action and then what it observed (the page its action landed on), and each tool
 * call with a target (URL, path), is a move; when the agent's next move observes the same resource again, it is stuck there. The
 * decisive step within that agent is the one that put it in the dead end: the step that landed on
 * the resource, or, when the first repeat changed almost nothing the agent sees (its action had no
 * effect: a click or an entry the page ignored), that ineffective action itself. Later moves at the
 * same resource are consequences (Who&When's intervention re-runs everything after the fix).
 * Used only to choose *which* step of an already chosen agent is decisive, never which agent.
 */
import type { EngineGraph } from "./build-graph";
import { stepText } from "./build-graph";
import { isAgentUtterance } from "./detectors/patterns";
import { claimPart, jaccard, tokenize } from "./text-features";
import { observationAt, observedResourceOf } from "../trace/canonical-attributes";

/** Observation overlap (Jaccard of tokens) at or above which a repeated view shows nothing new. */
export const NO_EFFECT_OVERLAP = 0.6;
/** Only the start of a step is scanned for its resource, which keeps the pass linear. */
const SCAN_CHARS = 4000;

const RESOURCE_ARGS = ["url", "uri", "href", "path", "file", "filename", "file_path"];

export interface DeadEnd {
  /** Position of the decisive step of the dead end. */
  step: number;
  /** Position of the first later step of the agent that observed the same resource. */
  repeat: number;
  resource: string;
  /** Whether the decisive step is an ineffective action (else it is the step that landed on the resource). */
  noEffect: boolean;
}

/** The resource a step observes: the target of a tool call, else the first link in its observation part, or null. */
export function observedResource(g: EngineGraph, v: number): string | null {
  const args = g.steps[v].tool?.arguments;
  if (args && typeof args === "object" && !Array.isArray(args)) {
    const rec = args as Record<string, unknown>;
    for (const k of RESOURCE_ARGS) if (typeof rec[k] === "string" && rec[k]) return String(rec[k]);
  }
  const text = stepText(g.steps[v]).slice(0, SCAN_CHARS);
  const action = claimPart(text, observationAt(g.steps[v].attributes));
  // A move says what the agent did ("I clicked …") before what it saw; a bare page dump is an observation only.
  if (tokenize(action).size === 0) return null;
  if (action.length === text.length) return null;
  // The resource the observation shows, as the importer read it from the source (`culprit.observed_resource`).
  return observedResourceOf(g.steps[v].attributes) ?? null;
}

/** Tokens of what a step observed (its text after the observation marker). */
function observationTokens(g: EngineGraph, v: number): Set<string> {
  const text = stepText(g.steps[v]);
  const at = observationAt(g.steps[v].attributes);
  // Without an observation mark nothing in the first 20,000 characters was observed (the head the importers scan).
  return tokenize(text.slice(at ?? Math.min(text.length, 20_000)));
}

/** The agent's first dead end (see the module comment), or null when it never observed a resource twice in a row. */
export function firstDeadEnd(g: EngineGraph, agent: number): DeadEnd | null {
  let prev = -1;
  let prevResource: string | null = null;
  for (let v = 0; v < g.n; v++) {
    if (g.agentOf[v] !== agent || !(isAgentUtterance(g, v) || g.steps[v].kind === "tool_call")) continue;
    const resource = observedResource(g, v);
    if (resource === null) continue;
    if (prev >= 0 && resource === prevResource) {
      const noEffect = jaccard(observationTokens(g, prev), observationTokens(g, v)) >= NO_EFFECT_OVERLAP;
      return { step: noEffect ? v : prev, repeat: v, resource, noEffect };
    }
    prev = v;
    prevResource = resource;
  }
  return null;
}
