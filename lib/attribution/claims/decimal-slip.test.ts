/**
 * A value restated with its decimal point moved ("12.5 kg" passed on as 125) is a misquote of its
 * source, as a small slip of digits is; a value that differs by more than a moved decimal point is
 * another value. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const task = "Quote the shipping cost for parcel P-88.";

function run(weightPassedOn: string) {
  return analyzeTrace(
    failedRun(task, [
      { id: "c1", agent: "Dana", kind: "tool_call", content: "get_parcel(id: P-88)" },
      { id: "r1", agent: "parcels_api", kind: "tool_result", content: "parcel: P-88\nweight: 12.5 kg\ndest: Lyon" },
      {
        id: "d1",
        agent: "Dana",
        kind: "tool_call",
        content: `shipping_quote(weight_kg=${weightPassedOn}, dest="Lyon")`,
        tool: { name: "shipping_quote", arguments: { weight_kg: Number(weightPassedOn), dest: "Lyon" } },
      },
      { id: "q1", agent: "shipping_api", kind: "tool_result", content: "Quote for the parcel to Lyon: $310.00" },
      { id: "f", agent: "Eli", kind: "final", content: "Shipping P-88 to Lyon costs $310.00." },
    ]),
  );
}

describe("a decimal point moved in a restated value", () => {
  it("is a misquote of the value it restates", () => {
    expect(detectorsAt(run("125"), "d1")).toContain("contradicts-source");
  });
  it("a value that moved by more than a slip, with no decimal point moved, is not read as one", () => {
    expect(detectorsAt(run("1250"), "d1")).not.toContain("contradicts-source");
  });
});
