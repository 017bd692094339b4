import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace, importValue } from "../index";
import { TraceInputError } from "../../trace/errors";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../fixtures", name), "utf8");

describe("Who&When importer", () => {
  it("maps a Magentic-One record: qualified roles, delegation, label, outcome", () => {
    const { format, trace } = importTrace(fixture("who-and-when-hand-crafted.json"));
    expect(format).toBe("who-and-when");
    expect(trace.agents.map((a) => a.name)).toEqual(["human", "Planner", "Browser"]);
    expect(trace.steps.map((s) => s.kind)).toEqual(["message", "thought", "delegate", "message", "thought", "final"]);
    expect(trace.steps.map((s) => s.sourceRef)).toEqual(["0", "1", "2", "3", "4", "5"]);
    expect(trace.steps[2]).toMatchObject({ agent: "Planner", target: "Browser" });
    expect(trace.run).toMatchObject({
      task: expect.stringContaining("capital"),
      groundTruth: "Paris",
      outcome: "failure",
      finalAnswer: "Rome",
      sourceFormat: "who-and-when",
    });
    expect(trace.labels).toEqual([
      {
        agent: "Browser",
        stepId: trace.steps[3].id,
        note: "Misread the French flag as the Italian flag.",
        author: "who-and-when",
      },
    ]);
    expect(trace.edges).toContainEqual(
      expect.objectContaining({ from: trace.steps[2].id, to: trace.steps[3].id, kind: "delegation" }),
    );
  });

  it("takes an AG2 run's task as the team received it: the opening prompt from its General Task on, attached file path and manager's plan included", () => {
    const question = "What is the mean of the red numbers in the image?";
    const opening = [
      "You are given: (1) a task and advises from your manager with a specific plan and (2) a general task.",
      "",
      "# General Task",
      `${question} Please solve the problem carefully.The attached file path is: ../2023/validation/df65-4540.png.`,
      "",
      "# Task and suggestions from manager",
      "## Plan for solving the task",
      "1. Read the image.",
    ].join("\n");
    const record = (content: string) => ({
      question,
      history: [{ name: "Coder", role: "assistant", content }],
      is_correct: false,
    });
    const task = importValue(record(opening)).trace.run.task!;
    expect(
      task.startsWith(
        `# General Task\n${question} Please solve the problem carefully.The attached file path is: ../2023/validation/df65-4540.png.`,
      ),
    ).toBe(true);
    expect(task.endsWith("1. Read the image.")).toBe(true);
    // Without the section, or with a section that is not this question, the question stays the task.
    expect(importValue(record("Let us start.")).trace.run.task).toBe(question);
    expect(importValue(record(opening.replace(question, "Something else entirely."))).trace.run.task).toBe(question);
  });

  it("maps an AG2 record: name is the agent, system prompts describe agents, code results are tool results", () => {
    const { trace } = importTrace(fixture("who-and-when-algorithm-generated.json"));
    expect(trace.agents.map((a) => a.name)).toEqual(["Coder", "Checker", "Computer_terminal"]);
    expect(trace.agents[0].description).toBe("You write Python.");
    expect(trace.steps.map((s) => [s.agent, s.kind])).toEqual([
      ["Coder", "message"],
      ["Computer_terminal", "tool_result"],
      ["Checker", "message"],
    ]);
    expect(trace.run.attributes).toMatchObject({ question_ID: "fixture-ag-1", level: "1", is_correct: false });
    expect(trace.labels[0]).toMatchObject({ agent: "Coder", stepId: trace.steps[0].id });
  });

  it("treats is_correct: true as a successful run", () => {
    const value = JSON.parse(fixture("who-and-when-algorithm-generated.json"));
    value.is_correct = true;
    expect(importValue(value).trace.run.outcome).toBe("success");
  });

  it("takes a record's task from its opening user message when it has no question, and from nowhere else", () => {
    const value = JSON.parse(fixture("who-and-when-algorithm-generated.json"));
    const opening = "Book the cheapest of the three hotels for 2 nights.";
    value.question = "";
    value.history = [{ name: "Relay", role: "user", content: opening }, ...value.history];
    expect(importValue(value).trace.run.task).toBe(opening);
    value.history[0].role = "assistant";
    expect(importValue(value).trace.run.task).not.toBe(opening);
  });

  it("keeps a label whose mistake_step is out of range, without a step, and warns", () => {
    const value = JSON.parse(fixture("who-and-when-algorithm-generated.json"));
    value.mistake_step = "42";
    const { trace } = importValue(value);
    expect(trace.labels[0].stepId).toBeUndefined();
    expect(trace.warnings.join("\n")).toMatch(/mistake_step "42"/);
  });

  it("rejects a forced who-and-when import of something else", () => {
    expect(() => importValue({ foo: 1 }, { format: "who-and-when" })).toThrow(TraceInputError);
  });
});
