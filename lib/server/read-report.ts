import "server-only";
import { ENGINE_VERSION } from "@/lib/attribution/config";
import { REPORT_SCHEMA_VERSION, ZAnalysisReport, ZStepReport } from "@/lib/attribution/report-schema";
import type { AnalysisReport, StepReport } from "@/lib/attribution/types";

export interface StoredReport {
  report: AnalysisReport;
  /** Why the page should offer a re-analysis (an older engine or schema), or null when current. */
  stale: string | null;
}

/**
 * The one reader of stored reports: validates the JSON against the report schema (unknown fields
 * allowed) and says whether an older engine wrote it. A value that is not a report at all is null:
 * the page then shows "not analyzed" rather than crashing on a missing field.
 */
export function readStoredReport(value: unknown): StoredReport | null {
  if (value === null || value === undefined) return null;
  const parsed = ZAnalysisReport.safeParse(value);
  if (!parsed.success) {
    console.warn(
      `[report] a stored report does not match ${REPORT_SCHEMA_VERSION}: ${parsed.error.issues[0]?.message ?? "invalid"}`,
    );
    return null;
  }
  // Keep the original object: parsing strips fields a newer engine added.
  const report = value as AnalysisReport;
  const stale =
    report.schemaVersion !== REPORT_SCHEMA_VERSION
      ? `written by engine ${report.engineVersion}, before reports had a schema version`
      : report.engineVersion !== ENGINE_VERSION
        ? `written by engine ${report.engineVersion}; the current engine is ${ENGINE_VERSION}`
        : null;
  return { report, stale };
}

/**
 * One step's entry of a stored report, read on its own (a step detail must not parse a 100k-step
 * report): validated against the same schema's step part, null when it does not match.
 */
export function readStoredStepReport(value: unknown): StepReport | null {
  if (value === null || value === undefined) return null;
  // Keep the original object, as readStoredReport does.
  return ZStepReport.safeParse(value).success ? (value as StepReport) : null;
}
