/**
 * A share or a change written as a percent is computed from two numbers at hand (630 of 840 is
 * 75 %; 80 → 92 is +15 %): no invention. The same arithmetic is not tried for an amount that is not
 * written as a percent, for which almost any pair of numbers has a ratio that fits. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { detectorsAt, failedRun } from "./test-graphs";

const task = "What share of last week's support tickets was resolved?";

function run(analystSays: string) {
  return analyzeTrace(
    failedRun(task, [
      { id: "c", agent: "Analyst", kind: "tool_call", content: "ticket_stats(week: last)" },
      { id: "r", agent: "tickets_api", kind: "tool_result", content: "opened: 840\nresolved: 630\nescalated: 92" },
      { id: "a", agent: "Analyst", kind: "message", content: analystSays },
      { id: "w", agent: "Writer", kind: "final", content: "Report sent: see the analyst's figure above." },
    ]),
  );
}

const invented = (says: string) =>
  detectorsAt(run(says), "a").filter((d) => d === "ungrounded-value" || d === "unsourced-value");

describe("percentages computed from the numbers at hand", () => {
  it("a share written as a percent is derived, not invented", () => {
    expect(invented("Of the 840 tickets opened, 75% were resolved.")).toEqual([]);
  });
  it("the same number written as an amount is still unsourced", () => {
    expect(invented("Of the 840 tickets opened, the refund total came to $75.")).not.toEqual([]);
  });
});
