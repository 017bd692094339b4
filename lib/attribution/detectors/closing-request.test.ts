/**
 * A simulated user that asks the agent to act in the turn that ends the run: the request is never
 * carried out. Invented library desk runs.
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

/** A reader asks to renew a library loan; the librarian looks the loan up and asks for confirmation. */
const DESK: Turn[] = [
  ["Traveller", "Hello, I would like to keep the atlas I borrowed for a few more weeks."],
  ["Clerk", "Of course. What is your card number, and which loan is it?"],
  ["Traveller", "Card 30417, the loan for the coastal atlas. Three more weeks would be ideal."],
  ["Clerk", 'find_loan({"card": 30417, "title": "coastal atlas"})'],
  ["loans_api", '{"loan": 88120, "due": "2026-12-09", "renewals_left": 1}', "tool_result"],
  ["Clerk", "Loan 88120 is due on 9 December and can be renewed once. Shall I renew it for three weeks?"],
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
    const { hits, agent } = named([...DESK, ["Traveller", "Yes, renew it, go ahead. Thanks, bye! ###STOP###"]]);
    expect(hits).toEqual(["t6"]);
    expect(agent).toBe("Traveller");
  });

  it("no finding when the clerk acts on the confirmation", () => {
    const { hits } = named([
      ...DESK,
      ["Traveller", "Yes, go ahead with the renewal, please."],
      ["Clerk", 'renew_loan({"loan": 88120, "weeks": 3})'],
    ]);
    expect(hits).toEqual([]);
  });

  it("no finding for a closing turn that asks for nothing", () => {
    expect(named([...DESK, ["Traveller", "Actually I will return it on time. Thanks, bye!"]]).hits).toEqual([]);
  });

  it("no finding when a budget or a crash ended the run", () => {
    const turns: Turn[] = [...DESK, ["Traveller", "Yes, go ahead with the renewal, please."]];
    expect(named(turns, "limit").hits).toEqual([]);
    expect(named(turns, "error").hits).toEqual([]);
    expect(named(turns).hits).toEqual(["t6"]);
  });
});

describe("closing-request: a copy of the record for the user", () => {
  const DONE: Turn[] = [
    ...DESK,
    ["Traveller", "Yes, renew it for three weeks."],
    ["Clerk", 'renew_loan({"loan": 88120, "weeks": 3})'],
    ["loans_api", '{"loan": 88120, "due": "2026-12-30"}', "tool_result"],
    ["Clerk", "Done: loan 88120 is now due on 30 December."],
  ];

  it.each([
    "Great, thanks. Please send the receipt and the new due date details to my email. Bye! ###STOP###",
    "Thanks! Please send me a confirmation. ###STOP###",
    "Lovely. Please send the loan summary to the address on file. ###STOP###",
  ])("asking for one's own record is no pending task: %j", (closing) => {
    expect(named([...DONE, ["Traveller", closing]]).hits).toEqual([]);
  });

  it("sending a document to someone else can be the task, and stays a request", () => {
    const { hits } = named([...DONE, ["Traveller", "Please send the receipt to the school office. ###STOP###"]]);
    expect(hits).toEqual(["t10"]);
  });

  it("a real request beside the record still counts", () => {
    const closing = "Please send me the receipt. Also please cancel my hold on the map. ###STOP###";
    expect(named([...DONE, ["Traveller", closing]]).hits).toEqual(["t10"]);
  });
});

describe("closing-request: a request deferred to later", () => {
  it.each([
    "Thanks. I'll send the other reader's card number when I'm ready to proceed. Bye! ###STOP###",
    "Let me check my diary first and once I know you can go ahead. ###STOP###",
  ])("a proceed that waits on a condition asks for nothing now: %j", (closing) => {
    expect(named([...DESK, ["Traveller", closing]]).hits).toEqual([]);
  });

  it("an unconditional proceed in the same turn still counts", () => {
    const closing = "If it helps, renew it for three weeks. Go ahead now. ###STOP###";
    expect(named([...DESK, ["Traveller", closing]]).hits).toEqual(["t6"]);
  });
});
