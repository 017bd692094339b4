/**
 * The verdict confidence with an out-of-fold calibration on top: inside the training groups, each
 * group is scored by a confidence model fitted on the others, and a Platt map σ(a·logit(p) + b) is
 * fitted to those held-out scores; the map then rescales the model fitted on all training groups.
 * So the map learns how far the fitted confidence overstates itself on systems it did not see.
 * Evaluation-only until it wins out of source (ADR 0027).
 */
import { confidenceOf, fitConfidence, isPrior, PRIOR_CAP } from "../attribution/model/confidence";
import { fitPlatt } from "../attribution/model/fit";
import { logit, sigmoid } from "../attribution/model/rank";
import { MODEL } from "../attribution/model/weights";
import type { VerdictInput } from "./learners";
import type { Item, Learner } from "./loso";

type Params = { weights: Record<string, number>; a: number; b: number };

const hitOf = (it: Item<VerdictInput>) => it.gold.agents.includes(it.input.prediction.agents[0] ?? "");

function fitOn(groups: Item<VerdictInput>[][]): Record<string, number> {
  const examples = groups.flatMap((g) =>
    g.map((it) => ({ features: it.input.features, hit: hitOf(it), w: 1 / (groups.length * g.length) })),
  );
  return fitConfidence(examples);
}

export function calibratedConfidence(below = MODEL.undeterminedBelow): Learner<VerdictInput, Params> {
  return {
    name: "calibrated confidence",
    fit: (groups) => {
      const pairs = groups.flatMap((g, i) => {
        const w = fitOn(groups.filter((_, j) => j !== i));
        return g.map((it) => ({ p: confidenceOf(it.input.features, w), hit: hitOf(it) }));
      });
      return { weights: fitOn(groups), ...fitPlatt(pairs) };
    },
    predict: (m, it) => {
      const raw = sigmoid(m.a * logit(confidenceOf(it.input.features, m.weights)) + m.b);
      const confidence = isPrior(it.input.features) ? Math.min(PRIOR_CAP, raw) : raw;
      const decided = it.input.prediction.agents.length > 0 && confidence >= below;
      return { ...it.input.prediction, confidence, decided };
    },
  };
}
