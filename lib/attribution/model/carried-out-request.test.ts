/**
 * A request carried out (carried-out-request.ts): with no evidence against the agent, a simulated
 * user's request that the agent's last change carried out is the weak suspect, not the agent that
 * did the most work. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";

type Turn = [agent: string, content: string, kind?: "tool_result"];

function verdict(turns: Turn[]) {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: turns[0][1] },
    agents: [{ name: "Guest", kind: "task_giver" }, { name: "Clerk" }, { name: "shop_api" }],
    steps: turns.map(([agent, content, kind], i) => ({ id: `t${i}`, agent, kind: kind ?? "message", content })),
  });
  const r = analyzeTrace(t);
  return { rule: r.decision?.rule, agent: r.decisive?.agent, step: r.decisive?.stepId };
}

/** A guest changes an order through a clerk; every call succeeds and nothing contradicts anything. */
const opening: Turn[] = [
  ["Guest", "Hello, I would like to change the lamp in my pending order, please."],
  ["Clerk", "Of course. Which order is it, and which lamp would you like instead?"],
  ["Guest", "Order 5512. I would like the brass desk lamp instead of the steel one."],
  ["Clerk", 'get_order({"order_id": "5512"})'],
  ["shop_api", '{"items": [{"item": "steel desk lamp", "item_id": "81"}], "status": "pending"}', "tool_result"],
];
const confirmRound: Turn[] = [
  [
    "Clerk",
    "I will replace the steel desk lamp (81) in order 5512 with the brass desk lamp (82). Shall I make this change?",
  ],
  ["Guest", "Yes, please go ahead."],
];
const change: Turn[] = [
  ["Clerk", 'modify_items({"order_id": "5512", "item_ids": ["81"], "new_item_ids": ["82"]})'],
  [
    "shop_api",
    '{"order_id": "5512", "items": [{"item": "brass desk lamp", "item_id": "82"}], "status": "pending"}',
    "tool_result",
  ],
  ["Clerk", "Done: order 5512 now holds the brass desk lamp."],
  ["Guest", "Lovely, thank you so much for the quick help today."],
];

describe("a request carried out", () => {
  it("names the user's turn that asked for the last change, passing over the turn that only confirms it", () => {
    expect(verdict([...opening, ...confirmRound, ...change])).toEqual({
      rule: "request-carried-out",
      agent: "Guest",
      step: "t2",
    });
  });

  it("a confirming turn that adds or changes what to do is the request itself", () => {
    const amended: Turn[] = [
      confirmRound[0],
      ["Guest", "Yes, and actually make it the copper floor lamp with the linen shade, for the reading corner."],
    ];
    expect(verdict([...opening, ...amended, ...change])).toEqual({
      rule: "request-carried-out",
      agent: "Guest",
      step: "t6",
    });
  });

  it("passes over a confirmation that follows the user's own request", () => {
    const twice: Turn[] = [
      ...opening.slice(0, 3),
      ["Guest", "Yes, the brass desk lamp, please."],
      ...opening.slice(3),
      ...change,
    ];
    expect(verdict(twice)).toEqual({ rule: "request-carried-out", agent: "Guest", step: "t2" });
  });

  it("near misses: no change made, or a failed change, leaves the agent the suspect", () => {
    const readsOnly: Turn[] = [...opening, ["Clerk", "The brass lamp is out of stock, sorry."], change[3]];
    expect(verdict(readsOnly)).toMatchObject({ rule: "exposure-prior", agent: "Clerk" });
    const handedOver: Turn[] = [
      ...opening,
      ["Clerk", 'transfer_to_human_agents({"summary": "lamp change"})'],
      change[3],
    ];
    expect(verdict(handedOver)).toMatchObject({ rule: "exposure-prior", agent: "Clerk" });
    const failed: Turn[] = [
      ...opening,
      ...confirmRound,
      change[0],
      ["shop_api", "Error: item 82 is not available", "tool_result"],
      ...change.slice(2),
    ];
    expect(verdict(failed)).toMatchObject({ agent: "Clerk" });
  });
});
