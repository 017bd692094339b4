/**
 * A worker's reply to a delegation is its whole turn: it may start by reading before it carries the
 * plan out. Invented garden-planner runs: a lead hands a coder a plan of changes.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";

type Turn = [agent: string, content: string, kind?: "delegate" | "tool_result"];

const PLAN =
  "Change planner.py: add a frost_dates lookup per region, skip sowing weeks before the last frost date, " +
  "and print the sowing calendar sorted by week with the region name in the header.";

const TASK = "Make the sowing calendar respect each region's last frost date.";

/** `opening`: the log records no task, and a task giver poses it in the opening message. */
function driftSteps(turns: Turn[], opening = false, task = TASK): string[] {
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", ...(opening ? {} : { task }) },
    agents: [{ name: "user", kind: "task_giver" }, { name: "lead" }, { name: "coder" }, { name: "shell" }],
    steps: (opening ? [["user", task] as Turn, ...turns] : turns).map(([agent, content, kind], i) => ({
      id: `s${i}`,
      agent,
      kind: kind ?? "message",
      content,
      ...(kind === "delegate" ? { target: "coder" } : {}),
    })),
  });
  return analyzeTrace(trace)
    .steps.filter((s) => s.detectors.some((d) => d.name === "instruction-drift"))
    .map((s) => s.stepId);
}

const READS_FIRST: Turn = ["coder", "First I open the current file to see its structure.\n```view planner.py\n```"];
const IMPLEMENTS: Turn = [
  "coder",
  "Added frost_dates per region; sowing weeks before the last frost date are skipped, and the calendar " +
    "prints sorted by week with the region name in the header.",
];
const FILE: Turn = ["shell", "1 import csv\n2 def calendar(rows):\n3     return rows", "tool_result"];
/** The plan handed over, and the coder's first step: reading the file. */
const HANDED: Turn[] = [["lead", PLAN, "delegate"], READS_FIRST, FILE];

describe("instruction drift in a worker's reply", () => {
  it("a worker that reads first and then carries the plan out is on task", () => {
    expect(driftSteps([...HANDED, IMPLEMENTS, ["lead", "Thanks, the calendar looks right."]])).toEqual([]);
  });

  it("a worker whose whole turn goes elsewhere drifts, at its first step", () => {
    expect(
      driftSteps([
        ...HANDED,
        ["coder", "Renamed the csv import and reformatted the module docstring to the house style."],
        ["lead", "That was not the task."],
      ]),
    ).toEqual(["s1"]);
  });

  it("a reply that covers the task rather than the instruction is on task, also with the task in the opening message", () => {
    const task = "Translate the greeting card into French and keep its rhyme.";
    const plan =
      "Rework cards.py: load the phrase table, map each English line to its counterpart, print the file list.";
    const onTask: Turn = ["coder", "The greeting card now reads in French, and it keeps its rhyme."];
    for (const opening of [false, true])
      expect(driftSteps([["lead", plan, "delegate"], onTask, ["lead", "Thanks."]], opening, task)).toEqual([]);
  });

  it("the turn ends when another agent speaks: what the worker says after that is a new turn", () => {
    expect(driftSteps([...HANDED, ["lead", "Still waiting on the change."], IMPLEMENTS])).toEqual(["s1"]);
  });
});
