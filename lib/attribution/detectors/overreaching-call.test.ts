/**
 * A destructive call that takes a whole container when the request named part of it. Invented
 * garden-shop runs; tool outputs are written as importers hand them over (`key: value` lines, ids
 * dropped).
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../analyze-trace";
import { namesThing, wordsOf } from "./request-words";
import { orderOutput, shopChat as trace, type Turn } from "./shop-chat";

const ORDER = orderOutput(
  [
    ["Rake", "21.50", "steel"],
    ["Trowel", "9.90", "aluminium"],
    ["Hedge Shears", "17.25", "carbon steel"],
  ],
  "pending",
);

const opening: Turn[] = [
  ["Customer", "Hello, I ordered some garden tools last week and want to change my plans."],
  ["Clerk", "Sure. Could you give me your order number so I can look it up?"],
  ["Customer", "It is #P-4410, thanks for checking it for me."],
  ["Clerk", 'get_order({"order_id": "#P-4410"})'],
  ["shop_api", ORDER, "tool_result"],
  ["Clerk", "I found it: it is still pending. What would you like to change?"],
];

/** The customer's request, the clerk's reply, the customer's go-ahead, then the clerk's call. */
function run(request: string, reply: string, call: string): Turn[] {
  return [
    ...opening,
    ["Customer", request],
    ["Clerk", reply],
    ["Customer", "Yes, please go ahead with that."],
    ["Clerk", call],
    ["shop_api", ORDER.replace("status: pending", "status: cancelled"), "tool_result"],
    ["Clerk", "Done. Anything else I can help with today?"],
    ["Customer", "No, that is all, thank you."],
  ];
}

const CANCEL = 'cancel_order({"order_id": "#P-4410", "reason": "plans changed"})';
const hitsOf = (r: ReturnType<typeof analyzeTrace>) =>
  r.steps.filter((s) => s.detectors.some((d) => d.name === "overreaching-call")).map((s) => s.stepId);

describe("a request names things in either number", () => {
  it("reads a singular for a plural name and a plural for a singular one", () => {
    expect(namesThing(wordsOf("cancel the shear please"), "hedge shears")).toBe(true);
    expect(namesThing(wordsOf("cancel the rakes please"), "rake")).toBe(true);
    expect(namesThing(wordsOf("cancel the hedge please"), "hedge shears")).toBe(false);
  });
});

describe("a destructive call that takes the whole container", () => {
  it("is the error when the request named one of its things", () => {
    const r = analyzeTrace(
      trace(
        run(
          "I no longer need the hedge shears. Can you cancel the shears for me?",
          "The shears can be cancelled since the order is pending. Shall I go ahead?",
          CANCEL,
        ),
      ),
    );
    expect(hitsOf(r)).toEqual(["t9"]);
    expect(r.decisive?.stepId).toBe("t9");
    expect(r.decisive?.agent).toBe("Clerk");
    const note = r.steps.find((s) => s.stepId === "t9")?.detectors.find((d) => d.name === "overreaching-call");
    expect(note?.evidence.note).toContain("rake, trowel as well");
    expect(note?.evidence.stepIds).toEqual(["t9", "t6"]);
  });

  it("is no error when the request spoke of the container itself", () => {
    const r = analyzeTrace(
      trace(
        run(
          "Please cancel the order with the hedge shears in it.",
          "The order is pending, so it can be cancelled. Shall I go ahead?",
          CANCEL,
        ),
      ),
    );
    expect(hitsOf(r)).toEqual([]);
  });

  it("is no error when the agent said the whole container goes", () => {
    for (const reply of [
      "Cancelling removes the entire purchase, not just the shears. Shall I go ahead?",
      "That cancels the rake, the trowel and the shears together. Shall I go ahead?",
    ]) {
      const r = analyzeTrace(trace(run("Can you cancel the shears for me?", reply, CANCEL)));
      expect(hitsOf(r)).toEqual([]);
    }
  });

  it("is no error when the request named every thing", () => {
    const r = analyzeTrace(
      trace(run("Cancel the rake, the trowel and the shears, please.", "They can be cancelled. Go ahead?", CANCEL)),
    );
    expect(hitsOf(r)).toEqual([]);
  });

  it("reads only calls that remove, without a list of what to act on", () => {
    const ask = "Can you cancel the shears for me?";
    const reply = "The shears can be cancelled. Shall I go ahead?";
    const address = 'update_order_address({"order_id": "#P-4410", "city": "York"})';
    const listed = 'cancel_order_items({"order_id": "#P-4410", "item_ids": ["803"]})';
    expect(hitsOf(analyzeTrace(trace(run(ask, reply, address))))).toEqual([]);
    expect(hitsOf(analyzeTrace(trace(run(ask, reply, listed))))).toEqual([]);
  });

  it("leaves a run graded by its expected calls to the departure from them", () => {
    const expected = JSON.stringify([
      { name: "get_order", kwargs: { order_id: "#P-4410" } },
      { name: "cancel_order_items", kwargs: { order_id: "#P-4410", item_ids: ["803"] } },
    ]);
    const r = analyzeTrace(
      trace(run("Can you cancel the shears for me?", "The shears can be cancelled. Go ahead?", CANCEL), expected),
    );
    expect(hitsOf(r)).toEqual([]);
    expect(r.steps.find((s) => s.stepId === "t9")?.detectors.map((d) => d.name)).toContain("unrequested-departure");
  });

  it("reads only failed runs", () => {
    const r = analyzeTrace(
      trace(
        run("Can you cancel the shears for me?", "The shears can be cancelled. Go ahead?", CANCEL),
        undefined,
        "success",
      ),
    );
    expect(hitsOf(r)).toEqual([]);
  });
});
