import type { EngineGraph } from "../build-graph";
import type { EngineConfig, Evidence, MastMode } from "../types";

/** One detector firing on one step. `step` is the index of the step the fault is assigned to. */
export interface DetectorHit {
  step: number;
  name: string;
  score: number;
  mast?: MastMode;
  evidence: Evidence;
  /** The fault lies in the environment (budget, an unavailable service), not in an agent's judgement. */
  environmental?: boolean;
  /**
   * Evidence that can be a symptom of corrupted input rather than a new error (a wrong value, an
   * approval that failed to catch bad work). At a step that inherits corruption from an upstream
   * fault, such evidence does not make the step an independent origin (see `propagateBoolean`).
   */
  dependent?: boolean;
}

export interface DetectorContext {
  g: EngineGraph;
  config: EngineConfig;
  /** Whether the run is analysed as a failure (some detectors only make sense then). */
  failed: boolean;
  /** Findings computed before the detectors run (claim-level findings over value provenance). */
  precomputed?: DetectorHit[];
}

export type Detector = (ctx: DetectorContext) => DetectorHit[];
