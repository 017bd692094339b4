import { describe, expect, it } from "vitest";
import { analyzeTrace, ENGINE_VERSION } from "@/lib/attribution";
import { culpritUpstreamVictimLast } from "@/lib/attribution/test-graphs";
import { ZTrace } from "@/lib/trace/schema";
import { readStoredReport, readStoredStepReport } from "./read-report";

// Pure, but it imports a server-only module: it runs with the database project (no database used).
describe("readStoredReport", () => {
  const report = analyzeTrace(ZTrace.parse(culpritUpstreamVictimLast()));

  it("reads a current report as current", () => {
    expect(readStoredReport(JSON.parse(JSON.stringify(report)))).toEqual({ report, stale: null });
  });

  it("flags a report of an older engine or schema for re-analysis, and keeps fields a newer engine added", () => {
    const { schemaVersion: _, ...old } = JSON.parse(JSON.stringify(report));
    const v04 = { ...old, engineVersion: "0.4.0", futureField: { x: 1 } };
    const read = readStoredReport(v04)!;
    expect(read.stale).toMatch(/engine 0\.4\.0, before reports had a schema version/);
    expect((read.report as unknown as { futureField: unknown }).futureField).toEqual({ x: 1 });
    expect(readStoredReport({ ...report, engineVersion: "0.0.1" })!.stale).toBe(
      `written by engine 0.0.1; the current engine is ${ENGINE_VERSION}`,
    );
  });

  it("refuses what is not a report", () => {
    expect(readStoredReport(null)).toBeNull();
    expect(readStoredReport({ engineVersion: "0.4.0" })).toBeNull();
    expect(readStoredReport({ ...report, agents: [{ agent: "x", blame: 7 }] })).toBeNull();
  });

  it("reads one step's entry on its own, and refuses one that is not a step report", () => {
    const step = JSON.parse(JSON.stringify(report.steps[0]));
    expect(readStoredStepReport(step)).toEqual(report.steps[0]);
    expect(readStoredStepReport(undefined)).toBeNull();
    expect(readStoredStepReport({ ...step, detectors: "none" })).toBeNull();
    expect(readStoredStepReport({ stepId: step.stepId })).toBeNull();
  });
});
