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

const envNumber = (name: string, fallback: number, min = 1): number => {
  const n = Number(process.env[name] ?? fallback);
  return Number.isFinite(n) && n >= min ? n : fallback;
};

/** Heap cap of one import/analysis thread (MB); over it the job fails with 413, nothing else does. */
export const sandboxMemoryMb = () => envNumber("CULPRIT_JOB_MEMORY_MB", 1536, 64);
/** Import threads per process: imports and analyses beyond this wait in a queue. */
export const sandboxThreads = () => envNumber("CULPRIT_JOB_THREADS", 2);
/** Jobs allowed to wait for a thread; more get 503 (a global ingestion semaphore). */
export const sandboxQueueMax = () => envNumber("CULPRIT_JOB_QUEUE", 32, 0);
/** Deadline for importing or decoding one upload or OTLP request. */
export const importTimeoutMs = () => envNumber("CULPRIT_IMPORT_TIMEOUT_SECONDS", 30) * 1000;
/** Deadline for one analysis in the background worker. */
export const analysisTimeoutMs = () => envNumber("CULPRIT_ANALYSIS_TIMEOUT_SECONDS", 900) * 1000;
/** Time an upload waits for its inline analysis before handing it to the background worker. */
export const inlineAnalysisBudgetMs = () => envNumber("CULPRIT_INLINE_ANALYSIS_SECONDS", 5, 0) * 1000;
/** Caps applied before storing: steps and agents per run, spans per OTLP request and per live trace. */
export const maxSteps = () => envNumber("CULPRIT_MAX_STEPS", 200_000);
export const maxAgents = () => envNumber("CULPRIT_MAX_AGENTS", 2_000);
export const maxSpansPerRequest = () => envNumber("CULPRIT_MAX_SPANS", 100_000);
export const maxSpansPerTrace = () => envNumber("CULPRIT_MAX_TRACE_SPANS", 200_000);
/** Largest product of step counts /compare aligns (worst case O(n·m)); ~1 s per 30 M pairs. */
export const compareMaxCells = () => envNumber("CULPRIT_COMPARE_MAX_CELLS", 100_000_000);
export const compareTimeoutMs = () => envNumber("CULPRIT_COMPARE_TIMEOUT_SECONDS", 20) * 1000;
/** Steps the /patterns spectrum reads per system (newest runs first, whole runs only). */
export const spectrumMaxSteps = () => envNumber("CULPRIT_SPECTRUM_MAX_STEPS", 200_000);
