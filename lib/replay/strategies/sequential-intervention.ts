/**
 * AgentGrad's sequential intervention (AgentGrad, arXiv 2609.08572; docs/record-replay.md): resample one agent at
 * a time, in priority order, and stop at the first agent whose repair alone flips the outcome.
 */
import type { ReplayFn } from "../protocol";

export interface SequentialTry {
  agent: string;
  outcome: "success" | "failure";
}

export interface SequentialResult {
  /** The first agent whose resampling made the run succeed, or null. */
  confirmed: string | null;
  tried: SequentialTry[];
  /** Candidates not tried because an earlier one flipped. */
  untried: string[];
}

export async function sequentialIntervention(
  candidates: readonly string[],
  replay: ReplayFn,
): Promise<SequentialResult> {
  const tried: SequentialTry[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const agent = candidates[i];
    const outcome = await replay([{ agent, mode: "resample" }]);
    tried.push({ agent, outcome });
    if (outcome === "success") return { confirmed: agent, tried, untried: candidates.slice(i + 1) };
  }
  return { confirmed: null, tried, untried: [] };
}
