/**
 * Confidence designs the evaluation compares with the shipped one (`model/confidence.ts`), each a
 * learner over the same verdicts, judged leave-one-source-out and 5-fold pooled by `npm run eval`:
 *
 * - the 0.9 model: logistic over the agent's kind and share of the work, whether repairing the step
 *   flips the outcome, and the run's size (candidates, candidate agents);
 * - participants as a feature: logistic over the shipped features with log k (the number of
 *   agents taking part) in place of the chance floor;
 * - pessimistic across sources: the shipped design fitted once per training source left out, the
 *   least of those confidences stated (what the fit would say had it not seen one of the systems);
 * - unfamiliar-run cap: the shipped design, capped at the training verdicts' accuracy when the run
 *   has more participants or spreads its work over more agents than any training run;
 * - run length: the shipped features plus the log of the run's candidate steps, never raising it.
 */
import {
  CONFIDENCE_SIGNS,
  confidenceOf,
  fitConfidence,
  type ConfidenceExample,
  type ConfidenceFitOptions,
} from "../attribution/model/confidence";
import { MODEL } from "../attribution/model/weights";
import type { VerdictInput } from "./learners";
import type { Item, Learner } from "./loso";
import { pick } from "./verdict-pool";

const hitOf = (it: Item<VerdictInput>) => it.gold.agents.includes(it.input.prediction.agents[0] ?? "");
type FeaturesOf = (it: Item<VerdictInput>) => Record<string, number>;

function examplesOf(groups: Item<VerdictInput>[][], features: FeaturesOf): ConfidenceExample[] {
  return groups.flatMap((g) =>
    g.map((it) => ({ features: features(it), hit: hitOf(it), w: 1 / (groups.length * g.length) })),
  );
}

function stated(it: Item<VerdictInput>, confidence: number, below: number) {
  return { ...it.input.prediction, confidence, decided: it.input.prediction.agents.length > 0 && confidence >= below };
}

/** A design that fits `fitConfidence` on its own view of the verdict's features. */
export function featureDesign(
  name: string,
  features: FeaturesOf,
  options: Partial<ConfidenceFitOptions> = {},
  below = MODEL.undeterminedBelow,
): Learner<VerdictInput, Record<string, number>> {
  return {
    name,
    fit: (groups) => fitConfidence(examplesOf(groups, features), options),
    predict: (w, it) => stated(it, confidenceOf(features(it), w), below),
  };
}

const poolOf = (it: Item<VerdictInput>) => it.input.pool ?? it.input.features;

export const ENGINE_09_FEATURES = [
  "bias",
  "kind:worker",
  "agent:work-share",
  "agent:majority",
  "cf:flips",
  "run:candidates",
  "run:agents",
];

/** The 0.9 confidence: logistic, L2 0.05, 400 iterations, no sign constraints. */
export const engine09Design = featureDesign("0.9 confidence", (it) => pick(poolOf(it), ENGINE_09_FEATURES), {
  iterations: 400,
  l2: 0.05,
  signs: {},
});

/** The shipped features with log k as a feature instead of a floor at 1/k. */
export const participantsAsFeatureDesign = featureDesign("participants as a feature", (it) =>
  pick(poolOf(it), ["bias", "agent:not-worker", "agent:majority", "run:effective-agents", "run:participants"]),
);

/**
 * The shipped features plus the run's length (log of its candidate steps), held to lower the
 * confidence: a longer run has more steps that could be the error and more ways to be wrong.
 */
export const runLengthDesign = featureDesign(
  "run length",
  (it) => {
    const pool = poolOf(it);
    return { ...it.input.features, "run:candidates": pool["run:candidates"] ?? 0 };
  },
  { signs: { ...CONFIDENCE_SIGNS, "run:candidates": -1 } },
);

/** The least confidence among fits that each left one training source out. */
export function pessimisticDesign(below = MODEL.undeterminedBelow): Learner<VerdictInput, Record<string, number>[]> {
  const features = (it: Item<VerdictInput>) => it.input.features;
  return {
    name: "pessimistic across sources",
    fit: (groups) =>
      groups.length < 2
        ? [fitConfidence(examplesOf(groups, features))]
        : groups.map((_, i) =>
            fitConfidence(
              examplesOf(
                groups.filter((_, j) => j !== i),
                features,
              ),
            ),
          ),
    predict: (ws, it) => stated(it, Math.min(...ws.map((w) => confidenceOf(it.input.features, w))), below),
  };
}

type Ranged = { w: Record<string, number>; maxParticipants: number; maxSpread: number; accuracy: number };

/** The shipped design, capped at the training accuracy on runs larger than any it was fitted on. */
export function unfamiliarCapDesign(below = MODEL.undeterminedBelow): Learner<VerdictInput, Ranged> {
  const participants = (it: Item<VerdictInput>) => poolOf(it)["run:participants"] ?? 0;
  const spread = (it: Item<VerdictInput>) => it.input.features["run:effective-agents"] ?? 0;
  return {
    name: "unfamiliar-run cap",
    fit: (groups) => {
      const examples = examplesOf(groups, (it) => it.input.features);
      const all = groups.flat();
      return {
        w: fitConfidence(examples),
        maxParticipants: Math.max(...all.map(participants)),
        maxSpread: Math.max(...all.map(spread)),
        accuracy: examples.reduce((s, e) => s + (e.hit ? e.w : 0), 0) / examples.reduce((s, e) => s + e.w, 0),
      };
    },
    predict: (m, it) => {
      const p = confidenceOf(it.input.features, m.w);
      const unfamiliar = participants(it) > m.maxParticipants + 1e-9 || spread(it) > m.maxSpread + 1e-9;
      return stated(it, unfamiliar ? Math.min(p, m.accuracy) : p, below);
    },
  };
}
