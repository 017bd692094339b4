/**
 * A tool's result names its records (`item_id: 4471203312`, `tracking_id: 55012`). Those values are
 * filed under a key, so they are never read as values the tool stated; but an agent that quotes them
 * quotes its tool, and is no fabricator. An id no tool returned still is unsourced. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { detectorsAt, failedRun } from "./test-graphs";

const task = "Return the lamp from my last order and tell me the tracking number of the parcel.";

function run(agentSays: string) {
  return analyzeTrace(
    failedRun(task, [
      { id: "u", agent: "Customer", kind: "message", content: task },
      { id: "c", agent: "Support", kind: "tool_call", content: "get_order_details(order: last)" },
      {
        id: "r",
        agent: "orders_api",
        kind: "tool_result",
        content: "name: Desk Lamp\nitem_id: 4471203312\nprice: 39.5\ntracking_id: 55012380977\nstatus: delivered",
      },
      { id: "a", agent: "Support", kind: "final", content: agentSays },
    ]),
  );
}

const unsourced = (stepId: string, says: string) =>
  detectorsAt(run(says), stepId).filter((d) => d === "unsourced-value" || d === "ungrounded-value");

describe("record names in a tool's result", () => {
  it("ground the agent that quotes them", () => {
    const says = "I have returned the Desk Lamp (item 4471203312); the parcel's tracking number is 55012380977.";
    expect(unsourced("a", says)).toEqual([]);
  });
  it("do not ground an id the tool never returned", () => {
    const says = "I have returned the Desk Lamp (item 4471203312); the parcel's tracking number is 55012380112.";
    expect(unsourced("a", says).length).toBeGreaterThan(0);
  });
});
