/**
 * A simulated user that withdraws its own request after the agent acted on it: when the agent follows
 * the change, the user's reversal is where the run left what was asked first; when the agent keeps
 * acting on the withdrawn value, the agent ignored the request. Invented service desk runs.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";

type Turn = [agent: string, content: string, kind?: "tool_result"];

function trace(turns: Turn[]) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: turns[0][1] },
    agents: [...new Set(turns.map(([a]) => a))].map((name) =>
      name === "Traveller" ? { name, kind: "task_giver" } : { name },
    ),
    steps: turns.map(([agent, content, kind], i) => ({
      id: `t${i}`,
      agent,
      kind: kind ?? (i === turns.length - 1 ? "final" : "message"),
      content,
    })),
  });
}

/** A traveller moves a train booking; at step 6 it answers the clerk's confirmation question. */
function desk(answer: string, booked: number): Turn[] {
  return [
    ["Traveller", "Hi, I need to move my train booking to a later departure."],
    ["Clerk", "Sure, can you give me your booking reference and the train you want?"],
    ["Traveller", "It is booking 58214. Please move me to train 6613 on Friday."],
    ["Clerk", 'lookup_train({"train": 6613, "day": "friday"})'],
    ["rail_api", '{"train": 6613, "departs": "17:45", "seats": 12}', "tool_result"],
    ["Clerk", "Train 6613 leaves at 17:45 and has seats. Shall I confirm the change for booking 58214?"],
    ["Traveller", answer],
    ["Clerk", `change_booking({"booking": 58214, "train": ${booked}})`],
    ["rail_api", '{"booking": 58214, "status": "changed"}', "tool_result"],
    ["Clerk", `Done: booking 58214 is now on train ${booked}.`],
  ];
}

const REVERSAL = "Wait, not train 6613, put me on train 6671 instead, the later one.";
const hits = (turns: Turn[], name: string) =>
  analyzeTrace(trace(turns))
    .steps.filter((s) => s.detectors.some((d) => d.name === name))
    .map((s) => s.stepId);

describe("request-reversal", () => {
  it("the user withdrew its own request after the clerk acted on it and the clerk complied: the user's turn", () => {
    const report = analyzeTrace(trace(desk(REVERSAL, 6671)));
    expect(hits(desk(REVERSAL, 6671), "request-reversal")).toEqual(["t6"]);
    const named = report.decisive ?? report.suspects?.[0];
    expect(named?.agent).toBe("Traveller");
    expect(named?.stepId).toBe("t6");
  });

  it("control: the clerk keeps acting on the withdrawn train: the clerk", () => {
    const report = analyzeTrace(trace(desk(REVERSAL, 6613)));
    expect(hits(desk(REVERSAL, 6613), "ignored-reversal")).toEqual(["t7"]);
    expect(report.decisive?.agent ?? report.suspects?.[0]?.agent).toBe("Clerk");
  });

  it("near miss: the user confirms what it asked for", () => {
    const turns = desk("Yes please, go ahead with that one.", 6613);
    expect(hits(turns, "request-reversal")).toEqual([]);
    expect(hits(turns, "ignored-reversal")).toEqual([]);
  });

  it("near miss: declining an option the clerk offered withdraws nothing the user asked for", () => {
    const turns = desk("Not train 6613, I never asked for it; put me on train 6671 as I said.", 6671);
    turns[2] = ["Traveller", "It is booking 58214. Please move me to train 6671 on Friday."];
    expect(hits(turns, "request-reversal")).toEqual([]);
  });

  it("near miss: a change of mind before the clerk acted on anything is no reversal of acted-on work", () => {
    const turns = desk("Yes, that is right.", 6671);
    turns[2] = ["Traveller", "It is booking 58214, train 6613 on Friday. Sorry, not train 6613, I mean train 6671."];
    expect(hits(turns, "request-reversal")).toEqual([]);
  });
});
