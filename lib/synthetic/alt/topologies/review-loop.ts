/**
 * Reviewer loop: a proposer drafts with tools, a reviewer may ask for a cosmetic revision, then
 * approves (restating the value, or with a bare "LGTM"), and the proposer publishes. Faults are
 * the proposer's (an invented or misquoted value, a wrong sum, a misquote fed to a calculator, an
 * action claimed done); the reviewer's approval is a missed check, never the origin.
 */
import type { Scene } from "../scene";
import type { World } from "../world";
import { carryOut, computeThroughTool, gatherAndSum, singleFact, type Cast, type Outcome } from "./flows";

export function reviewLoop(s: Scene, w: World): Outcome {
  const { rng } = s;
  const proposer = w.agent("proposer");
  const reviewer = w.agent("reviewer");
  // The proposer does the work and publishes; the reviewer stands between draft and answer.
  const cast: Cast = { gatherer: proposer, calculator: proposer, writer: proposer, reviewer };
  switch (s.fault) {
    case "unchecked-approval": {
      const kind = rng.between(0, 2);
      s.fault = kind === 0 ? "fabricated-value" : kind === 1 ? "misquoted-output" : "wrong-arithmetic";
      return kind === 1 ? singleFact(s, w, cast) : gatherAndSum(s, w, cast);
    }
    case "contradiction-into-tool":
      return computeThroughTool(s, w, cast);
    case "false-success":
      return carryOut(s, w, cast);
    case "misquoted-output":
      return singleFact(s, w, cast);
    default: {
      const pick = rng.between(0, 2);
      if (pick === 0) return singleFact(s, w, cast);
      if (pick === 1) return computeThroughTool(s, w, cast);
      return gatherAndSum(s, w, cast);
    }
  }
}
