/**
 * Undetermined verdicts on real engine reports: below the shipped threshold (or with an unknown
 * outcome) no root cause is named, the rule-based pick leads the suspects, and the probabilities
 * are a distribution. The demo runs (injected faults with clear evidence) stay determined.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importTrace } from "../../importers/index";
import { ZAnalysisReport } from "../report-schema";
import { analyzeTrace } from "../index";
import { markUndetermined } from "./undetermined";
import { MODEL } from "./weights";

const DEMO = path.join(import.meta.dirname, "../../../public/demo");
const demos = readdirSync(DEMO).filter((f) => f.endsWith(".json"));
const traceOf = (file: string) => importTrace(readFileSync(path.join(DEMO, file), "utf8"), { fileName: file }).trace;

describe("undetermined verdicts", () => {
  it("the shipped threshold is a probability below every demo run's fitted confidence", () => {
    expect(MODEL.undeterminedBelow).toBeGreaterThan(0);
    expect(MODEL.undeterminedBelow).toBeLessThan(0.5);
    expect(demos.length).toBeGreaterThanOrEqual(4);
    for (const f of demos) {
      const r = analyzeTrace(traceOf(f));
      expect(r.decisionSource, f).toBe("evidence");
      expect(r.decisive, f).not.toBeNull();
      expect(r.decisive!.confidence, f).toBeGreaterThanOrEqual(MODEL.undeterminedBelow);
      expect(r.suspects, f).toBeUndefined();
    }
  });

  it("below the threshold: decisive null, the rule pick first among ranked suspects", () => {
    const r = analyzeTrace(traceOf(demos[0]));
    const d = r.decisive!;
    const kinds = new Map(r.participants!.map((p) => [p.agent, p.kind]));
    expect(markUndetermined(r, kinds, d.confidence + 0.01)).toBe(true);
    expect(r.decisive).toBeNull();
    expect(r.decisionSource).toBe("undetermined");
    expect(r.suspects![0]).toMatchObject({ agent: d.agent, stepId: d.stepId, probability: d.confidence });
    expect(new Set(r.suspects!.map((s) => s.agent)).size).toBe(r.suspects!.length);
    const total = r.suspects!.reduce((s, x) => s + x.probability, 0);
    expect(total).toBeLessThanOrEqual(1 + 1e-6);
    if (r.suspects!.length > 1) expect(total).toBeCloseTo(1, 5);
    expect(r.agents.some((a) => a.role === "culprit")).toBe(false);
    expect(r.verdict).toMatch(/^Undetermined: .* suspects, most likely first: /);
    expect(r.verdict).not.toMatch(/Root cause/);
    expect(ZAnalysisReport.safeParse(r).success).toBe(true);
  });

  it("at or above the threshold nothing changes", () => {
    const r = analyzeTrace(traceOf(demos[0]));
    const before = JSON.stringify(r);
    const kinds = new Map(r.participants!.map((p) => [p.agent, p.kind]));
    expect(markUndetermined(r, kinds, r.decisive!.confidence)).toBe(false);
    expect(JSON.stringify(r)).toBe(before);
  });

  it("an unknown outcome never yields a root cause", () => {
    for (const f of demos) {
      const t = traceOf(f);
      const r = analyzeTrace({ ...t, run: { ...t.run, outcome: "unknown" } });
      expect(r.decisive, f).toBeNull();
      expect(
        r.agents.some((a) => a.role === "culprit"),
        f,
      ).toBe(false);
      if (r.analyzedAsFailure) {
        expect(r.decisionSource, f).toBe("undetermined");
        expect(r.suspects!.length, f).toBeGreaterThan(0);
      }
      expect(r.verdict, f).not.toMatch(/Root cause/);
    }
  });
});
