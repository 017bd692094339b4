/**
 * The name-blind check (`npm run eval -- --name-blind`): every agent's name is replaced by `Agent1…n`
 * wherever it is written (agent list, steps, roles, descriptions, message text, tool arguments) and in
 * the gold labels. Other people's systems name their agents differently; a verdict that changes when
 * only the names change rests on what the agents are called, not on what they did. Roles and
 * descriptions keep their other words: a declared role is the trace's content, a name is not.
 */
import type { TTrace } from "../trace/schema";
import type { EvalRecord } from "./records";

/**
 * The chat protocol's own roles: a transcript's "user" or "tool" is how the format speaks, not a name a
 * system's builders chose, and the words occur in every message ("the user asked"). Kept as they are.
 */
const PROTOCOL_ROLES = new Set(["user", "assistant", "tool", "system", "human", "function"]);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One pass over every string, longest names first so a name inside a longer one is not cut. */
function renamer(names: readonly string[]): (s: string) => string {
  // Case-insensitive: text writes a name as it pleases ("the product manager"), and the engine reads it so.
  const map = new Map<string, string>();
  names.forEach((n, i) => {
    const key = n.toLowerCase();
    if (!PROTOCOL_ROLES.has(key) && !map.has(key)) map.set(key, `Agent${i + 1}`);
  });
  const sorted = [...map.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  if (sorted.length === 0) return (s) => s;
  const re = new RegExp(`(?<![A-Za-z0-9_])(?:${sorted.map(escape).join("|")})(?![A-Za-z0-9_])`, "gi");
  return (s) => s.replace(re, (m) => map.get(m.toLowerCase()) ?? m);
}

function deep(value: unknown, rename: (s: string) => string): unknown {
  if (typeof value === "string") return rename(value);
  if (Array.isArray(value)) return value.map((v) => deep(v, rename));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[rename(k)] = deep(v, rename);
    return out;
  }
  return value;
}

/** Fields that are references or enums, never names: kept as they were. */
const STEP_KEPT = [
  "id",
  "sourceRef",
  "parentId",
  "kind",
  "status",
  "tokens",
  "costUsd",
  "startTime",
  "endTime",
] as const;
const RUN_KEPT = ["id", "outcome", "sourceFormat", "startedAt", "endedAt", "costUsd"] as const;

export function nameBlindRecord(r: EvalRecord): EvalRecord {
  const rename = renamer(r.trace.agents.map((a) => a.name));
  const trace = deep(r.trace, rename) as TTrace;
  trace.steps.forEach((s, i) => {
    const was = r.trace.steps[i] as Record<string, unknown>;
    for (const k of STEP_KEPT) if (k in was) (s as Record<string, unknown>)[k] = was[k];
  });
  const run = r.trace.run as Record<string, unknown>;
  for (const k of RUN_KEPT) if (k in run) (trace.run as Record<string, unknown>)[k] = run[k];
  trace.edges = r.trace.edges.map((e, i) => ({ ...e, evidence: trace.edges[i].evidence }));
  trace.schema = r.trace.schema;
  const gold = { ...r.gold, agent: r.gold.agent && rename(r.gold.agent), agents: r.gold.agents.map(rename) };
  return { ...r, trace, gold, groundTruth: r.groundTruth && rename(r.groundTruth) };
}
