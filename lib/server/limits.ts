import "server-only";
import { config } from "./config";

// Limits read from the configuration (config.ts declares each variable, its bounds and default).

/** Maximum accepted upload, in bytes. CULPRIT_MAX_UPLOAD_MB overrides the 50 MB default. */
export const maxUploadBytes = () => config().CULPRIT_MAX_UPLOAD_MB * 1024 * 1024;
/** Runs with more steps than this are analyzed by the background worker instead of inline. */
export const inlineAnalysisMaxSteps = () => config().CULPRIT_INLINE_ANALYSIS_MAX_STEPS;
/** Heap cap of one import/analysis thread (MB); over it the job fails with 413, nothing else does. */
export const sandboxMemoryMb = () => config().CULPRIT_JOB_MEMORY_MB;
/** Import threads per process: imports and analyses beyond this wait in a queue. */
export const sandboxThreads = () => config().CULPRIT_JOB_THREADS;
/** Jobs allowed to wait for a thread; more get 503 (a global ingestion semaphore). */
export const sandboxQueueMax = () => config().CULPRIT_JOB_QUEUE;
/** Deadline for importing or decoding one upload or OTLP request. */
export const importTimeoutMs = () => config().CULPRIT_IMPORT_TIMEOUT_SECONDS * 1000;
/**
 * Deadline for importing or decoding `bytes` of input: 10 s plus 1 s per MB, at most the configured
 * one, so a small hostile input cannot hold an import thread for the full deadline (review M-2).
 */
export const importDeadlineMs = (bytes: number) =>
  Math.min(importTimeoutMs(), 10_000 + Math.ceil(bytes / 1_048_576) * 1000);
/** Deadline for one analysis in the background worker. */
export const analysisTimeoutMs = () => config().CULPRIT_ANALYSIS_TIMEOUT_SECONDS * 1000;
/**
 * Deadline for analyzing a run of `steps` steps: 30 s plus 3 s per 1,000 steps, at most the
 * configured one, so a pathological 3-step run cannot hold a worker slot for 15 minutes (review H-3).
 */
export const analysisDeadlineMs = (steps: number) =>
  Math.min(analysisTimeoutMs(), 30_000 + Math.ceil(steps / 1000) * 3000);
/** Time an upload waits for its inline analysis before handing it to the background worker. */
export const inlineAnalysisBudgetMs = () => config().CULPRIT_INLINE_ANALYSIS_SECONDS * 1000;
/** Caps applied before storing: steps and agents per run, spans per OTLP request and per live trace. */
export const maxSteps = () => config().CULPRIT_MAX_STEPS;
export const maxAgents = () => config().CULPRIT_MAX_AGENTS;
export const maxSpansPerRequest = () => config().CULPRIT_MAX_SPANS;
export const maxSpansPerTrace = () => config().CULPRIT_MAX_TRACE_SPANS;
/** Fields (span fields, attributes, events, links, their values) or JSON values per OTLP request, counted before decoding. */
export const maxOtlpFields = () => config().CULPRIT_MAX_OTLP_FIELDS;
/** Largest product of step counts /compare aligns (worst case O(n·m)); ~1 s per 30 M pairs. */
export const compareMaxCells = () => config().CULPRIT_COMPARE_MAX_CELLS;
export const compareTimeoutMs = () => config().CULPRIT_COMPARE_TIMEOUT_SECONDS * 1000;
/** Steps the /patterns spectrum reads per system (newest runs first, whole runs only). */
export const spectrumMaxSteps = () => config().CULPRIT_SPECTRUM_MAX_STEPS;
