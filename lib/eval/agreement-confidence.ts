/**
 * The verdict confidence with two more features, both out of fold: whether a ranker fitted
 * without the item's own source names the same agent as the rules (`ens:agree`), and that ranker's
 * top probability (`ens:ranker-p`). Two different learners agreeing is a general signal that a
 * verdict is right; fitted on training sources whose agreement was itself computed held out.
 * Evaluation-only until it wins leave-one-source-out (ADR 0027).
 */
import { confidenceOf, fitConfidence } from "../attribution/model/confidence";
import { FIT_DEFAULTS, fitRanker, type FitOptions } from "../attribution/model/fit";
import { rank } from "../attribution/model/rank";
import { MODEL } from "../attribution/model/weights";
import type { HybridInput } from "./hybrid";
import type { Item, Learner } from "./loso";

type Params = { confidence: Record<string, number>; ranker: Record<string, number> };

function withAgreement(ranker: Record<string, number>, it: Item<HybridInput>): Record<string, number> {
  const { table } = it.input.table.example;
  const r = rank(table, { version: "agree", features: ranker, calibration: { a: 1, b: 0 }, undeterminedBelow: 0 });
  const top = r.agents[0];
  const agree = top !== undefined && table.agentNames[top.agent] === it.input.verdict.prediction.agents[0] ? 1 : 0;
  return { ...it.input.verdict.features, "ens:agree": agree, "ens:ranker-p": top?.probability ?? 0 };
}

const hitOf = (it: Item<HybridInput>) => it.gold.agents.includes(it.input.verdict.prediction.agents[0] ?? "");

export function agreementConfidence(
  options: FitOptions = FIT_DEFAULTS,
  below = MODEL.undeterminedBelow,
): Learner<HybridInput, Params> {
  const rankerOn = (groups: Item<HybridInput>[][]) =>
    fitRanker(
      groups.map((g) => g.map((it) => it.input.table.example)),
      options,
    );
  return {
    name: "agreement confidence",
    fit: (groups) => {
      const examples = groups.flatMap((g, i) => {
        const inner = rankerOn(groups.filter((_, j) => j !== i));
        return g.map((it) => ({
          features: withAgreement(inner, it),
          hit: hitOf(it),
          w: 1 / (groups.length * g.length),
        }));
      });
      return { confidence: fitConfidence(examples), ranker: rankerOn(groups) };
    },
    predict: (m, it) => {
      const confidence = confidenceOf(withAgreement(m.ranker, it), m.confidence);
      const decided = it.input.verdict.prediction.agents.length > 0 && confidence >= below;
      return { ...it.input.verdict.prediction, confidence, decided };
    },
  };
}
