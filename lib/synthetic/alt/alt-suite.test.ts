/**
 * The alternative generator: deterministic, every (topology, fault) pair in every wire, and labels
 * that point into the imported trace (decisive steps are the culprits' own steps; a rubber stamp
 * and the last agent to touch the error are never the culprit).
 */
import { describe, expect, it } from "vitest";
import { ALT_TOPOLOGY_FAULTS, altPairs, generateAltRun, generateAltSuite } from "./index";

describe("alternative synthetic suite", () => {
  const suite = generateAltSuite(150, "unit");

  it("is deterministic: the same seed gives byte-identical files and labels", () => {
    const again = generateAltSuite(150, "unit");
    expect(again.map((r) => r.text)).toEqual(suite.map((r) => r.text));
    expect(again.map((r) => r.label)).toEqual(suite.map((r) => r.label));
    expect(generateAltSuite(10, "other")[0].text).not.toEqual(suite[0].text);
  });

  it("covers every supported pair and all three wires", () => {
    const seen = new Set(suite.map((r) => `${r.label.topology}/${r.label.fault}`));
    expect(seen.size).toBe(altPairs().length);
    expect(new Set(suite.map((r) => r.label.wire))).toEqual(new Set(["canonical", "messages", "who-and-when"]));
    expect(() => generateAltRun("debate", "dropped-constraint", "x")).toThrow();
    expect(ALT_TOPOLOGY_FAULTS["review-loop"]).toContain("unchecked-approval");
  });

  it("labels failing runs with culprit steps that exist in the imported trace", () => {
    for (const { label, trace } of suite) {
      expect(trace.run.outcome).toBe(label.outcome);
      if (label.outcome === "success") {
        expect(label.fault).toBe("none");
        expect(label.culpritAgents).toEqual([]);
        continue;
      }
      expect(label.fault).not.toBe("none");
      expect(label.decisiveStepIds.length).toBe(label.culpritAgents.length);
      label.decisiveStepIds.forEach((id, i) => {
        const step = trace.steps.find((s) => s.id === id);
        expect(step?.agent, `${label.file} ${id}`).toBe(label.culpritAgents[i]);
      });
      if (label.rubberStampAgent) expect(label.culpritAgents).not.toContain(label.rubberStampAgent);
      if (label.lastTouchAgent) expect(label.culpritAgents).not.toContain(label.lastTouchAgent);
    }
  });

  it("writes approvals that restate nothing as well as approvals that restate the value", () => {
    const stamps = suite.filter((r) => r.label.rubberStampAgent);
    expect(stamps.some((r) => r.label.approvalRestates === false)).toBe(true);
    expect(stamps.some((r) => r.label.approvalRestates === true)).toBe(true);
  });

  it("gives agents neutral names in some runs and role words in others", () => {
    const roleWord = /reviewer|checker|judge|manager|writer|analyst|researcher|worker|proposer|debater/i;
    const neutral = suite.filter((r) => !r.label.agents.some((a) => roleWord.test(a)));
    expect(neutral.length).toBeGreaterThan(suite.length / 4);
    expect(neutral.length).toBeLessThan(suite.length);
  });
});
