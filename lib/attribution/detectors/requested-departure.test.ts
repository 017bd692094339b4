/**
 * The first call that departs from the expected actions: the agent that made it followed a request
 * that dictated its departing values (the request is the origin), or chose them itself (the call is).
 * Invented garden-shop runs; tool outputs are written as importers hand them over (`key: value`
 * lines, ids dropped).
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../analyze-trace";
import { parseExpectedActions } from "./expected-actions";
import { orderOutput, shopChat as trace, type Turn } from "./shop-chat";

const ORDER = orderOutput(
  [
    ["Rake", "21.50", "steel"],
    ["Trowel", "9.90", "aluminium"],
    ["Gloves", "7.25", "leather"],
  ],
  "delivered",
);

const opening: Turn[] = [
  ["Customer", "Hello, I want to send back some garden tools from my last order."],
  ["Clerk", "Sure. Could you give me your order number so I can look it up?"],
  ["Customer", "It is order #P-4410, thanks for checking it for me."],
  ["Clerk", 'get_order({"order_id": "#P-4410"})'],
  ["shop_api", ORDER, "tool_result"],
  ["Clerk", "Order #P-4410 holds a rake, a trowel and a pair of gloves. Which of them should go back?"],
];

const returnAll = JSON.stringify([
  { name: "get_order", kwargs: { order_id: "#P-4410" } },
  { name: "return_items", kwargs: { order_id: "#P-4410", item_ids: ["801", "802", "803"], refund_to: "card_17" } },
]);

const hitsOf = (r: ReturnType<typeof analyzeTrace>, name: string) =>
  r.steps.filter((s) => s.detectors.some((d) => d.name === name)).map((s) => s.stepId);

describe("expected actions as ground truth", () => {
  it("reads a list of tool calls, and nothing else", () => {
    expect(parseExpectedActions(returnAll)?.map((c) => c.name)).toEqual(["get_order", "return_items"]);
    expect(parseExpectedActions("42")).toBeNull();
    expect(parseExpectedActions("[1, 2, 3]")).toBeNull();
    expect(parseExpectedActions(undefined)).toBeNull();
    // Bounded before any pairing: a list longer than a graded run's is not read as one.
    const many = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ name: "add", kwargs: { i } })));
    expect(parseExpectedActions(many(200))).toHaveLength(200);
    expect(parseExpectedActions(many(201))).toBeNull();
  });
});

describe("a departing call the request dictated", () => {
  const run: Turn[] = [
    ...opening,
    ["Customer", "Please take back the rake and the trowel from order #P-4410, refund to my card."],
    ["Clerk", 'return_items({"order_id": "#P-4410", "item_ids": ["801", "802"], "refund_to": "card_17"})'],
    ["shop_api", `${ORDER}\nreturn_state: requested`, "tool_result"],
    ["Clerk", "Done: the rake and the trowel are on their way back. Anything else?"],
    ["Customer", "No, that is everything for today, thank you so much."],
  ];

  it("blames the request that left the third item out, not the clerk who followed it", () => {
    const r = analyzeTrace(trace(run, returnAll));
    expect(hitsOf(r, "requested-departure")).toEqual(["t6"]);
    expect(r.decisive?.agent).toBe("Customer");
    expect(r.decisive?.stepId).toBe("t6");
    // The error left the customer: the verdict must not say it stayed there.
    expect(r.verdict).toMatch(/the error (travelled Customer → Clerk|was carried on by Clerk)/);
  });

  it("is silent without expected actions (no ground truth, or an answer as ground truth)", () => {
    for (const gt of [undefined, "The rake and the trowel"]) {
      const r = analyzeTrace(trace(run, gt));
      expect(hitsOf(r, "requested-departure")).toEqual([]);
      expect(hitsOf(r, "unrequested-departure")).toEqual([]);
    }
  });
});

describe("a variant the request picked", () => {
  const cans = [
    "name: Watering Can",
    "size: 10 litre",
    "colour: green",
    "price: 14.00",
    "size: 10 litre",
    "colour: red",
    "price: 14.50",
    "size: 5 litre",
    "colour: green",
    "price: 9.00",
  ].join("\n");
  const before = [
    "name: Watering Can",
    "size: 5 litre",
    "colour: red",
    "price: 8.80",
    "name: Hose",
    "price: 30.00",
  ].join("\n");
  const after = before.replace(
    "size: 5 litre\ncolour: red\nprice: 8.80",
    "size: 10 litre\ncolour: green\nprice: 14.00",
  );
  const run: Turn[] = [
    ["Customer", "Hi, I would like a bigger watering can instead of the small one in my pending order."],
    ["Clerk", 'get_order({"order_id": "#P-77"})'],
    ["shop_api", before, "tool_result"],
    ["Clerk", 'get_product({"product_id": "55"})'],
    ["shop_api", cans, "tool_result"],
    ["Clerk", "I have the 10 litre can in green or in red. Which colour would you like?"],
    ["Customer", "The 10 litre one in green, please."],
    ["Clerk", "So: your 5 litre red can becomes the 10 litre green one. Shall I go ahead?"],
    ["Customer", "Yes, go ahead."],
    ["Clerk", 'swap_items({"order_id": "#P-77", "item_ids": ["901"], "new_item_ids": ["913"]})'],
    ["shop_api", after, "tool_result"],
    ["Clerk", "Your order now holds the 10 litre green watering can."],
    ["Customer", "Lovely, thanks, that was all I needed from you."],
  ];
  const expected = JSON.stringify([
    { name: "swap_items", kwargs: { order_id: "#P-77", item_ids: ["901"], new_item_ids: ["912"] } },
  ]);

  it("is blamed on the turn that picked it, not on the bare go-ahead", () => {
    const r = analyzeTrace(trace(run, expected));
    expect(hitsOf(r, "requested-departure")).toEqual(["t6"]);
    expect(r.decisive?.agent).toBe("Customer");
  });

  it("stays with the agent when the request left the variant open", () => {
    const open = run.map(
      (t): Turn => (t[0] === "Customer" && t[1].startsWith("The 10 litre") ? [t[0], "The 10 litre one, please."] : t),
    );
    const r = analyzeTrace(trace(open, expected));
    expect(hitsOf(r, "unrequested-departure")).toEqual(["t9"]);
    expect(r.decisive?.agent).toBe("Clerk");
  });
});

describe("a departing value the agent chose", () => {
  it("a refund method no request named is the agent's", () => {
    const run: Turn[] = [
      ...opening,
      ["Customer", "All three of them please: the rake, the trowel and the gloves."],
      ["Clerk", 'return_items({"order_id": "#P-4410", "item_ids": ["801", "802", "803"], "refund_to": "voucher_3"})'],
      ["shop_api", `${ORDER}\nreturn_state: requested`, "tool_result"],
      ["Clerk", "All three are on their way back; the refund goes to a store voucher."],
      ["Customer", "Alright then, thanks for sorting that out for me."],
    ];
    const r = analyzeTrace(trace(run, returnAll));
    expect(hitsOf(r, "unrequested-departure")).toEqual(["t7"]);
    expect(hitsOf(r, "requested-departure")).toEqual([]);
    expect(r.decisive?.agent).toBe("Clerk");
  });

  it("cancelling a whole order when the request named one of its things is the agent's", () => {
    const run: Turn[] = [
      ...opening,
      ["Customer", "Actually, just cancel the gloves, I do not need them any more."],
      ["Clerk", "I will cancel that for you now."],
      ["Customer", "Yes, cancel the gloves."],
      ["Clerk", 'cancel_order({"order_id": "#P-4410", "reason": "changed my mind"})'],
      ["shop_api", `${ORDER.replace("delivered", "cancelled")}`, "tool_result"],
      ["Clerk", "The order is cancelled."],
      ["Customer", "Thanks, bye for now and have a good day."],
    ];
    const expected = JSON.stringify([
      { name: "return_items", kwargs: { order_id: "#P-4410", item_ids: ["803"], refund_to: "card_17" } },
    ]);
    const r = analyzeTrace(trace(run, expected));
    expect(hitsOf(r, "unrequested-departure")).toEqual(["t9"]);
    expect(r.decisive?.agent).toBe("Clerk");
  });

  it("a run whose calls all match the expected ones has no departure", () => {
    const run: Turn[] = [
      ...opening,
      ["Customer", "All three of them please: the rake, the trowel and the gloves, refund to my card."],
      ["Clerk", 'return_items({"order_id": "#P-4410", "item_ids": ["801", "802", "803"], "refund_to": "card_17"})'],
      ["shop_api", `${ORDER}\nreturn_state: requested`, "tool_result"],
      ["Clerk", "All three are on their way back."],
      ["Customer", "Great, thanks for sorting that out for me today."],
    ];
    const r = analyzeTrace(trace(run, returnAll));
    expect(hitsOf(r, "unrequested-departure")).toEqual([]);
    expect(hitsOf(r, "requested-departure")).toEqual([]);
  });
});
