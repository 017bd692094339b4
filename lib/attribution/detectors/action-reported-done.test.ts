/**
 * After a call fails, an agent that reports the action done in plain words ("your table is booked",
 * "the refund has been processed", "the order went through") claims a success the tool output does
 * not show, as much as one that writes "successfully". A report of the failure is no claim. Toys of
 * our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const task = "Book a table for four at Casa Lina on Friday at 19:00.";

function run(bookerSays: string) {
  return analyzeTrace(
    failedRun(task, [
      {
        id: "c",
        agent: "Booker",
        kind: "tool_call",
        content: "book_table(restaurant: Casa Lina, day: Friday, time: 19:00)",
      },
      { id: "r", agent: "booking_api", kind: "tool_result", content: "HTTP 503 Service Unavailable" },
      { id: "b", agent: "Booker", kind: "message", content: bookerSays },
      { id: "f", agent: "Concierge", kind: "final", content: "All set for Friday at Casa Lina." },
    ]),
  );
}

describe("an action reported done right after its call failed", () => {
  it.each([
    "Your table at Casa Lina is booked for Friday at 19:00.",
    "The reservation went through for Friday at 19:00.",
    "The reservation has been made and booked for Friday at 19:00.",
    "Confirmation sent to all four guests: Friday at 19:00.",
  ])("is a false success claim: %s", (says) => {
    const r = run(says);
    expect(detectorsAt(r, "b")).toContain("false-success-claim");
    expect(r.decisive?.agent).toBe("Booker");
  });
  it("a report of the failure is none", () => {
    expect(detectorsAt(run("The booking service is down; the table was not booked."), "b")).not.toContain(
      "false-success-claim",
    );
    expect(detectorsAt(run("The request was sent, but the service failed to answer."), "b")).not.toContain(
      "false-success-claim",
    );
  });
  it.each([
    "Unfortunately, Friday at 19:00 is taken. Your earlier booking has been cancelled as asked.",
    "Friday at 19:00 is no longer available. Your earlier booking has been cancelled as asked.",
    "There seems to be an issue with Friday. Your earlier booking has been cancelled as asked.",
  ])("a setback owned up to, beside another action reported done, is none: %s", (says) => {
    expect(detectorsAt(run(says), "b")).not.toContain("false-success-claim");
  });
  it("near miss: an issue said to be resolved owns up to nothing", () => {
    const says = "The issue is resolved: your table is booked for Friday at 19:00.";
    expect(detectorsAt(run(says), "b")).toContain("false-success-claim");
  });
});

describe("an action reported done right after a lookup found nothing", () => {
  const lookup = (says: string, found: string) =>
    analyzeTrace(
      failedRun("Where is my parcel 40917?", [
        { id: "c", agent: "Desk", kind: "tool_call", content: "track_parcel(id: 40917)" },
        { id: "r", agent: "parcels_api", kind: "tool_result", content: found },
        { id: "b", agent: "Desk", kind: "message", content: says },
        { id: "f", agent: "Concierge", kind: "final", content: "Your parcel is on its way." },
      ]),
    );
  it("claims what does not exist", () => {
    const r = lookup("Parcel 40917 has shipped and arrives on Friday.", "No record found for parcel 40917.");
    expect(detectorsAt(r, "b")).toContain("false-success-claim");
    expect(r.decisive?.stepId).toBe("b");
  });
  it("is no claim when the lookup found the parcel", () => {
    const r = lookup("Parcel 40917 has shipped and arrives on Friday.", "parcel 40917: in transit, due Friday");
    expect(detectorsAt(r, "b")).not.toContain("false-success-claim");
  });
});
