/**
 * A number read from the wrong field of a small record ("reserved: 95" when 95 is the record's
 * in-transit count) contradicts the record, though the number is in it; a JSON key is the label of
 * its value. Coincidences in long listings, and statements that pair values with labels themselves,
 * are not swaps. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { extractClaims } from "./extract-claims";

const RECORD = '{"bin": "K-4", "on_shelf": 5120, "held": 410, "inbound": 75}';

function run(output: string, says: string) {
  return analyzeTrace(
    failedRun("How many units of bin K-4 are held?", [
      { id: "c", agent: "Stock", kind: "tool_call", content: "bin_status(bin: K-4)" },
      { id: "r", agent: "warehouse_db", kind: "tool_result", content: output },
      { id: "a", agent: "Stock", kind: "message", content: says },
      { id: "w", agent: "Writer", kind: "final", content: "Units held: 75." },
    ]),
  );
}

describe("a value read from another field of its record", () => {
  it("labels a JSON value with its key", () => {
    expect(extractClaims(RECORD).find((c) => c.value === "n:410")?.key).toBe("held");
  });

  it("contradicts the record when the statement names another field", () => {
    const r = run(RECORD, "Held units for bin K-4: 75.");
    expect(detectorsAt(r, "a")).toContain("contradicts-source");
    expect(r.decisive?.stepId).toBe("a");
  });

  it("is no swap when the statement names the value's own field", () => {
    expect(detectorsAt(run(RECORD, "Inbound units for bin K-4: 75."), "a")).not.toContain("contradicts-source");
  });

  it("is no swap when the statement pairs values and labels itself", () => {
    expect(detectorsAt(run(RECORD, "Of 410 held units, 75 are inbound."), "a")).not.toContain("contradicts-source");
  });

  it("is no swap in a long listing, where numbers recur by coincidence", () => {
    const listing = `{"bin": "K-4", ${Array.from({ length: 10 }, (_, i) => `"lane_${"abcdefghij"[i]}": ${100 + i}`).join(", ")}, "held": 410, "inbound": 75}`;
    expect(detectorsAt(run(listing, "Held units for bin K-4: 75."), "a")).not.toContain("contradicts-source");
  });
});
