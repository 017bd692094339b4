/**
 * Magentic-One's code executor (AgentChat's `MagenticOneGroupChat` dump): its message is the raw
 * output of the code it was handed, a program result, not a claim of its own. Invented run.
 */
import { describe, expect, it } from "vitest";
import { importTrace } from "../index";

const roster = (executor: string) =>
  `Request: count the blue tiles.\n\nTeam for this request:\n\nCoder: Writes the scripts the team needs.\n${executor}: A computer terminal that runs the scripts it is handed and prints their output.\n`;

const run = (executor: string) =>
  JSON.stringify({
    messages: [
      { source: "user", type: "TextMessage", content: "Count the blue tiles." },
      { source: "MagenticOneOrchestrator", type: "TextMessage", content: roster(executor) },
      { source: "MagenticOneOrchestrator", type: "TextMessage", content: "Please write code that counts the tiles." },
      { source: "Coder", type: "TextMessage", content: "```python\nprint(sum(1 for t in tiles if t == 'blue'))\n```" },
      { source: "MagenticOneOrchestrator", type: "TextMessage", content: "Please run the Coder's script." },
      { source: executor, type: "TextMessage", content: "7" },
      { source: "MagenticOneOrchestrator", type: "TextMessage", content: "FINAL ANSWER: 7" },
    ],
  });

describe("Magentic-One's code executor in an AgentChat dump", () => {
  it("reports program results under its own name", () => {
    const { trace } = importTrace(run("ComputerTerminal"));
    const step = trace.steps.find((s) => s.agent === "ComputerTerminal");
    expect(step?.kind).toBe("tool_result");
    expect(step?.tool?.result).toBe("7");
  });

  it("reports program results under the name the orchestrator's roster gives it", () => {
    const { trace } = importTrace(run("Runner"));
    expect(trace.steps.find((s) => s.agent === "Runner")?.kind).toBe("tool_result");
    expect(trace.steps.find((s) => s.agent === "Coder")?.kind).toBe("message");
  });
});
