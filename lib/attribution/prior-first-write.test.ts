/**
 * With no evidence anywhere, the exposure prior names its agent's first tool call that changes
 * state, not its greeting or its lookups; a handoff to another agent of the run changes nothing.
 * Invented bike-rental desk runs.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { analyzeTrace } from "./analyze-trace";

type Turn = [agent: string, content: string, kind?: "tool_call" | "tool_result"];

function verdict(turns: Turn[], ablate?: "prior-first-write") {
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: turns[0][1] },
    agents: [...new Set(turns.map(([a]) => a))].map((name) =>
      name === "Rider" ? { name, kind: "task_giver" } : { name },
    ),
    steps: turns.map(([agent, content, kind], i) => ({ id: `s${i}`, agent, kind: kind ?? "message", content })),
  });
  const report = analyzeTrace(trace, ablate ? { ablate: [ablate] } : {});
  return { step: report.decisive?.stepId, rule: report.decision?.rule };
}

const DESK: Turn[] = [
  ["Rider", "I want to move my bike booking from Saturday to Sunday."],
  ["Desk", "Happy to help. Could you tell me the booking number?"],
  ["Rider", "It is BK-2207."],
  ["Desk", 'get_booking({"booking": "BK-2207"})', "tool_call"],
  ["rentals", '{"booking": "BK-2207", "day": "Saturday", "bike": "city"}', "tool_result"],
  ["Desk", "Found it: a city bike on Saturday. Shall I move it to Sunday?"],
  ["Rider", "Yes, please."],
  ["Desk", 'modify_booking({"booking": "BK-2207", "day": "Sunday"})', "tool_call"],
  ["rentals", '{"booking": "BK-2207", "day": "Sunday", "bike": "city"}', "tool_result"],
  ["Desk", "Done: your city bike is booked for Sunday."],
];

describe("the exposure prior's step with no evidence", () => {
  it("is the agent's first call that changes state, not its greeting or its lookup", () => {
    expect(verdict(DESK)).toEqual({ step: "s7", rule: "exposure-prior" });
    expect(verdict(DESK, "prior-first-write")).toEqual({ step: "s1", rule: "exposure-prior" });
  });

  it("is the agent's first step when it only looks things up", () => {
    const lookups = DESK.filter((_, i) => i !== 7 && i !== 8);
    expect(verdict(lookups).step).toBe("s1");
  });

  it("skips a handoff to another agent of the run", () => {
    const handoff: Turn[] = [
      ...DESK.slice(0, 7),
      ["Desk", 'transfer_to_Billing({"reason": "day change"})', "tool_call"],
      ["Billing", "Billing here: the day change costs nothing."],
      ...DESK.slice(7),
    ];
    expect(verdict(handoff).step).toBe("s9");
  });
});
