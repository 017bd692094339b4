import type { EngineConfig } from "./types";

/** Bump whenever a change can alter any report for the same input. */
export const ENGINE_VERSION = "0.10.189";

/** Defaults follow docs/methods.md unless a comment says otherwise. */
export const DEFAULT_CONFIG: EngineConfig = {
  faultThreshold: 0.5,
  transmitThreshold: 0,
  edgePriors: { message: 0.8, state: 0.9, delegation: 0.7, aggregation: 1 },
  shapleyExactMaxPlayers: 12,
  shapleyErrorTarget: 0.05,
  shapleyDelta: 0.05,
  shapleyMaxPermutations: 4000,
  seed: 42,
  maxCounterfactuals: 128,
  rewardDiscount: 0.7,
  correctiveBonus: 0.3,
  rewardBound: 1,
  redundancyPenalty: 0.2,
  sabotagePenalty: 0.5,
  lowImportanceFraction: 0.5,
};

/**
 * Merges a partial config over the defaults (edge priors merged per kind). An empty `ablate` list is
 * dropped, so the report's config is the same as without one.
 */
export function resolveConfig(partial: Partial<EngineConfig> = {}): EngineConfig {
  const { ablate, ...rest } = partial;
  return {
    ...DEFAULT_CONFIG,
    ...rest,
    edgePriors: { ...DEFAULT_CONFIG.edgePriors, ...(partial.edgePriors ?? {}) },
    ...(ablate?.length ? { ablate } : {}),
  };
}
