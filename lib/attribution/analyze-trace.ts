/**
 * The offline attribution pipeline, as stages (each a pure function in `stages/`, tested on its own):
 * graph (`build-graph.ts`) → evidence: claims, provenance, detectors (`stages/evidence.ts`) →
 * failure model: propagation, repair games (`stages/failure-model.ts`) → decision
 * (`stages/decide-culprit.ts`) → blame (`stages/apportion-blame.ts`) → signals: roles,
 * interaction, flags, importance, training (`stages/signals.ts`) → report
 * (`stages/assemble-report.ts`). Pure and deterministic: same trace and config, byte-identical JSON.
 */
import type { TTrace } from "../trace/schema";
import { markParticipants } from "./model/participants";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { gatherEvidence } from "./stages/evidence";
import { modelFailure } from "./stages/failure-model";
import { decideCulprit } from "./stages/decide-culprit";
import { apportionBlame } from "./stages/apportion-blame";
import { deriveSignals } from "./stages/signals";
import { assembleReport } from "./stages/assemble-report";
import { buildCandidates, type CandidateTable } from "./model/candidates";
import type { AnalysisReport, EngineConfig } from "./types";
import { applyLearnedVerdict } from "./model/learned-verdict";
import { withFixes } from "./fixes/index";
import { markAblated } from "./ablation";
import { readableTrace } from "./readable-trace";

/** The stages up to the decision's evidence: graph, evidence, failure model, the rule features. */
function front(trace: TTrace, partial: Partial<EngineConfig>) {
  const config = resolveConfig(partial);
  const g = markAblated(buildGraph(trace, config), config.ablate);
  markParticipants(g);
  const evidence = gatherEvidence(g, config, trace.run.outcome);
  const model = modelFailure(g, config, evidence);
  const decided = decideCulprit(g, config, evidence, model);
  return { config, g, evidence, model, decided };
}

/** The learned decision's input for one trace (the evaluation caches it per record). */
export function extractCandidates(trace: TTrace, partial: Partial<EngineConfig> = {}): CandidateTable {
  const { config, g, evidence, model, decided } = front(readableTrace(trace), partial);
  return buildCandidates({ g, threshold: config.faultThreshold, ev: evidence, m: model, d: decided });
}

export function analyzeTrace(given: TTrace, partial: Partial<EngineConfig> = {}): AnalysisReport {
  const trace = readableTrace(given);
  const { config, g, evidence, model, decided } = front(trace, partial);
  const blame = apportionBlame(g, evidence, model, decided);
  const signals = deriveSignals(g, config, evidence, model, decided, blame);
  const report = assembleReport(trace, config, g, evidence, model, decided, blame, signals);
  const table = buildCandidates({ g, threshold: config.faultThreshold, ev: evidence, m: model, d: decided }, [
    decided.decisiveStep,
  ]);
  applyLearnedVerdict(report, g, table);
  // A fix per culprit, last: it reads only the finished report and the trace (lib/attribution/fixes).
  return withFixes(report, trace);
}
