/**
 * A short reply is held to the outputs it read when it could state or name a value: a label's plural
 * statement ("the statuses are …") is one, though none of the words a result statement opens with
 * is in it. A reply with nothing to compare ("shipped") is not. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const run = (reply: string) =>
  analyzeTrace(
    failedRun("Check the berth statuses at Gull Harbour.", [
      { id: "s0", agent: "planner", kind: "message", content: "Fetcher, check the berth statuses at Gull Harbour." },
      {
        id: "s1",
        agent: "fetcher",
        kind: "tool_call",
        content: "berths(harbour='Gull Harbour')",
        tool: { name: "berths" },
      },
      { id: "s2", agent: "tool", kind: "tool_result", content: '{"harbour": "Gull Harbour", "statuses": "pending"}' },
      { id: "s3", agent: "fetcher", kind: "message", content: reply },
      { id: "s4", agent: "planner", kind: "final", content: "The statuses are shipped." },
    ]),
  );

describe("a short reply after a lookup", () => {
  it("that states a label's value the output gave differently contradicts it, with 'are' or a colon", () => {
    expect(detectorsAt(run("the statuses are shipped"), "s3")).toContain("contradicts-output");
    expect(detectorsAt(run("statuses: shipped"), "s3")).toContain("contradicts-output");
  });
  it("near miss: not when it gives the output's value, or states no label at all", () => {
    expect(detectorsAt(run("the statuses are pending"), "s3")).not.toContain("contradicts-output");
    expect(detectorsAt(run("shipped"), "s3")).not.toContain("contradicts-output");
  });
});
