/**
 * The magnitude of a negative number a source printed ("-17.35%", a ledger's "-2318") is that
 * number restated ("a 17.35% decline", "a refund of $2,318"), not a new one; stated as a rise, or
 * with no negative at hand, it is still the writer's own. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { riseNumbers } from "./signed-change";

function run(printed: string, says: string) {
  return analyzeTrace(
    failedRun("How did the price of pear futures move last month?", [
      { id: "c", agent: "Analyst", kind: "tool_call", content: "price_change(item: pear futures, period: month)" },
      { id: "r", agent: "market_api", kind: "tool_result", content: printed },
      { id: "a", agent: "Analyst", kind: "final", content: says },
    ]),
  );
}

const unsourced = (r: ReturnType<typeof run>) =>
  detectorsAt(r, "a").filter((d) => d === "ungrounded-value" || d === "unsourced-value");

describe("words of rise", () => {
  it.each([
    ["up 17.35%", "17.35"],
    ["a 17.35% rise over the month", "17.35"],
    ["the price rose by about 17.35%", "17.35"],
    ["a gain of $2,318", "2318"],
    ["5 percentage points higher", "5"],
  ])("reads %j as a rise of %s", (text, x) => {
    expect([...riseNumbers(text)]).toEqual([x]);
  });

  it.each([
    "down 17.35%",
    "a 17.35% decline",
    "up to 80 units",
    "rose from 20 to 15",
    "17.35% of buyers",
    "a refund of $2,318",
  ])("near miss: %j states no rise", (text) => {
    expect([...riseNumbers(text)]).toEqual([]);
  });
});

describe("the magnitude of a negative at hand", () => {
  it.each([
    ["percentage change over past month: -17.35%", "Pear futures saw a 17.35% decline last month."],
    ["percentage change over past month: -17.35%", "Pear futures fell 17.35% last month."],
    ["percentage change over past month: -17.35%", "Pear futures moved 17.35% last month."],
    ["net change in dollars: -2318", "Pear futures posted a loss of $2,318 last month."],
    ['{"payment_history": [{"amount": 4100}, {"amount": -2318}]}', "A refund of $2,318 went back to the card."],
  ])("takes %j as the source of %j", (printed, says) => {
    expect(unsourced(run(printed, says))).toEqual([]);
  });

  it.each([
    ["percentage change over past month: -17.35%", "Pear futures saw a 17.35% rise last month."],
    ["percentage change over past month: -17.35%", "Pear futures were up 17.35% last month."],
    ["percentage change over past month: 17.11%", "Pear futures saw a 17.35% decline last month."],
    ["percentage change over past month: -17.35%", "Pear futures saw a 17.53% decline last month."],
    ["percentage change over past month: 17.35%", "Pear futures saw a -17.35% change last month."],
  ])("near miss: %j then %j is still a value of the writer's own", (printed, says) => {
    expect(unsourced(run(printed, says)).length).toBeGreaterThan(0);
  });
});
