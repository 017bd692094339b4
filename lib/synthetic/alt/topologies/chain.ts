/** Chain: a gatherer, a calculator and a writer hand work down the line; sometimes a reviewer sits before the writer. */
import type { Scene } from "../scene";
import type { World } from "../world";
import { carryOut, computeThroughTool, gatherAndSum, singleFact, type Cast, type Outcome } from "./flows";

export function chain(s: Scene, w: World): Outcome {
  const cast: Cast = {
    gatherer: w.agent("gatherer"),
    calculator: w.agent("calculator"),
    writer: w.agent("writer"),
  };
  if (s.rng.coin(0.4)) cast.reviewer = w.agent("reviewer");
  switch (s.fault) {
    case "contradiction-into-tool":
      return computeThroughTool(s, w, cast);
    case "false-success":
      return carryOut(s, w, cast);
    case "misquoted-output":
      return s.rng.coin() ? singleFact(s, w, cast) : gatherAndSum(s, w, cast);
    case "fabricated-value":
      return s.rng.coin(0.3) ? singleFact(s, w, cast) : gatherAndSum(s, w, cast);
    case "none": {
      const pick = s.rng.between(0, 3);
      if (pick === 0) return singleFact(s, w, cast);
      if (pick === 1) return computeThroughTool(s, w, cast);
      if (pick === 2) return carryOut(s, w, cast);
      return gatherAndSum(s, w, cast);
    }
    default:
      return gatherAndSum(s, w, cast);
  }
}
