/**
 * Which agent of run A is which agent of run B. Formats spell names differently ("web_surfer" in
 * OTLP, "WebSurfer" in a chat log), so matching goes from strict to loose: exact name, normalized
 * name, then a declared role that only one unmatched agent holds on each side.
 */
import type { TAgent } from "../trace/schema";
import { normalizeAgentName } from "./normalize-content";

export interface AgentMatch {
  /** Agent name in run A, or null when it has no counterpart. */
  a: string | null;
  b: string | null;
  by: "name" | "normalized-name" | "role" | "unmatched";
  /** Shared key of the pair, used in step signatures (unmatched agents get a side-specific key). */
  key: string;
}

/** Matches agents of two runs; output order: A's agents in their order, then B's unmatched agents. */
export function matchAgents(agentsA: TAgent[], agentsB: TAgent[]): AgentMatch[] {
  const partnerOfA = new Map<string, { b: string; by: AgentMatch["by"] }>();
  const takenB = new Set<string>();
  const namesB = new Set(agentsB.map((x) => x.name));
  for (const agent of agentsA)
    if (namesB.has(agent.name)) {
      partnerOfA.set(agent.name, { b: agent.name, by: "name" });
      takenB.add(agent.name);
    }
  const pass = (by: AgentMatch["by"], keyOf: (agent: TAgent) => string | undefined) => {
    const freeA = agentsA.filter((x) => !partnerOfA.has(x.name));
    const freeB = agentsB.filter((x) => !takenB.has(x.name));
    const uniqueB = uniqueBy(freeB, keyOf);
    const uniqueA = uniqueBy(freeA, keyOf);
    for (const [key, agentA] of uniqueA) {
      const agentB = uniqueB.get(key);
      if (!agentB) continue;
      partnerOfA.set(agentA.name, { b: agentB.name, by });
      takenB.add(agentB.name);
    }
  };
  pass("normalized-name", (x) => normalizeAgentName(x.name) || undefined);
  pass("role", (x) => (x.role ? x.role.trim().toLowerCase() : undefined) || undefined);
  const matches: AgentMatch[] = agentsA.map((x) => {
    const partner = partnerOfA.get(x.name);
    return partner
      ? { a: x.name, b: partner.b, by: partner.by, key: `=${x.name}` }
      : { a: x.name, b: null, by: "unmatched", key: `a:${x.name}` };
  });
  for (const x of agentsB)
    if (!takenB.has(x.name)) matches.push({ a: null, b: x.name, by: "unmatched", key: `b:${x.name}` });
  return matches;
}

/** Agents by key, keeping only keys that exactly one agent has (ambiguous keys match nothing). */
function uniqueBy(agents: TAgent[], keyOf: (agent: TAgent) => string | undefined): Map<string, TAgent> {
  const seen = new Map<string, TAgent | null>();
  for (const agent of agents) {
    const key = keyOf(agent);
    if (key === undefined) continue;
    seen.set(key, seen.has(key) ? null : agent);
  }
  const out = new Map<string, TAgent>();
  for (const [key, agent] of seen) if (agent) out.set(key, agent);
  return out;
}
