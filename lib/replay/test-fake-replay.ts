/**
 * A fake system for strategy tests: the run fails unless every "required" fault is repaired.
 * Faults are steps; resampling an agent (no stepId) repairs all of its steps. `anyOf` groups model
 * redundant faults where repairing one of the group is enough.
 */
import type { Intervention, ReplayFn } from "./protocol";

export interface FakeFault {
  stepId: string;
  agent: string;
}

export function fakeReplay(required: FakeFault[][], calls: Intervention[][] = []): ReplayFn {
  return async (interventions) => {
    calls.push(interventions);
    const repaired = (f: FakeFault) =>
      interventions.some(
        (iv) => iv.mode === "resample" && iv.agent === f.agent && (iv.stepId === undefined || iv.stepId === f.stepId),
      );
    return required.every((group) => group.some(repaired)) ? "success" : "failure";
  };
}
