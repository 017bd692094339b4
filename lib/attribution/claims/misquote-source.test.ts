/**
 * A misquoted figure is reported against the figure it misquotes: the handed number under the same
 * label, a slip away. A number an output writes only as a label ("period 4") is no figure to cite, and
 * a decimal with one digit changed (6.38 → 2.38) is a slip however far it moves the value. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { failedRun } from "../test-graphs";

const task = "For period 4, what was the rail wear of Ostler Junction?";

function run(record: string, relayed: string) {
  return analyzeTrace(
    failedRun(task, [
      {
        id: "ask",
        agent: "Lead",
        kind: "message",
        content: "Operator, look up Ostler Junction's rail wear (period 4).",
      },
      {
        id: "look",
        agent: "Operator",
        kind: "tool_call",
        content: "Pulling the record for Ostler Junction.",
        tool: { name: "depot_kpi", arguments: { entity: "Ostler Junction", period: "period 4" }, result: record },
      },
      {
        id: "say",
        agent: "Operator",
        kind: "message",
        content: `The rail wear for Ostler Junction comes to ${relayed} mm.`,
      },
      { id: "end", agent: "Lead", kind: "final", content: `FINAL ANSWER: ${relayed} mm` },
    ]),
  );
}

describe("the figure a misquote is reported against", () => {
  it("is the record's figure one digit away, not the label the record names", () => {
    const r = run('{"entity":"Ostler Junction","period":"period 4","wear_mm":6.38}', "2.38");
    expect(r.decisive?.stepId).toBe("say");
    expect(r.decisive?.evidence.note).toContain("states 2.38 where look gave 6.38");
  });
  it("near miss: a whole number one digit away is another value, not a slip to cite", () => {
    const r = run('{"entity":"Ostler Junction","period":"period 4","wear_um":638}', "238");
    expect(r.decisive?.evidence.note ?? "").not.toMatch(/where look gave (?:638|4)\b/);
  });
});
