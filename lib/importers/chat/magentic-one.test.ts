import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "../index";
import { parsePythonRepr } from "../python-repr/parse-python-repr";
import type { TTrace } from "../../trace/schema";
import { isMagenticOneLog } from "./magentic-one";

/**
 * Magentic-One logs in the plain group-chat layouts: the messages of the synthetic Magentic-One
 * record (test/fixtures/real/magentic-one, with the harness entries `user` and `MagenticOne`) as a
 * `{name, role, content}` chat, plus an entry the runner could not attribute (`unknown`).
 */
const FIXTURE = path.resolve(import.meta.dirname, "../../../test/fixtures/real/magentic-one/magentic-one-repr.json");
const record = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as Record<string, unknown> & {
  history: { role: string; content: string }[];
};
const chat = record.history.map((h) => {
  const m = parsePythonRepr(h.content) as Record<string, unknown> | undefined;
  const content = m?.content ?? h.content; // the harness's closing line is plain text, not a repr
  const text =
    typeof content === "string" ? content : (content as unknown[]).filter((c) => typeof c === "string").join("\n");
  return { name: h.role, role: h.role === "user" ? "user" : "assistant", content: text };
});
chat.splice(1, 0, { name: "unknown", role: "user", content: "Team reset; starting the task." });

const agents = (t: TTrace) => t.agents.filter((a) => a.kind !== "task_giver").map((a) => a.name);
const taskGivers = (t: TTrace) => t.agents.filter((a) => a.kind === "task_giver").map((a) => a.name);
const delegations = (t: TTrace) => {
  const agentOf = new Map(t.steps.map((s) => [s.id, s.agent]));
  return new Set(
    t.edges.filter((e) => e.kind === "delegation").map((e) => `${agentOf.get(e.from)}->${agentOf.get(e.to)}`),
  );
};

describe("Magentic-One logs in group-chat layouts", () => {
  it("a {messages: [{name, role, content}]} log: harness speakers are the task giver, the system is Magentic-One", () => {
    const { format, trace } = importTrace(JSON.stringify({ messages: chat }));
    expect(format).toBe("ag2");
    expect(trace.run.system).toBe("magentic-one");
    expect(agents(trace)).toEqual(["MagenticOneOrchestrator", "WebSurfer", "Coder"]);
    expect(taskGivers(trace)).toEqual(["user"]);
    expect(trace.steps.filter((s) => s.agent === "user")).toHaveLength(3); // user, unknown, MagenticOne
    expect(delegations(trace)).toEqual(
      new Set(["MagenticOneOrchestrator->WebSurfer", "MagenticOneOrchestrator->Coder"]),
    );
  });

  it("the same log in the Who&When layout with names is Magentic-One too, and keeps its label", () => {
    const { mistake_agent, mistake_step, question, ground_truth } = record;
    const { format, trace } = importTrace(
      JSON.stringify({ question, ground_truth, mistake_agent, mistake_step, history: chat }),
    );
    expect(format).toBe("who-and-when");
    expect(trace.run.system).toBe("magentic-one");
    expect(agents(trace)).toEqual(["MagenticOneOrchestrator", "WebSurfer", "Coder"]);
    expect(trace.labels[0]?.agent).toBe("Coder");
  });

  it("an AG2 group chat with an agent named unknown is neither folded nor renamed", () => {
    const ag2 = [
      { name: "user_proxy", role: "user", content: "task" },
      { name: "unknown", role: "assistant", content: "a" },
      { name: "Planner", role: "assistant", content: "b" },
    ];
    const { trace } = importTrace(JSON.stringify({ messages: ag2 }));
    expect(trace.run.system).toBe("ag2");
    expect(trace.agents.map((a) => a.name)).toContain("unknown");
  });

  it("recognises AgentChat's and the older package's rosters only", () => {
    expect(isMagenticOneLog(["user", "MagenticOneOrchestrator", "WebSurfer"])).toBe(true);
    expect(isMagenticOneLog(["human", "Orchestrator", "FileSurfer"])).toBe(true);
    expect(isMagenticOneLog(["Orchestrator", "Researcher"])).toBe(false);
    expect(isMagenticOneLog(["Coder", "Reviewer"])).toBe(false);
  });
});
