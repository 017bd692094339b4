/**
 * Stage 3: the failure model over the evidence. Faulty steps, corrective attempts that block
 * propagation, Boolean and probabilistic propagation over the typed edges, the step repair game
 * with first-error localization and responsibilities, the agent repair game (Shapley, Myerson,
 * leave-one-out), and the backward blame flow.
 */
import type { EngineGraph } from "../build-graph";
import { findCorrectiveAttempts } from "../corrective-attempts";
import { findAggregators } from "../aggregation-rules";
import { propagateBoolean, propagateProbabilistic, type PropagationInput } from "../propagation";
import { buildStepGame, type StepGame } from "../step-game";
import { localizeFirstError } from "../first-error";
import { responsibilities } from "../responsibility";
import { playAgentGame } from "../agent-game";
import { backwardFlow } from "../importance-flow";
import type { EngineConfig } from "../types";
import type { Evidence } from "./evidence";

export interface FailureModel {
  faulty: Uint8Array;
  corrective: ReturnType<typeof findCorrectiveAttempts>;
  blocked: Uint8Array;
  input: PropagationInput;
  boolean: ReturnType<typeof propagateBoolean>;
  probability: Float64Array;
  stepGame: StepGame;
  first: ReturnType<typeof localizeFirstError>;
  resp: ReturnType<typeof responsibilities>["resp"];
  agentGame: ReturnType<typeof playAgentGame>;
  blameFlow: ReturnType<typeof backwardFlow>;
}

export function modelFailure(g: EngineGraph, config: EngineConfig, ev: Evidence): FailureModel {
  const { fault, environmental } = ev.det;
  const faulty = new Uint8Array(g.n);
  if (ev.analyzedAsFailure) for (let v = 0; v < g.n; v++) faulty[v] = fault[v] >= config.faultThreshold ? 1 : 0;
  const corrective = findCorrectiveAttempts(g, fault, config.faultThreshold);
  const blocked = new Uint8Array(g.n);
  for (const c of corrective) if (c.blocks) blocked[c.step] = 1;
  const input: PropagationInput = { g, aggregators: findAggregators(g), blocked };
  const boolean = propagateBoolean(input, faulty, ev.det.dependent);
  // Only origins are players of the repair games; symptoms are repaired with their origin.
  const local = boolean.origins;
  const probability = propagateProbabilistic(input, ev.analyzedAsFailure ? fault : new Float64Array(g.n));
  const stepGame = buildStepGame(input, local, fault, config.maxCounterfactuals);
  const first = localizeFirstError(stepGame);
  const { resp } = responsibilities(stepGame, first.flips);
  const agentGame = playAgentGame(input, local, environmental, config);
  const blameFlow = backwardFlow(g, (v) => (ev.analyzedAsFailure && !environmental[v] ? fault[v] : 0));
  return { faulty, corrective, blocked, input, boolean, probability, stepGame, first, resp, agentGame, blameFlow };
}
