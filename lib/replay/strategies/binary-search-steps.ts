/**
 * Binary search for the decisive step (§9.8): under monotonicity ("repairing every step up to t
 * succeeds for all t ≥ t*"), the earliest t* with f(t) = success is found in ⌈log₂ n⌉ + 1 replays,
 * where f(t) resamples steps 0..t. f(−1) is the original run, known to fail.
 */
import type { Intervention, ReplayFn } from "../protocol";

export interface ReplayStep {
  stepId: string;
  agent: string;
  sourceRef?: string;
}

export interface BinarySearchResult {
  /** The earliest step whose repair (with all before it) flips the outcome, or null. */
  decisiveStepId: string | null;
  decisiveAgent: string | null;
  probes: { upTo: string; index: number; outcome: "success" | "failure" }[];
  note: string;
}

export async function binarySearchSteps(steps: readonly ReplayStep[], replay: ReplayFn): Promise<BinarySearchResult> {
  const probes: BinarySearchResult["probes"] = [];
  const probe = async (t: number) => {
    const outcome = await replay(steps.slice(0, t + 1).map(resample));
    probes.push({ upTo: steps[t].stepId, index: t, outcome });
    return outcome === "success";
  };
  if (steps.length === 0)
    return { decisiveStepId: null, decisiveAgent: null, probes, note: "the run has no steps to resample" };
  if (!(await probe(steps.length - 1)))
    return {
      decisiveStepId: null,
      decisiveAgent: null,
      probes,
      note: "resampling every step still fails: the failure is not repairable by replay (environment, task or evaluator)",
    };
  let lo = -1; // fails
  let hi = steps.length - 1; // succeeds
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (await probe(mid)) hi = mid;
    else lo = mid;
  }
  const step = steps[hi];
  return {
    decisiveStepId: step.stepId,
    decisiveAgent: step.agent,
    probes,
    note: `repairing steps up to ${step.stepId} flips the outcome; up to the step before it does not`,
  };
}

function resample(step: ReplayStep): Intervention {
  return {
    agent: step.agent,
    stepId: step.stepId,
    ...(step.sourceRef ? { sourceRef: step.sourceRef } : {}),
    mode: "resample",
  };
}
