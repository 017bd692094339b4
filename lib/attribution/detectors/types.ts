import type { EngineGraph } from "../build-graph";
import type { EngineConfig, Evidence, MastMode } from "../types";

/** One detector firing on one step. `step` is the index of the step the fault is assigned to. */
export interface DetectorHit {
  step: number;
  name: string;
  score: number;
  mast?: MastMode;
  evidence: Evidence;
}

export interface DetectorContext {
  g: EngineGraph;
  config: EngineConfig;
  /** Whether the run is analysed as a failure (some detectors only make sense then). */
  failed: boolean;
}

export type Detector = (ctx: DetectorContext) => DetectorHit[];
