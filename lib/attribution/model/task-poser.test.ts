/**
 * A group run's driver, by behaviour: the speaker that opens by posing the task (or asking for
 * answers) and afterwards only tells the group what to do next is the harness, whatever it is called,
 * and is never blamed. A speaker that puts forward anything of its own, or drives a one-to-one
 * conversation (a simulated user), stays a candidate. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { analyzeTrace } from "../analyze-trace";
import { classifyParticipants, markParticipants } from "./participants";
import { extractClaims } from "../claims/extract-claims";

type Line = [agent: string, content: string];
const TASK = "Which is heavier, 3 kg of wool or 5 kg of sand?";

function trace(lines: Line[]) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: TASK },
    agents: [...new Set(lines.map(([a]) => a))].map((name) => ({ name })),
    steps: lines.map(([agent, content], i) => ({
      id: `m${i}`,
      agent,
      kind: i === lines.length - 1 ? "final" : "message",
      content,
    })),
  });
}

function kindOf(lines: Line[], agent: string): string {
  const g = buildGraph(trace(lines), DEFAULT_CONFIG);
  markParticipants(g);
  return classifyParticipants(g)[g.agentNames.indexOf(agent)];
}

const driven: Line[] = [
  ["Host", `Please discuss and answer: ${TASK}`],
  ["Wren", "They weigh the same: wool is fluffy but a kilogram is a kilogram."],
  ["Moss", "Right, the same weight."],
  ["Host", "Please give your final answer in the form ANSWER: <answer>"],
  ["Moss", "ANSWER: they weigh the same"],
];

describe("a run's driver", () => {
  it("poses the task and asks for the answer: the harness, never blamed", () => {
    expect(kindOf(driven, "Host")).toBe("harness");
    expect(analyzeTrace(trace(driven)).decisive?.agent).not.toBe("Host");
  });

  it("asks for answers round by round without restating the task", () => {
    const rounds: Line[] = [
      ["Desk", "Round 1 of 2: please state your answer."],
      ["Wren", "The sand: 5 kg against 3 kg."],
      ["Moss", "The wool, it takes more room."],
      ["Desk", "Round 2 of 2: please consider the other answers and respond."],
      ["Moss", "The wool."],
    ];
    expect(kindOf(rounds, "Desk")).toBe("harness");
  });

  it("may announce the answer the agents gave", () => {
    const announced: Line[] = [
      driven[0],
      ["Wren", "The sand, by 2 kg."],
      ["Moss", "Agreed: the sand, 2 kg more."],
      ["Host", "Final answer (majority): the sand, by 2 kg."],
    ];
    expect(kindOf(announced, "Host")).toBe("harness");
  });

  it("is never where the evidence points: its round counters are no values", () => {
    expect(extractClaims("Round 2 of 3: please respond.").filter((c) => c.kind === "number")).toEqual([]);
    const counted: Line[] = [
      ["Desk", "Round 1: please state your answer."],
      ["Wren", "The wool. Answer: wool"],
      ["Moss", "The sand. Answer: sand"],
      ["Fern", "The wool. Answer: wool"],
      ["Desk", "Round 2: cast your final vote."],
      ["Judge", "Tally: wool 2 votes, sand 1 vote. Final answer: wool"],
    ];
    const t = trace(counted);
    const report = analyzeTrace({ ...t, run: { ...t.run, groundTruth: "sand" } });
    expect(report.decisive?.agent).not.toBe("Desk");
  });

  it("stays a candidate when its opening works out a time the task does not give", () => {
    const timed: Line[] = [
      ["Clerk", "**Timetable**\n- Leaves: 09:40\n- **Arrives: 12:05**"],
      ["Check", "## Review\nAll figures verified."],
      ["Scribe", "It arrives at 12:05."],
    ];
    expect(kindOf(timed, "Clerk")).not.toBe("harness");
  });

  it("stays a candidate when it adds anything of its own", () => {
    const own: Line[] = [
      driven[0],
      driven[1],
      driven[2],
      ["Host", "I think the wool is heavier; answer that."],
      driven[4],
    ];
    expect(kindOf(own, "Host")).not.toBe("harness");
  });

  it("stays a candidate when it talks with one agent only (a simulated user can be wrong)", () => {
    const pair: Line[] = [
      driven[0],
      driven[1],
      ["Host", "Please give your final answer."],
      ["Wren", "ANSWER: the same"],
    ];
    expect(kindOf(pair, "Host")).not.toBe("harness");
  });
});
