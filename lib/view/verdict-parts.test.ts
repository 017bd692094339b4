import { describe, expect, it } from "vitest";
import { verdictParts } from "./verdict-parts";
import { researchReport } from "./test-fixtures";

describe("verdictParts", () => {
  it("lists culprit, hops, victims and class", () => {
    const v = verdictParts(researchReport());
    expect(v).toMatchObject({
      culpritAgent: "Researcher",
      decisiveStepId: "s4",
      victims: ["Analyst", "Writer"],
      interaction: "amplified",
      confidence: 0.86,
      budgetNote: null,
    });
    expect(v.hops.map((h) => `${h.fromAgent}>${h.toAgent}`)).toEqual(["Researcher>Analyst", "Analyst>Writer"]);
  });
  it("notes a budget-limited run", () => {
    const r = researchReport();
    r.flags.tokenBudgetConfound = {
      budgetLimited: true,
      budgetShare: 0.25,
      totalTokens: 12000,
      evidence: { stepIds: [], note: "" },
    };
    expect(verdictParts(r).budgetNote).toContain("25%");
    expect(verdictParts(r).budgetNote).toContain("12,000");
  });
});
