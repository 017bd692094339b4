import "server-only";

/** Maximum accepted upload, in bytes. CULPRIT_MAX_UPLOAD_MB overrides the 50 MB default. */
export function maxUploadBytes(): number {
  const mb = Number(process.env.CULPRIT_MAX_UPLOAD_MB ?? "50");
  return Math.max(0.001, Number.isFinite(mb) ? mb : 50) * 1024 * 1024;
}

/** Runs with more steps than this are analyzed by the background worker instead of inline. */
export function inlineAnalysisMaxSteps(): number {
  return Number(process.env.CULPRIT_INLINE_ANALYSIS_MAX_STEPS ?? "5000");
}
