/**
 * Blame bars for the agent panel: decides order, scale and whiskers; the component only draws.
 * Bars share one scale (0 … max(1, largest CI end)) so lengths compare across agents.
 */
import { scaleLinear } from "d3";
import type { AgentReport } from "../attribution/types";

export interface BlameBarRow {
  agent: string;
  role: AgentReport["role"];
  blame: number;
  barWidth: number;
  /** Confidence whisker in px, when the engine sampled (null for exact Shapley values). */
  whisker: [number, number] | null;
  tokens: number;
  blamePer1kTokens: number | null;
  lowImportance: boolean;
  label: string;
}

export function prepareBlameBars(agents: AgentReport[], width: number): BlameBarRow[] {
  const top = Math.max(0.0001, ...agents.map((a) => Math.max(a.blame, a.blameCi?.[1] ?? 0)));
  const x = scaleLinear()
    .domain([0, Math.min(1, top)])
    .range([0, width])
    .clamp(true);
  return [...agents]
    .sort((a, b) => b.blame - a.blame || (a.agent < b.agent ? -1 : 1))
    .map((a) => ({
      agent: a.agent,
      role: a.role,
      blame: a.blame,
      barWidth: Math.max(a.blame > 0 ? 1 : 0, x(a.blame)),
      whisker: a.blameCi ? [x(a.blameCi[0]), x(a.blameCi[1])] : null,
      tokens: a.tokens,
      blamePer1kTokens: a.blamePer1kTokens,
      lowImportance: a.lowImportance,
      label: a.blame.toFixed(2),
    }));
}
