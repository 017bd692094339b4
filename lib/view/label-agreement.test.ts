import { describe, expect, it } from "vitest";
import { labelAgreement } from "./label-agreement";
import { researchReport } from "./test-fixtures";

describe("labelAgreement", () => {
  const report = researchReport();
  it("compares agent and step, accepting the source reference", () => {
    expect(labelAgreement({ agent: "Researcher", stepId: "s4" }, report)).toEqual({ agent: "agrees", step: "agrees" });
    expect(labelAgreement({ agent: "Analyst", stepId: "s5" }, report)).toEqual({
      agent: "disagrees",
      step: "disagrees",
    });
    expect(labelAgreement({ agent: "Researcher", stepId: null }, report)).toEqual({
      agent: "agrees",
      step: "not-labelled",
    });
    const bySourceRef = { ...report, decisive: { ...report.decisive!, sourceRef: "6" } };
    expect(labelAgreement({ agent: null, stepId: "6" }, bySourceRef).step).toBe("agrees");
  });
  it("says when there is no verdict to compare with", () => {
    expect(labelAgreement({ agent: "Researcher", stepId: "s4" }, null)).toEqual({
      agent: "no-verdict",
      step: "no-verdict",
    });
    expect(labelAgreement({ agent: "Researcher", stepId: null }, { ...report, decisive: null }).agent).toBe(
      "no-verdict",
    );
  });
});
