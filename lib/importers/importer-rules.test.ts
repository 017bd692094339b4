/**
 * `ImportOptions.ablate` switches each format rule off at its one place: the opening prompt as the
 * given task, and a terminal's "The script ran…" report as a program result. Without the option
 * the import is unchanged. Records of our own.
 */
import { describe, expect, it } from "vitest";
import { importTrace } from "./index";

const question = "How many beehives does the orchard keep in its east field?";
const opening = [
  "You have a general task and a plan from your manager.",
  "",
  "# General Task",
  `${question} Answer with one number.`,
  "",
  "# Task and suggestions from manager",
  "## Plan for solving the task",
  "1. Read the field register.",
].join("\n");
const record = JSON.stringify({
  question,
  history: [
    { name: "Keeper", role: "assistant", content: opening },
    {
      name: "Terminal",
      role: "user",
      content: "The script ran, then exited with Unix exit code: 0\nIts output was:\nhives = 23",
    },
    { name: "Keeper", role: "assistant", content: "The east field keeps 23 hives." },
  ],
  is_correct: false,
});
const load = (ablate?: ("given-task" | "script-result")[]) =>
  importTrace(record, { format: "who-and-when", ...(ablate ? { ablate } : {}) }).trace;

describe("importer rules left out", () => {
  it("given-task off: the task is the question, not the opening prompt from its task header on", () => {
    expect(load().run.task).toMatch(/^# General Task\n/);
    expect(JSON.stringify(load([]))).toBe(JSON.stringify(load()));
    expect(load(["given-task"]).run.task).toBe(question);
    expect(load(["given-task"]).steps[1].kind).toBe("tool_result");
  });

  it("script-result off: the terminal's report stays a message", () => {
    expect(load().steps[1]).toMatchObject({ kind: "tool_result", status: "ok" });
    const without = load(["script-result"]);
    expect(without.steps[1].kind).toBe("message");
    expect(without.run.task).toBe(load().run.task);
  });
});
