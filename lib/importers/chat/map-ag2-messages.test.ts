import { describe, expect, it } from "vitest";
import { TraceBuilder } from "../trace-builder";
import { mapAg2Messages } from "./map-ag2-messages";

function kinds(messages: unknown[]) {
  const b = new TraceBuilder();
  mapAg2Messages(b, messages, "history");
  return b.steps.map((s) => ({ agent: s.agent, kind: s.kind, status: s.status }));
}

describe("code execution results in chat logs", () => {
  it("AG2's executor output is a tool result whose exit code is its status", () => {
    expect(
      kinds([
        { name: "Computer_terminal", role: "user", content: "exitcode: 1 (execution failed)\nCode output: boom" },
      ]),
    ).toEqual([{ agent: "Computer_terminal", kind: "tool_result", status: "error" }]);
    expect(
      kinds([
        { name: "Computer_terminal", role: "user", content: "exitcode: 0 (execution succeeded)\nCode output: 50" },
      ])[0].status,
    ).toBe("ok");
  });

  it("Magentic-One's ComputerTerminal output is a tool result too", () => {
    expect(
      kinds([
        {
          role: "ComputerTerminal",
          content: "The script ran, then exited with Unix exit code: 0\nIts output was:\nBrunei, Bahrain",
        },
      ]),
    ).toEqual([{ agent: "ComputerTerminal", kind: "tool_result", status: "ok" }]);
    expect(
      kinds([
        {
          role: "ComputerTerminal",
          content: "The script ran, then exited with an error (POSIX exit code: 1)\nIts output was:\nTraceback",
        },
      ])[0],
    ).toMatchObject({ kind: "tool_result", status: "error" });
  });

  it("an agent talking about scripts is still a message", () => {
    expect(kinds([{ role: "Assistant", content: "I think the script ran fine; the answer is 4." }])[0].kind).toBe(
      "message",
    );
  });
});
