/**
 * Property tests of the printed-chat readers (ADR 0116) on mutations of the real fixtures: whatever
 * is deleted, duplicated, swapped, cut, coloured, re-ended or repeated, `importTrace` returns a
 * trace that passes validation or throws a `TraceInputError` with a message, never anything else;
 * the same text gives the same JSON. How the time grows with the size of hostile text is measured by
 * `npm run bench:printed` (scripts/bench-printed.ts), not timed here.
 */
import { describe, expect, it } from "vitest";
import {
  expectDeterministicMutations,
  importMutations,
  importOutcome,
  lineMutation,
  readFixtures,
} from "../../text-fuzz";

const FIXTURES = readFixtures(
  (f) => (f.startsWith("ag2-print-") || f.startsWith("agentchat-console-")) && f.endsWith(".txt"),
);

const RULE = "-".repeat(80);
/** Lines the readers treat specially, inserted anywhere. */
const SPECIAL_LINES = [
  RULE,
  `${RULE}  \t`,
  "*".repeat(80),
  "**********",
  "",
  "\uFEFF",
  "a (to b):",
  "x (to y (z)):",
  "user_proxy (to chatbot):",
  ">>>>>>>> EXECUTING FUNCTION f...",
  "***** Suggested tool call (c): f *****",
  "***** Response from calling tool (c) *****",
  '***** Response from calling function "f" *****',
  "***** Suggested function call: f *****",
  "Arguments: ",
  "---------- Summary ----------",
  "Finish reason: None",
  "Duration: x seconds",
  "---------- TextMessage (x) ----------",
  "---------- ToolCallRequestEvent (x) ----------",
  "---------- ToolCallExecutionEvent (x) ----------",
  "---------- HandoffMessage (x) ----------",
  "---------- StopMessage (z) ----------",
  "---------- ModelClientStreamingChunkEvent (x) ----------",
  "---------- x ----------",
  "[Prompt tokens: 1, Completion tokens: 2]",
  "[FunctionCall(id='1', arguments='{}', name='f')]",
  "[FunctionExecutionResult(content='x', name='f', call_id='1', is_error=True)]",
  "TaskResult(messages=[], stop_reason=None)",
  "TaskResult(messages=[TextMessage(source='x', content='y', type='TextMessage')], stop_reason='done')",
  "Transferred to y, adopting the role of y",
];
const ANSI = ["\x1b[33m", "\x1b[0m", "\x1b[1;31m", "\x1b[", "\x1b]0;t\x07", "\x1b]", "\x1b", "\x1b[35m\n"];

const mutation = lineMutation({ lines: SPECIAL_LINES, text: ANSI, maxCount: 6, maxTimes: 40 });
const outcome = (text: string) => importOutcome(text, "run.txt");

const MUTATED = { fixtures: FIXTURES, mutation, fileName: "run.txt" };

describe("printed chats under mutation (property)", () => {
  it("has the five real fixtures, each read as a trace", () => {
    expect(FIXTURES.map((f) => f.name)).toEqual([
      "ag2-print-currency-calculator.txt",
      "ag2-print-human-feedback.txt",
      "ag2-print-sequential-chats.txt",
      "agentchat-console-agents.txt",
      "agentchat-console-selector.txt",
    ]);
    for (const f of FIXTURES) expect(outcome(f.text)).not.toMatch(/^error:/);
  });

  it("returns a valid trace or throws a TraceInputError, for any mutation of a real print", () => {
    const { traces, errors } = importMutations(MUTATED, 116);
    // The mutations keep most prints readable, and reach the refusals too: both branches were taken.
    expect(traces).toBeGreaterThan(500);
    expect(errors).toBeGreaterThan(10);
  }, 20_000);

  it("reads the same text to the same bytes (deterministic)", () => {
    for (const f of FIXTURES) expect(outcome(f.text)).toBe(outcome(f.text));
    expectDeterministicMutations(MUTATED);
  }, 20_000);
});
