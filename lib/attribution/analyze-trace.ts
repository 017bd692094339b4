/**
 * The offline attribution pipeline, as stages (each a pure function in `stages/`, tested on its own):
 * graph (`build-graph.ts`) → evidence: claims, provenance, detectors (`stages/evidence.ts`) →
 * failure model: propagation, repair games (`stages/failure-model.ts`) → decision
 * (`stages/decide-culprit.ts`) → blame (`stages/apportion-blame.ts`) → signals: roles,
 * interaction, flags, importance, training (`stages/signals.ts`) → report
 * (`stages/assemble-report.ts`). Pure and deterministic: same trace and config, byte-identical JSON.
 */
import type { TTrace } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { gatherEvidence } from "./stages/evidence";
import { modelFailure } from "./stages/failure-model";
import { decideCulprit } from "./stages/decide-culprit";
import { apportionBlame } from "./stages/apportion-blame";
import { deriveSignals } from "./stages/signals";
import { assembleReport } from "./stages/assemble-report";
import type { AnalysisReport, EngineConfig } from "./types";
import { withFixes } from "./fixes/index";

export function analyzeTrace(trace: TTrace, partial: Partial<EngineConfig> = {}): AnalysisReport {
  const config = resolveConfig(partial);
  const g = buildGraph(trace, config);
  const evidence = gatherEvidence(g, config, trace.run.outcome);
  const model = modelFailure(g, config, evidence);
  const decided = decideCulprit(g, config, evidence, model);
  const blame = apportionBlame(g, evidence, model, decided);
  const signals = deriveSignals(g, config, evidence, model, decided, blame);
  // A fix per culprit reads only the finished report and the trace (lib/attribution/fixes).
  return withFixes(assembleReport(trace, config, g, evidence, model, decided, blame, signals), trace);
}
