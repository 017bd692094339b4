/**
 * "Verified" / "confirmed" in a condition on a later step ("once verified, I can …") or said of the
 * person addressed ("you've confirmed …") reports no check the writer made; after a failed lookup such a
 * reply is not a false success claim. Invented greenhouse-supply desk runs.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { approves, claimsSuccess } from "./patterns";

/** A grower asks about a seed order; the desk's lookup by e-mail fails; the desk answers `reply`. */
function desk(reply: string) {
  return analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Where is my seed order?" },
      agents: [{ name: "Grower", kind: "task_giver" }, { name: "Desk" }, { name: "orders_api" }],
      steps: [
        {
          id: "s0",
          agent: "Grower",
          kind: "message",
          content: "Where is my seed order? My e-mail is fern@example.org.",
        },
        { id: "s1", agent: "Desk", kind: "tool_call", content: 'find_customer({"email": "fern@example.org"})' },
        { id: "s2", agent: "orders_api", kind: "tool_result", content: "Error: customer not found" },
        { id: "s3", agent: "Desk", kind: "message", content: reply },
        { id: "s4", agent: "Grower", kind: "message", content: "Fern Alder, postcode 4410." },
      ],
    }),
  );
}

const claimAt = (reply: string) =>
  desk(reply)
    .steps.find((s) => s.stepId === "s3")
    ?.detectors.some((d) => d.name === "false-success-claim") ?? false;

describe("verified or confirmed in a condition, or by the addressee", () => {
  it.each([
    "I could not find that e-mail. Please give your name and postcode; once verified, I can open your order.",
    "No account under that address. When it is confirmed, I will look up the parcel.",
    "That address is unknown here. You've confirmed it is a single order, so your name and postcode will do.",
    "I found no match. As soon as you are verified I will check the courier.",
  ])("reads no success claim in %j", (reply) => {
    expect(claimsSuccess(reply)).toBe(false);
    expect(claimAt(reply)).toBe(false);
  });

  it.each([
    "Your account is verified and the order ships today.",
    "I have confirmed the parcel left the depot.",
    "Once you asked, I checked: the order is confirmed.",
  ])("still reads the writer's own report in %j", (reply) => {
    expect(claimsSuccess(reply)).toBe(true);
    expect(claimAt(reply)).toBe(true);
  });

  it.each([
    "I found no match. Once the grower's postcode is confirmed, I will reopen the order.",
    "No account there. Please send your name so I can return the verified delivery date.",
    "Nothing under that address yet; a confirmed postcode would let me search again.",
    "No match. The order can be verified by the courier once you share the postcode.",
    "No match. I will search again to ensure the order number is accurate and confirmed.",
  ])("reads no success claim in a plan's %j", (reply) => {
    expect(claimsSuccess(reply)).toBe(false);
    expect(claimAt(reply)).toBe(false);
  });

  it.each([
    "The records confirmed the parcel left the depot.",
    "The order has been verified and ships today.",
    "The postcode was confirmed by the depot.",
  ])("still reads a report of a check in %j", (reply) => {
    expect(claimsSuccess(reply)).toBe(true);
  });
});

describe("an approval", () => {
  it.each([
    "The page numbers can only be confirmed after transcribing the recording.",
    "Before I go on, tell me whether the provided file path is correct.",
    "The sheet looks good overall, but there is one issue: the rounding step is missing.",
    "The total is correct, but the label names the wrong depot.",
    "I agree with your suggestion. A depot app for phones would be a great choice.",
    "As the lead, I agree with the Clerk's response to add a packing list to the order.",
  ])("is no approval in a plan, a question, a reservation or a proposal taken up: %j", (text) => {
    expect(approves(text)).toBe(false);
  });

  it.each([
    "The figures are correct.",
    "Verified against the ledger: the total is right.",
    "Looks good. But please ship it after lunch, not before.",
    "I agree with the totals: the ledger matches the depot's count.",
  ])("is still read in %j", (text) => {
    expect(approves(text)).toBe(true);
  });
});
