/**
 * The two learners the evaluation compares: the engine as it ships (its report, nothing fitted,
 * so every scheme gives it the same figure) and the learned decision refitted per fold on cached
 * candidate tables (one engine run per record, however many refits).
 */
import type { AnalysisReport } from "../attribution/index";
import type { CandidateTable } from "../attribution/model/candidates";
import { FIT_DEFAULTS, fitModel, type Example, type FitOptions } from "../attribution/model/fit";
import { rank, type ModelWeights } from "../attribution/model/rank";
import type { Gold, Item, Learner, Prediction } from "./loso";
import {
  confidenceOf,
  decisiveRow,
  fitConfidence,
  verdictFeatures,
  type ConfidenceFitOptions,
} from "../attribution/model/confidence";
import { verdictPool } from "./verdict-pool";
import type { EvalRecord } from "./records";
import { MODEL } from "../attribution/model/weights";

export function goldOf(r: EvalRecord): Gold {
  const id = r.gold.stepIds[0];
  return { agents: r.gold.agents, stepIndex: id === undefined ? -1 : r.trace.steps.findIndex((s) => s.id === id) };
}

/** The shipped engine's verdict as a prediction: the decisive agent (else the top suspect), then the blame order. */
export function reportPrediction(r: EvalRecord, report: AnalysisReport): Prediction {
  // An undetermined verdict is scored by its top suspect (its probability is the stated confidence).
  const suspects = report.suspects ?? [];
  const first = report.decisive ?? suspects[0];
  const order = [
    ...(first ? [first.agent] : []),
    ...suspects.map((s) => s.agent),
    ...report.agents.map((a) => a.agent),
  ];
  const stepId = report.decisive?.stepId ?? suspects[0]?.stepId;
  return {
    agents: order.filter((a, i) => order.indexOf(a) === i),
    stepIndex: stepId === undefined ? -1 : r.trace.steps.findIndex((s) => s.id === stepId),
    confidence: report.decisive?.confidence ?? suspects[0]?.probability ?? 0,
    decided: report.decisive !== null,
  };
}

export const shippedEngine: Learner<Prediction, null> = {
  name: "engine as shipped",
  fit: () => null,
  predict: (_, it) => it.input,
};

export interface TableInput {
  example: Example;
  /** Trace index of each candidate row. */
  traceIndex: number[];
}

export function tableInput(r: EvalRecord, table: CandidateTable): TableInput {
  const index = new Map(r.trace.steps.map((s, i) => [s.id, i]));
  const gold = goldOf(r);
  const goldId = gold.stepIndex >= 0 ? r.trace.steps[gold.stepIndex].id : undefined;
  const goldRows: number[] = [];
  table.agentOf.forEach((a, row) => {
    if (r.gold.agents.includes(table.agentNames[a])) goldRows.push(row);
  });
  return {
    example: { table, goldRows, goldStep: goldId === undefined ? -1 : table.stepIds.indexOf(goldId) },
    traceIndex: table.stepIds.map((id) => index.get(id) ?? -1),
  };
}

export function predictWith(weights: ModelWeights, input: TableInput): Prediction {
  const { table } = input.example;
  const ranking = rank(table, weights);
  const top = ranking.agents[0];
  return {
    agents: ranking.agents.map((a) => table.agentNames[a.agent]),
    stepIndex: top ? input.traceIndex[top.row] : -1,
    confidence: ranking.confidence,
    decided: top !== undefined && ranking.confidence >= weights.undeterminedBelow,
  };
}

export function learnedDecision(
  options: FitOptions = FIT_DEFAULTS,
  exclude: ReadonlySet<string> = new Set(),
  name = "learned decision",
): Learner<TableInput, ModelWeights> {
  return {
    name,
    fit: (groups: Item<TableInput>[][]) =>
      fitModel(
        groups.map((g) => g.map((i) => i.input.example)),
        options,
        exclude,
      ),
    predict: (w, it) => predictWith(w, it.input),
  };
}

export interface VerdictInput {
  /** The engine's verdict (agents, step). */
  prediction: Prediction;
  /** Features of the step the rule-based decision named (see `verdictFeatures`). */
  features: Record<string, number>;
  /** More features of the same verdict, for the confidence designs the evaluation compares (`verdict-pool.ts`). */
  pool?: Record<string, number>;
}

export function verdictInput(prediction: Prediction, table: CandidateTable): VerdictInput {
  const row = decisiveRow(table);
  const agent = table.agentNames.indexOf(prediction.agents[0] ?? "");
  return { prediction, features: verdictFeatures(table, row, agent), pool: verdictPool(table, row, agent) };
}

/** The engine's verdict with its confidence from a confidence model fitted on the training groups. */
export function learnedConfidence(
  options: Partial<ConfidenceFitOptions> = {},
  below = MODEL.undeterminedBelow,
): Learner<VerdictInput, Record<string, number>> {
  return {
    name: "learned confidence",
    fit: (groups) =>
      fitConfidence(
        groups.flatMap((g) =>
          g.map((it) => ({
            features: it.input.features,
            hit: it.gold.agents.includes(it.input.prediction.agents[0] ?? ""),
            w: 1 / (groups.length * g.length),
          })),
        ),
        options,
      ),
    predict: (w, it) => {
      const confidence = confidenceOf(it.input.features, w);
      // Stated only at or above the shipped threshold; below it the verdict is undetermined (top suspect scored).
      const decided = it.input.prediction.agents.length > 0 && confidence >= below;
      return { ...it.input.prediction, confidence, decided };
    },
  };
}
