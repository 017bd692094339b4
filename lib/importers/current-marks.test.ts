import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace, importValue } from "./index";
import { TERMINATION_ATTR } from "../trace/run-termination";
import { withCurrentMarks } from "./current-marks";
import { CLOSES_RUN, OBSERVATION_AT, RESULT_AT, STOPPED_ON_MENTION } from "../trace/canonical-attributes";
import type { TTrace } from "../trace/schema";

const root = path.join(import.meta.dirname, "../..");
const FILES = [
  "lib/importers/fixtures/ag2-group-chat.json",
  "lib/importers/fixtures/autogen-task-result.json",
  "lib/importers/fixtures/who-and-when-algorithm-generated.json",
  "lib/importers/fixtures/who-and-when-hand-crafted.json",
  "lib/importers/fixtures/otlp-genai-multi-agent.json",
  "test/fixtures/real/magentic-one/magentic-one-repr.json",
  "test/fixtures/real/autogen/swarm-task-result.json",
  ...fs
    .readdirSync(path.join(root, "test/fixtures/real/who-and-when"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => `test/fixtures/real/who-and-when/${f}`),
];
const MARKS = [CLOSES_RUN, OBSERVATION_AT, RESULT_AT, STOPPED_ON_MENTION];

/** A trace as an importer from before the marks existed stored it: no marks, no task-giver kind, the question as task. */
function unmarked(trace: TTrace, question?: string): TTrace {
  const t = structuredClone(trace);
  for (const s of t.steps) {
    if (!s.attributes) continue;
    for (const k of MARKS) delete s.attributes[k];
    if (Object.keys(s.attributes).length === 0) delete s.attributes;
  }
  if (t.run.attributes) delete t.run.attributes[STOPPED_ON_MENTION];
  for (const a of t.agents) if (a.kind === "task_giver") delete a.kind;
  if (question !== undefined) t.run.task = question;
  return t;
}

describe("withCurrentMarks (stored traces brought up to today's importers)", () => {
  for (const file of FILES)
    it(`${path.basename(file)}: a fresh import is unchanged, and an unmarked copy regains exactly its marks`, () => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      const { trace } = importTrace(text);
      expect(withCurrentMarks(structuredClone(trace))).toEqual(trace);
      const raw = JSON.parse(text) as { question?: unknown };
      const question =
        trace.run.sourceFormat === "who-and-when" && typeof raw.question === "string" ? raw.question : undefined;
      expect(withCurrentMarks(unmarked(trace, question))).toEqual(trace);
    });

  it("a group chat that closed with its answer regains how it ended and that answer (ADR 0076)", () => {
    const history = [
      { name: "user", role: "user", content: "How many wheels do 7 carts have?" },
      { name: "Agent 1", role: "assistant", content: "Each cart has 4 wheels: 28." },
      { name: "Judge", role: "assistant", content: "Both rounds agree. Final answer: 28" },
    ];
    const record = { question: "How many wheels do 7 carts have?", history, mistake_agent: "", mistake_step: "" };
    const { trace } = importValue({ ...record, ground_truth: "14", question_ID: "q1" });
    expect(trace.run.attributes?.[TERMINATION_ATTR]).toBe("concluded");
    const stored = structuredClone(trace);
    delete stored.run.attributes?.[TERMINATION_ATTR];
    delete stored.run.finalAnswer;
    expect(withCurrentMarks(stored)).toEqual(trace);
  });

  it("marks something in the chat files (the test above is not vacuous)", () => {
    const { trace } = importTrace(
      fs.readFileSync(path.join(root, "lib/importers/fixtures/who-and-when-hand-crafted.json"), "utf8"),
    );
    expect(JSON.stringify(unmarked(trace))).not.toEqual(JSON.stringify(trace));
  });
});
