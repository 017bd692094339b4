/**
 * Public API of the attribution engine. Pure and deterministic: no I/O, no clock, seeded PRNG.
 */
export { ENGINE_VERSION, DEFAULT_CONFIG, resolveConfig } from "./config";
export { analyzeTrace } from "./analyze-trace";
export { toTrainingJsonl } from "./training-jsonl";
export type * from "./types";
export { REPORT_SCHEMA_VERSION, ZAnalysisReport, ZCliReportLine, reportJsonSchema } from "./report-schema";
