/**
 * Who poses the task is a fact of the canonical model (`agents[].kind: "task_giver"`), set by the
 * importers; the engine reads the kind and never the name (issue 10 item 5).
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { importValue } from "../importers/index";
import { buildGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import { isAgentUtterance } from "./detectors/patterns";

const trace = (giver: { name: string; kind?: "agent" | "task_giver" }) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Sum 2 and 3." },
    agents: [giver, { name: "Solver" }],
    steps: [
      { id: "t", agent: giver.name, kind: "message", content: "Sum 2 and 3, the answer is 5." },
      { id: "a", agent: "Solver", kind: "message", content: "The answer is 6." },
    ],
  });

describe("task giver: read from the agent kind", () => {
  it("a task_giver's message is not an agent utterance, whatever its name", () => {
    for (const name of ["user", "Client", "requester"]) {
      const g = buildGraph(trace({ name, kind: "task_giver" }), DEFAULT_CONFIG);
      expect(isAgentUtterance(g, 0)).toBe(false);
      expect(isAgentUtterance(g, 1)).toBe(true);
    }
  });

  it("an agent named user or human is an agent unless the trace says otherwise (no name rule in the engine)", () => {
    for (const name of ["user", "Human"])
      expect(isAgentUtterance(buildGraph(trace({ name }), DEFAULT_CONFIG), 0)).toBe(true);
  });

  it("the importers mark a participant named exactly user or human as the task giver, and leave an explicit kind alone", () => {
    const messages = [
      { role: "user", content: "Sum 2 and 3." },
      { role: "assistant", content: "5" },
    ];
    const chat = importValue({ messages }, { format: "chat" }).trace;
    expect(chat.agents.find((a) => a.name === "user")?.kind).toBe("task_giver");
    const ag2 = importValue(
      [
        { name: "human", role: "user", content: "Sum 2 and 3." },
        { name: "user_proxy", role: "user", content: "exitcode: 0 (execution succeeded)\nCode output: 5" },
        { name: "Solver", role: "assistant", content: "5" },
      ],
      { format: "ag2" },
    ).trace;
    expect(ag2.agents.filter((a) => a.kind === "task_giver").map((a) => a.name)).toEqual(["human"]);
  });
});
