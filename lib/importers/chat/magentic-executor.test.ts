/**
 * Magentic-One's code executor (AgentChat's `MagenticOneGroupChat` dump): its message is the raw
 * output of the code it was handed, a program result, not a claim of its own. Invented run.
 */
import { describe, expect, it } from "vitest";
import { importTrace } from "../index";

const roster = (executor: string) =>
  `We are working to address the following user request:\n\nCount the blue tiles.\n\nTo answer this request we have assembled the following team:\n\nCoder: A helpful and general-purpose AI assistant.\n${executor}: A computer terminal that performs no other action than running Python scripts (provided to it quoted in \`\`\`python code blocks).\n`;

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
