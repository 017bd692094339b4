/**
 * A simulated user, by behaviour: the task giver that keeps conversing with one agent across the run
 * (answering its questions, stating preferences, confirming) can be where the run went wrong, so it is
 * a candidate and a suspect; a task giver that only poses the task is not. Names are never read.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { analyzeTrace, extractCandidates } from "../analyze-trace";
import { classifyParticipants, markParticipants } from "./participants";
import { rankSuspects } from "./undetermined";

type Turn = [agent: string, content: string, kind?: "tool_result"];

function trace(turns: Turn[], giver: string) {
  const names = [...new Set(turns.map(([a]) => a))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: turns[0][1] },
    agents: names.map((name) => (name === giver ? { name, kind: "task_giver" } : { name })),
    steps: turns.map(([agent, content, kind], i) => ({ id: `t${i}`, agent, kind: kind ?? "message", content })),
  });
}

/** A guest books a table through a host agent that looks things up. */
function booking(guest: string): Turn[] {
  return [
    [guest, "Hello, I'd like to book a table for dinner this Friday."],
    ["Host", "Happy to help. How many people will be dining, and what time would you prefer?"],
    [guest, "We are four people, and around half past seven would be ideal."],
    ["Host", 'lookup_tables({"day": "friday", "party": 4})'],
    ["booking_api", '{"free": ["19:00 terrace", "19:30 window", "21:00 bar"]}', "tool_result"],
    ["Host", "I have 19:00 on the terrace or 19:30 by the window. Which one would you like?"],
    [guest, "The window table at 19:30 please, it is for a birthday."],
    ["Host", 'reserve({"day": "friday", "time": "19:00", "party": 4})'],
    ["booking_api", '{"status": "confirmed", "time": "19:00", "table": "terrace"}', "tool_result"],
    ["Host", "Your table is booked for Friday. Anything else?"],
    [guest, "No, that is all, thanks a lot for your help today."],
  ];
}

function kinds(turns: Turn[], giver: string): Record<string, string> {
  const g = buildGraph(trace(turns, giver), DEFAULT_CONFIG);
  markParticipants(g);
  const k = classifyParticipants(g);
  return Object.fromEntries(g.agentNames.map((n, a) => [n, k[a]]));
}

describe("a simulated user", () => {
  it("a task giver that keeps answering one agent across the run is a simulated user, under any name", () => {
    for (const name of ["User", "guest", "customer_sim"])
      expect(kinds(booking(name), name)[name]).toBe("simulated-user");
  });

  it("its turns are candidates, beside the agent's", () => {
    const table = extractCandidates(trace(booking("User"), "User"));
    const agents = new Set(table.agentOf.map((a) => table.agentNames[a]));
    expect(agents.has("User")).toBe(true);
    expect(agents.has("Host")).toBe(true);
    expect(table.stepIds).toContain("t6");
  });

  it("it is ranked among the suspects of a failed run", () => {
    const report = analyzeTrace(trace(booking("User"), "User"));
    const kinds = new Map((report.participants ?? []).map((p) => [p.agent, p.kind]));
    expect(rankSuspects(report, kinds).map((s) => s.agent)).toContain("User");
  });

  it("with no evidence, a simulated user that did far more of the talking is the prior's weak suspect", () => {
    // A user's turn weighs half a worker's step in the prior (it asks; the agent does the work).
    const turns: Turn[] = [
      ["User", "Hi, I want to plan a small garden party for my neighbours next month."],
      ["Host", "Sure. How many guests?"],
      ["User", "About twelve adults and a few children, some of them vegetarian."],
      ["User", "Outdoors on the lawn, with a tent in case it rains in the afternoon."],
      ["User", "We also need a quiet corner with chairs for the older guests."],
      ["User", "And some lanterns along the path, it gets dark early."],
      ["Host", "Noted, I will arrange it."],
      // A closing turn that asks for nothing (one that asks the host to act is a closing request).
      ["User", "Great, my neighbour will help with the food as well."],
    ];
    const report = analyzeTrace(trace(turns, "User"));
    expect(report.decision?.rule).toBe("exposure-prior");
    expect(report.decisive?.agent ?? report.suspects?.[0]?.agent).toBe("User");
    expect(report.agents.find((a) => a.agent === "User")?.role).not.toBe("culprit");
    // Near miss: with the host answering as often as the user talks, the host is the weak suspect.
    const balanced: Turn[] = turns.flatMap((t, i) =>
      i > 1 && t[0] === "User" ? [t, ["Host", `Noted point ${i}.`]] : [t],
    );
    const other = analyzeTrace(trace(balanced, "User"));
    expect(other.decisive?.agent ?? other.suspects?.[0]?.agent).toBe("Host");
  });

  it("near miss: a task giver that only poses the task and says 'continue' stays the task giver", () => {
    const turns: Turn[] = [
      ["User", "Book a table for four this Friday at 19:30 by the window."],
      ["Host", 'lookup_tables({"day": "friday", "party": 4})'],
      ["booking_api", '{"free": ["19:30 window"]}', "tool_result"],
      ["Host", "Should I go ahead with 19:30 by the window?"],
      ["User", "continue"],
      ["Host", 'reserve({"day": "friday", "time": "19:30", "party": 4})'],
      ["booking_api", '{"status": "confirmed"}', "tool_result"],
      ["Host", "Booked. Anything else?"],
      ["User", "TERMINATE"],
    ];
    expect(kinds(turns, "User").User).toBe("task-giver");
    const table = extractCandidates(trace(turns, "User"));
    expect(table.agentOf.map((a) => table.agentNames[a])).not.toContain("User");
  });

  it("near miss: a task giver that runs the agent's code and returns its output is an executor, not a user", () => {
    const turns: Turn[] = [
      ["User", "Count the lines of visits.csv and tell me the total."],
      ["Coder", "Can you run this for me?\n```python\nprint(sum(1 for _ in open('visits.csv')))\n```"],
      ["User", "exitcode: 0 (execution succeeded)\nCode output: 1830 lines counted in total"],
      ["Coder", "Now the header, please?\n```python\nprint(open('visits.csv').readline())\n```"],
      ["User", "exitcode: 0 (execution succeeded)\nCode output: date, page, visitor id"],
      ["Coder", "Is the file sorted? Let me check.\n```python\nprint(open('visits.csv').read(80))\n```"],
      ["User", "exitcode: 0 (execution succeeded)\nCode output: 2024-01-02, home, 17"],
      ["Coder", "The file has 1829 visits after the header."],
    ];
    expect(kinds(turns, "User").User).toBe("task-giver");
  });

  it("near miss: a task giver that talks with several agents is the team's client, not one agent's user", () => {
    const turns: Turn[] = [
      ["User", "Plan a dinner for four this Friday."],
      ["Chef", "What cuisine would you like, and any allergies?"],
      ["User", "Italian please, and one guest has a nut allergy."],
      ["Host", "Which time suits you, 19:00 or 19:30?"],
      ["User", "Half past seven is best for all of us."],
      ["Chef", "Menu ready: risotto and a nut-free tiramisu."],
      ["Host", "Booked for 19:30 on Friday."],
    ];
    expect(kinds(turns, "User").User).toBe("task-giver");
  });
});
