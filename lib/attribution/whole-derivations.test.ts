/**
 * Values an agent works out correctly from what it read are not inventions: a total over a whole
 * table column or over every amount of an output, a fraction written as a percent, a conversion
 * between two units the agent names. The same value without that support stays unsourced, and the
 * writer who then invents a figure is the one blamed. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { detectorsAt, failedRun } from "./test-graphs";
import { groupTotals, namedConversions } from "./whole-derivations";

function run(task: string, output: string, says: string, writes: string) {
  return analyzeTrace(
    failedRun(task, [
      { id: "c", agent: "Clerk", kind: "tool_call", content: "lookup()" },
      { id: "r", agent: "ledger_api", kind: "tool_result", content: output },
      { id: "a", agent: "Clerk", kind: "message", content: says },
      { id: "w", agent: "Writer", kind: "final", content: writes },
    ]),
  );
}

const invented = (report: ReturnType<typeof run>) =>
  detectorsAt(report, "a").filter((d) => d === "ungrounded-value" || d === "unsourced-value");

const TABLE = "| crate | weight |\n|---|---|\n| C-1 | 1,234.50 |\n| C-2 | 980.25 |\n| C-3 | 415.00 |";

describe("derivations over a whole group, a percent, a named unit", () => {
  it("a table column's total is derived from the table", () => {
    const r = run(
      "What do the crates weigh together?",
      TABLE,
      "Together the crates weigh 2,629.75.",
      "Total: 2,629.75.",
    );
    expect(invented(r)).toEqual([]);
    const off = run(
      "What do the crates weigh together?",
      TABLE,
      "Together the crates weigh 2,692.75.",
      "Total: 2,692.75.",
    );
    expect(invented(off)).not.toEqual([]);
  });

  it("every amount of an output adds up to its total", () => {
    const fees = "filing fee $120.00; courier $35.50; stamp duty $44.50";
    const r = run(
      "What are the fees in total, and when is the hearing?",
      fees,
      "The fees come to $200.00.",
      "Fees: $200.00; the hearing is on 14 May 2025.",
    );
    expect(invented(r)).toEqual([]);
    expect(r.decisive?.agent).toBe("Writer");
  });

  it("a fraction is restated as a percent", () => {
    const r = run(
      "What share of parcels arrived late?",
      '{"late_share": 0.125}',
      "12.5% of parcels arrived late.",
      "12.5% arrived late.",
    );
    expect(invented(r)).toEqual([]);
  });

  it("a conversion counts only between units the step names", () => {
    const said = run(
      "What does the pallet weigh in kilograms?",
      "weight: 5,000 lb",
      "5,000 lb make 2,268 kg.",
      "2,268 kg.",
    );
    expect(invented(said)).toEqual([]);
    const unnamed = run("What does the pallet weigh?", "weight: 5,000", "The pallet weighs 2,268.", "2,268.");
    expect(invented(unnamed)).not.toEqual([]);
  });

  it("reads column totals and named units from text", () => {
    expect(groupTotals(TABLE).map((t) => Number(t.toFixed(2)))).toContain(2629.75);
    expect(groupTotals("one figure: 12")).toEqual([]);
    // Each key filed on two or more lines is a column of the record: its total, and no one figure's.
    expect(groupTotals("price: 113\nprice: 86\nfee: 54\nnote: price 40")).toEqual([199]);
    expect(groupTotals("price: 113 (old)\nprice: 86 per leg")).toEqual([]);
    expect(namedConversions("5,000 lb is about 2,268 kg")).toContain(0.45359237);
    expect(namedConversions("we met in the hall at 5")).toEqual([]);
  });
});
