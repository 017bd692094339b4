/**
 * A gated decision: the rule-based verdict, unless the fitted confidence model says it is unlikely
 * right (below a gate fitted on the training groups), in which case the fitted ranker's top agent
 * and step. Judged leave-one-source-out like every learner.
 */
import { fitConfidence, confidenceOf } from "../attribution/model/confidence";
import { FIT_DEFAULTS, fitRanker, type FitOptions } from "../attribution/model/fit";
import type { Item, Learner, Prediction } from "./loso";
import { predictWith, type TableInput, type VerdictInput } from "./learners";

export interface HybridInput {
  table: TableInput;
  verdict: VerdictInput;
}

interface HybridParams {
  confidence: Record<string, number>;
  ranker: Record<string, number>;
  gate: number;
}

const GATES = [0, 0.2, 0.3, 0.4, 0.5, 0.6];

function choose(p: HybridParams, it: Item<HybridInput>): Prediction {
  const c = confidenceOf(it.input.verdict.features, p.confidence);
  if (c >= p.gate) return { ...it.input.verdict.prediction, confidence: c };
  const w = { version: "gate", features: p.ranker, calibration: { a: 1, b: 0 }, undeterminedBelow: 0 };
  return { ...predictWith(w, it.input.table), confidence: c };
}

export function gatedDecision(options: FitOptions = FIT_DEFAULTS): Learner<HybridInput, HybridParams> {
  return {
    name: "gated decision",
    fit: (groups) => {
      const confidence = fitConfidence(
        groups.flatMap((g) =>
          g.map((it) => ({
            features: it.input.verdict.features,
            hit: it.gold.agents.includes(it.input.verdict.prediction.agents[0] ?? ""),
            w: 1 / (groups.length * g.length),
          })),
        ),
      );
      const ranker = fitRanker(
        groups.map((g) => g.map((it) => it.input.table.example)),
        options,
      );
      let best = { gate: 0, score: -1 };
      for (const gate of GATES) {
        let score = 0;
        for (const g of groups)
          for (const it of g)
            if (it.gold.agents.includes(choose({ confidence, ranker, gate }, it).agents[0] ?? ""))
              score += 1 / (groups.length * g.length);
        if (score > best.score + 1e-9) best = { gate, score };
      }
      return { confidence, ranker, gate: best.gate };
    },
    predict: choose,
  };
}
