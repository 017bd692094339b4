/**
 * Orchestrators, by behaviour: the speaker who hands work to several participants by directed
 * messages ("… sends to Alice: …") directs the run, however much planning or thinking it writes
 * besides, and whatever the participants are called (personas need not match agent names). A name
 * written inside an ordinary word ("architecture") is no address.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { classifyParticipants, markParticipants } from "./participants";

type Line = [agent: string, content: string];

function kinds(lines: Line[]): Record<string, string> {
  const names = [...new Set(lines.map(([a]) => a))];
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Write a function that merges two sorted lists, with tests." },
    agents: names.map((name) => ({ name })),
    steps: lines.map(([agent, content], i) => ({ id: `m${i}`, agent, kind: "message", content })),
  });
  const g = buildGraph(trace, DEFAULT_CONFIG);
  markParticipants(g);
  const k = classifyParticipants(g);
  return Object.fromEntries(g.agentNames.map((n, a) => [n, k[a]]));
}

const thinking = (who: string, text: string): Line => [who, `${who} thinking: ${text}`];

/** A lead that plans at length and sends two directed messages, to personas (Ann, Raj), not agent names. */
function team(lead: string, first: string, second: string): Line[] {
  return [
    thinking(lead, "The task needs a design first, then code. I will plan the work in two parts."),
    thinking(lead, "The merge must keep stability; the design document comes before the code."),
    [lead, `${lead} sends to Ann: Write the design for the merge, with its edge cases.`],
    thinking(first, "I will list the edge cases: empty lists, equal keys, one list longer."),
    [first, "The design: walk both lists with two indices and take the smaller head each time."],
    thinking(lead, "The design is in. The code comes next."),
    [lead, `${lead} sends to Raj: Implement the merge from the design and add tests.`],
    thinking(second, "I will write the function and three tests."),
    [second, "def merge(a, b): ... and tests for empty, equal and uneven lists."],
  ];
}

describe("orchestrators by behaviour", () => {
  it("the speaker that hands work to two participants directs the run, under any name", () => {
    for (const [lead, first, second] of [
      ["Team Leader", "Designer", "Coder"],
      ["Agent1", "Agent2", "Agent3"],
    ]) {
      const k = kinds(team(lead, first, second));
      expect(k[lead]).toBe("orchestrator");
      expect(k[first]).toBe("worker");
      expect(k[second]).toBe("worker");
    }
  });

  it("one directed message is an answer to whoever asked, not a hand-out of work", () => {
    const lines = team("Lead", "Designer", "Coder").map(([a, c]): Line => [a, c.replace("sends to Raj", "writes")]);
    expect(kinds(lines).Lead).toBe("worker");
  });

  it("near miss: a worker reporting what it sent, or drafting letters, hands out no work", () => {
    const lines: Line[] = [
      ["Writer", "The first notice was sent to Marta at the depot this morning."],
      ["Checker", "The first notice reads well; the dates match the schedule."],
      ["Writer", "The second notice was sent to Jonas at the yard an hour later."],
      ["Writer", "To: Marta\nThe depot closes at six on Friday."],
      ["Writer", "To: Jonas\nThe yard opens at eight on Monday."],
      ["Planner", "The notices are done; the schedule is final."],
    ];
    expect(kinds(lines).Writer).toBe("worker");
  });

  it("a participant's name inside an ordinary word is no address", () => {
    const lines: Line[] = [
      ["Planner", "The architecture: a queue feeds the merger; the merger writes the result."],
      ["Architect", "I drew the design with two stages and a queue between them."],
      ["Planner", "The architecture needs one more stage for validation."],
      ["Coder", "I wrote the merger and its tests; all three pass."],
      ["Planner", "The architecture is complete."],
    ];
    expect(kinds(lines).Planner).toBe("worker");
  });
});
