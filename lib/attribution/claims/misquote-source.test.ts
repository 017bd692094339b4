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

describe("a misquote that numbers at hand happen to make", () => {
  const record = (wear: number, a: number, b: number) =>
    `{"entity":"Ostler Junction","period":"period 4","wear_um":${wear},"inspections":${a},"sleepers_replaced":${b}}`;

  it("is still a misquote: 396 is 12 × 33, but the record gave 318 for the rail wear", () => {
    const r = run(record(318, 12, 33), "396");
    expect(r.decisive?.stepId).toBe("say");
    expect(r.decisive?.evidence.note).toContain("states 396 where look gave 318");
  });

  it("near misses: a step that writes an operand, a two-digit value, and a value made from the figure are no misquotes", () => {
    const shown = run(record(318, 12, 33), "396 (12 inspections of 33)");
    expect(shown.decisive?.evidence.note ?? "").not.toContain("where look gave 318");
    const small = run(record(42, 6, 9), "54");
    expect(small.decisive?.evidence.note ?? "").not.toContain("where look gave 42");
    // Made from the record's own figure (318 × 2): a computation on it, not a misquote of it.
    const doubled = run(record(318, 2, 33), "636");
    expect(doubled.decisive?.evidence.note ?? "").not.toContain("where look gave 318");
  });
});
