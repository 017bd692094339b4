/**
 * The protocol's own voice: a speaker that announces a debate's rounds and reads out its majority says
 * nothing of its own, and speaks more often than any debater. It is the harness, and a prior that
 * counts steps does not name it; a moderator that puts forward a value, addresses an agent or argues
 * at length stays a candidate. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { analyzeTrace } from "../analyze-trace";
import { classifyParticipants, markParticipants } from "./participants";

const TASK =
  "A stall sells figs at $3 a box and plums at $5 a box. Noor buys 4 boxes of figs and 2 of plums. What does she pay?";

type Line = [agent: string, content: string];

function trace(lines: Line[]) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: TASK },
    agents: [
      { name: "Asker", kind: "task_giver" },
      ...[...new Set(lines.map(([a]) => a))].filter((a) => a !== "Asker").map((name) => ({ name })),
    ],
    steps: [
      { id: "q", agent: "Asker", kind: "message", content: TASK },
      ...lines.map(([agent, content], i) => ({ id: `m${i}`, agent, kind: "message" as const, content })),
    ],
  });
}

function kindOf(lines: Line[], name: string): string {
  const g = buildGraph(trace(lines), DEFAULT_CONFIG);
  markParticipants(g);
  return classifyParticipants(g)[g.agentNames.indexOf(name)];
}

/** Two rounds; the second debater's bare 27 is the error, and nothing checks it. */
function debate(close = "The debate is over. The majority answer is 27."): Line[] {
  return [
    ["Host", "Round 1 of the debate begins, 6 minutes per round. Each debater gives an answer with reasoning."],
    ["Debater A", "Figs come to 12 and plums to 10, so the total is 22."],
    ["Debater B", "The total is 27."],
    ["Debater C", "Agreed, 27."],
    ["Host", "Round 2 of the debate begins. Weigh the other answers and update yours."],
    ["Debater A", "On reflection, 27."],
    ["Debater B", "Still 27."],
    ["Debater C", "27."],
    ["Host", close],
  ];
}

describe("the protocol's own voice", () => {
  it("announcing rounds and reading out the majority is the harness", () => {
    expect(kindOf(debate(), "Host")).toBe("harness");
  });

  it("the prior names a debater, not the speaker with the most steps", () => {
    const report = analyzeTrace(trace(debate()));
    expect(report.decisive?.agent).not.toBe("Host");
    expect(report.participants?.find((p) => p.agent === "Host")?.kind).toBe("harness");
  });

  it("near miss: a debater that only agrees, in as few words, is an agent (it does not open the exchange)", () => {
    expect(kindOf(debate(), "Debater C")).toBe("worker");
  });

  it("near miss: an assistant's short replies to a user are no protocol (no other agent to run it between)", () => {
    const chat: Line[] = [
      ["Helper", "That happens to everyone."],
      ["Asker", "But the figs were cheap."],
      ["Helper", "Cheap figs are still good figs!"],
    ];
    expect(kindOf(chat, "Helper")).toBe("worker");
  });

  it("near miss: a moderator that puts forward a value of its own stays a candidate", () => {
    expect(kindOf(debate("The debate is over. The right answer is 30."), "Host")).not.toBe("harness");
    expect(kindOf(debate("The debate is over; the stall keeper Bartek sets the price."), "Host")).not.toBe("harness");
  });

  it("near miss: one that addresses a debater by name, or argues at length, is no announcement", () => {
    expect(kindOf(debate("Debater B, check the plums again before we close."), "Host")).not.toBe("harness");
    const long =
      "The debate is over. Debaters disagreed about the plums: one priced every box separately, others " +
      "assumed bundles, discounts, wholesale rates, seasonal markups or delivery charges; the fig price " +
      "was never disputed, though several argued that sales tax, rounding conventions, receipts, coupons " +
      "and loyalty points might matter. Weighing consistency, clarity, arithmetic care and evidence, the " +
      "majority answer stands at 27.";
    expect(kindOf(debate(long), "Host")).not.toBe("harness");
  });
});
