/**
 * The fitted weights the engine ships (`weights.json`, written by `npm run fit`): numbers and
 * provenance only, no record text. `sha` is the SHA-256 of the weights' canonical JSON, computed
 * by the fit, so a report says exactly which weights produced it.
 */
import raw from "./weights.json";

export interface ShippedModel {
  version: string;
  sha: string;
  confidence: Record<string, number>;
  /** Below this fitted confidence a failure verdict is undetermined (suspects only); chosen out of fold. */
  undeterminedBelow: number;
  provenance: Record<string, unknown>;
}

export const MODEL: ShippedModel = raw;
