/**
 * Compile-time proof that the engine's TypeScript report type fits the zod schema: if a field of
 * `AnalysisReport` changes type or a required schema field goes missing, `tsc` fails here.
 */
import type { AnalysisReport } from "./types";
import type { TAnalysisReportV1 } from "./report-schema";

type Assignable<T extends U, U> = T;
export type ReportFitsSchema = Assignable<AnalysisReport, TAnalysisReportV1>;
