/**
 * A relative or demonstrative pronoun before a number ("insurance, which is 30 dollars", "that is
 * 4 more") points at a thing named elsewhere: it is never the number's label. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt } from "../test-graphs";
import { ZTrace } from "../../trace/schema";
import { extractClaims, keyBefore } from "./extract-claims";
import { contextTokens } from "./label-tokens";

const keyOf = (text: string, value: string) => extractClaims(text).find((c) => c.value === value)?.key;

/** The policy is given by the task giver (a system prompt), as chat importers record it. */
function run(policy: string, says: string) {
  return analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Can I still cancel booking Q7?" },
      agents: [{ name: "user", kind: "task_giver" }, { name: "desk" }, { name: "booking_db" }],
      steps: [
        { id: "s", agent: "user", kind: "message", content: policy },
        { id: "u", agent: "user", kind: "message", content: "Can I still cancel booking Q7?" },
        { id: "c", agent: "desk", kind: "tool_call", content: "get_booking(id: Q7)" },
        { id: "r", agent: "booking_db", kind: "tool_result", content: '{"booking": "Q7", "created": "2024-03-02"}' },
        { id: "a", agent: "desk", kind: "final", content: says },
      ],
    }),
  );
}

const POLICY = "Bookings may be cancelled within 48 hours. Seat upgrade, which is 65 dollars per leg, is optional.";

describe("pointing words are no labels", () => {
  it.each([
    ["Seat upgrade, which is 65 dollars", "n:65"],
    ["the total, that is 65 dollars", "n:65"],
    ["and these are 65", "n:65"],
    ["Who is 65", "n:65"],
    ["what was 65", "n:65"],
  ])("reads no label before the number in %j", (text, value) => {
    expect(keyOf(text, value)).toBe("");
  });

  it.each([
    ["upgrade fee which is 65 dollars", "n:65", "upgrade fee"],
    ["Seat upgrade: 65 dollars", "n:65", "seat upgrade"],
    ["thistle count: 65", "n:65", "thistle count"],
  ])("near miss: %j keeps the label the words give", (text, value, key) => {
    expect(keyOf(text, value)).toBe(key);
  });

  it("drops pointing words from the words around a number, not the label words", () => {
    expect([...contextTokens("the upgrade, which is 65", 24)]).toEqual(["upgrade"]);
    expect(keyBefore("which is ", 9)).toBe("");
  });

  it("keeps no piece of a word the 40-character window cuts", () => {
    const text = "The surveyor's report states the pier length is at least 318";
    expect([...contextTokens(text, text.indexOf("318"))]).toEqual(["states", "pier", "length", "least"]);
  });

  it("does not read a relative clause as a label the source gave another value under", () => {
    const r = run(POLICY, "Booking Q7 was created on 2024-03-02, which is more than 48 hours ago.");
    expect(detectorsAt(r, "a")).not.toContain("contradicts-source");
  });

  it("near miss: a real label the source gave another value under is still a swap", () => {
    const r = run(
      "Bookings may be cancelled within 48 hours. The upgrade fee is 65 dollars per leg.",
      "Booking Q7 was created on 2024-03-02. The upgrade fee is 48 dollars per leg.",
    );
    expect(detectorsAt(r, "a")).toContain("contradicts-source");
  });
});
