/**
 * A change made without the confirmation the agent's policy asks for. Invented library desk runs:
 * the clerk's policy (its description) asks for the reader's explicit confirmation before a change.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { affirms } from "./unconfirmed-action";

type Turn = [agent: string, content: string, kind?: "tool_result"];

const POLICY =
  "You are a library desk clerk. Before any action that changes a loan (renew, cancel, extend), " +
  "list the action details and obtain explicit reader confirmation (yes) to proceed.";

function trace(turns: Turn[], policy = POLICY, asInstructions = false) {
  const names = [...new Set(turns.map(([a]) => a))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: turns[0][1] },
    agents: names.map((name) =>
      name === "Reader"
        ? { name, kind: "task_giver" }
        : name === "Clerk" && !asInstructions
          ? { name, description: policy }
          : { name },
    ),
    steps: [
      ...(asInstructions
        ? [
            {
              id: "sys",
              agent: "Reader",
              kind: "message",
              content: policy,
              attributes: { "culprit.instructions": true },
            },
          ]
        : []),
      ...turns.map(([agent, content, kind], i) => ({ id: `t${i}`, agent, kind: kind ?? "message", content })),
    ],
  });
}

/** A reader asks to renew two loans; the clerk looks them up and lists them. */
const DESK: Turn[] = [
  ["Reader", "Hello, I would like to keep the atlas and the herbarium guide I borrowed for longer."],
  ["Clerk", "Of course. What is your card number?"],
  ["Reader", "Card 30417. Three more weeks for both would be ideal."],
  ["Clerk", 'find_loans({"card": 30417})'],
  [
    "loans_api",
    '{"loans": [{"loan": 88120, "title": "coastal atlas"}, {"loan": 88121, "title": "herbarium guide"}]}',
    "tool_result",
  ],
  ["Clerk", "You hold loan 88120 (coastal atlas) and loan 88121 (herbarium guide). Which should I renew?"],
];
const RENEW: Turn = ["Clerk", 'renew_loan({"loan": 88120, "weeks": 3})'];
const DONE: Turn[] = [
  ["loans_api", '{"loan": 88120, "due": "2026-12-30"}', "tool_result"],
  ["Clerk", "Done: loan 88120 is now due on 30 December."],
  ["Reader", "Thanks, that settles the renewal for me today."],
];

const flagged = (turns: Turn[], policy?: string, asInstructions?: boolean) => {
  const report = analyzeTrace(trace(turns, policy, asInstructions));
  return {
    hits: report.steps.filter((s) => s.detectors.some((d) => d.name === "unconfirmed-action")).map((s) => s.stepId),
    agent: report.decisive?.agent,
    step: report.decisive?.stepId,
  };
};

describe("unconfirmed-action", () => {
  it("a change made on a request the reader never confirmed is the clerk's fault at that call", () => {
    const { hits, agent, step } = flagged([...DESK, ["Reader", "Just the atlas, three weeks."], RENEW, ...DONE]);
    expect(hits).toEqual(["t7"]);
    expect(agent).toBe("Clerk");
    expect(step).toBe("t7");
  });

  it("the same policy given as a system prompt (culprit.instructions) is read too", () => {
    expect(flagged([...DESK, ["Reader", "Just the atlas, three weeks."], RENEW, ...DONE], POLICY, true).hits).toEqual([
      "t7",
    ]);
  });

  it("no finding when the reader's turn before the change confirms it", () => {
    const turns: Turn[] = [
      ...DESK,
      ["Reader", "Just the atlas, three weeks."],
      ["Clerk", "I will renew loan 88120 (coastal atlas) for three weeks. Shall I proceed?"],
      ["Reader", "Yes, please go ahead."],
      RENEW,
      ...DONE,
    ];
    expect(flagged(turns).hits).toEqual([]);
  });

  it("a negated affirmation confirms nothing", () => {
    const turns: Turn[] = [...DESK, ["Reader", "I'm not sure, maybe just the atlas."], RENEW, ...DONE];
    expect(flagged(turns).hits).toEqual(["t7"]);
  });

  it("no finding when the policy asks for no explicit confirmation", () => {
    const policy = "You are a library desk clerk. Renew or cancel loans as readers ask.";
    expect(flagged([...DESK, ["Reader", "Just the atlas, three weeks."], RENEW, ...DONE], policy).hits).toEqual([]);
  });

  it("words about confirming in the conversation are no policy", () => {
    const policy = "You are a library desk clerk. Renew or cancel loans as readers ask.";
    const turns: Turn[] = [
      ["Reader", "Hello, I will explicitly confirm any change before you make it, so ask me first."],
      ...DESK.slice(1),
      ["Reader", "Just the atlas, three weeks."],
      RENEW,
      ...DONE,
    ];
    expect(flagged(turns, policy).hits).toEqual([]);
  });

  it("a lookup, and a handoff to a person, change nothing the policy guards", () => {
    const turns: Turn[] = [
      ...DESK,
      ["Reader", "Actually, could a librarian call me back instead?"],
      ["Clerk", 'transfer_to_human_agents({"summary": "reader asks for a librarian"})'],
      ["loans_api", "Handed over; a librarian will call back.", "tool_result"],
    ];
    expect(flagged(turns).hits).toEqual([]);
  });

  it("only the earliest unconfirmed change is flagged", () => {
    const turns: Turn[] = [
      ...DESK,
      ["Reader", "Renew both, three weeks each."],
      RENEW,
      ["loans_api", '{"loan": 88120, "due": "2026-12-30"}', "tool_result"],
      ["Clerk", 'renew_loan({"loan": 88121, "weeks": 3})'],
      ["loans_api", '{"loan": 88121, "due": "2026-12-30"}', "tool_result"],
      ["Clerk", "Both loans are renewed."],
      ["Reader", "Thanks, that settles the renewal for me today."],
    ];
    expect(flagged(turns).hits).toEqual(["t7"]);
  });
});

describe("affirms", () => {
  it("reads affirming words unless a negation comes right before them", () => {
    expect(affirms("Yep, that's all correct! Please go ahead.")).toBe(true);
    expect(affirms("That works, okay.")).toBe(true);
    expect(affirms("Everything looks good! Use the travel certificate.")).toBe(true);
    expect(affirms("Great, thank you! Could you also add a bag?")).toBe(false);
    expect(affirms("The later train, then.")).toBe(false);
    expect(affirms("I am not sure about that.")).toBe(false);
    expect(affirms("That isn't correct.")).toBe(false);
    expect(affirms("No, don't proceed.")).toBe(false);
  });
});
