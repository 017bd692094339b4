import type { Detector, DetectorHit } from "./types";

/**
 * Injected evidence (`config.extraEvidence`: an LLM judge's verdicts, computed before the engine
 * runs) as detector hits, so it is fused by the same noisy-OR as every offline detector. The score
 * is weighted by the caller's confidence and capped like the rest; unknown step ids are ignored.
 */
export const detectExtraEvidence: Detector = ({ g, config }) => {
  const hits: DetectorHit[] = [];
  for (const e of config.extraEvidence ?? []) {
    const step = g.indexOf.get(e.stepId);
    const score = Math.min(0.99, Math.max(0, e.score) * Math.min(1, Math.max(0, e.weight ?? 1)));
    if (step === undefined || !(score > 0)) continue;
    hits.push({
      step,
      name: e.name,
      score,
      ...(e.mast ? { mast: e.mast } : {}),
      evidence: { stepIds: [e.stepId], note: e.note },
    });
  }
  return hits;
};
