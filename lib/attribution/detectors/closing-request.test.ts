/**
 * A simulated user that asks the agent to act in the turn that ends the run: the request is never
 * carried out. Invented service desk runs.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";

type Turn = [agent: string, content: string, kind?: "tool_result"];

function trace(turns: Turn[], termination?: string) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: {
      outcome: "failure",
      task: turns[0][1],
      ...(termination ? { attributes: { "culprit.termination": termination } } : {}),
    },
    agents: [...new Set(turns.map(([a]) => a))].map((name) =>
      name === "Traveller" ? { name, kind: "task_giver" } : { name },
    ),
    steps: turns.map(([agent, content, kind], i) => ({ id: `t${i}`, agent, kind: kind ?? "message", content })),
  });
}

/** A traveller asks to move a booking; the clerk looks the train up and asks for confirmation. */
const DESK: Turn[] = [
  ["Traveller", "Hi, I need to move my train booking to a later departure."],
  ["Clerk", "Sure, can you give me your booking reference and the train you want?"],
  ["Traveller", "It is booking 58214. Please move me to train 6613 on Friday."],
  ["Clerk", 'lookup_train({"train": 6613, "day": "friday"})'],
  ["rail_api", '{"train": 6613, "departs": "17:45", "seats": 12}', "tool_result"],
  ["Clerk", "Train 6613 leaves at 17:45 and has seats. Shall I confirm the change for booking 58214?"],
];

const named = (turns: Turn[], termination?: string) => {
  const report = analyzeTrace(trace(turns, termination));
  return {
    hits: report.steps.filter((s) => s.detectors.some((d) => d.name === "closing-request")).map((s) => s.stepId),
    agent: report.decisive?.agent,
  };
};

describe("closing-request", () => {
  it("a confirmation that also ends the conversation leaves the change undone: the traveller's turn", () => {
    const { hits, agent } = named([
      ...DESK,
      ["Traveller", "Yes, please go ahead and proceed. Thanks, bye! ###STOP###"],
    ]);
    expect(hits).toEqual(["t6"]);
    expect(agent).toBe("Traveller");
  });

  it("no finding when the clerk acts on the confirmation", () => {
    const { hits } = named([
      ...DESK,
      ["Traveller", "Yes, please go ahead and proceed."],
      ["Clerk", 'change_booking({"booking": 58214, "train": 6613})'],
    ]);
    expect(hits).toEqual([]);
  });

  it("no finding for a closing turn that asks for nothing", () => {
    expect(named([...DESK, ["Traveller", "Actually I will keep my booking as it is. Thanks, bye!"]]).hits).toEqual([]);
  });

  it("no finding when a budget or a crash ended the run", () => {
    const turns: Turn[] = [...DESK, ["Traveller", "Yes, please go ahead and proceed."]];
    expect(named(turns, "limit").hits).toEqual([]);
    expect(named(turns, "error").hits).toEqual([]);
    expect(named(turns).hits).toEqual(["t6"]);
  });
});
