/**
 * Property tests of the printed-chat readers (ADR 0116) on mutations of the real fixtures: whatever
 * is deleted, duplicated, swapped, cut, coloured, re-ended or repeated, `importTrace` returns a
 * trace that passes validation or throws a `TraceInputError` with a message, never anything else;
 * the same text gives the same JSON. How the time grows with the size of hostile text is measured by
 * `npm run bench:printed` (scripts/bench-printed.ts), not timed here.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importTrace } from "../../index";
import { TraceInputError } from "../../../trace/errors";
import { validateTrace } from "../../../trace/validate-trace";

const FIXTURE_DIR = path.join(import.meta.dirname, "..", "..", "fixtures");
const FIXTURES = fs
  .readdirSync(FIXTURE_DIR)
  .filter((f) => (f.startsWith("ag2-print-") || f.startsWith("agentchat-console-")) && f.endsWith(".txt"))
  .sort()
  .map((f) => ({ name: f, text: fs.readFileSync(path.join(FIXTURE_DIR, f), "utf8") }));

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

type Mutation =
  | { k: "delete"; at: number; count: number }
  | { k: "duplicate"; at: number; count: number }
  | { k: "swap"; a: number; b: number }
  | { k: "truncate"; at: number }
  | { k: "insertText"; at: number; text: string }
  | { k: "insertLine"; at: number; line: string }
  | { k: "crlf" }
  | { k: "cr" }
  | { k: "repeat"; a: number; b: number; times: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ k: fc.constant("delete" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ k: fc.constant("duplicate" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ k: fc.constant("swap" as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ k: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ k: fc.constant("insertText" as const), at: fc.nat(), text: fc.constantFrom(...ANSI) }),
  fc.record({ k: fc.constant("insertText" as const), at: fc.nat(), text: fc.string({ unit: "binary", maxLength: 8 }) }),
  fc.record({ k: fc.constant("insertLine" as const), at: fc.nat(), line: fc.constantFrom(...SPECIAL_LINES) }),
  fc.record({ k: fc.constant("crlf" as const) }),
  fc.record({ k: fc.constant("cr" as const) }),
  fc.record({
    k: fc.constant("repeat" as const),
    a: fc.nat(),
    b: fc.nat(),
    times: fc.integer({ min: 2, max: 40 }),
  }),
);

/** Lines past which a repeat is skipped, so one case stays small. */
const MAX_LINES = 20_000;

function mutate(text: string, mutations: readonly Mutation[]): string {
  let lines = text.split("\n");
  const joined = () => lines.join("\n");
  for (const m of mutations) {
    const size = Math.max(lines.length, 1);
    switch (m.k) {
      case "delete":
        lines.splice(m.at % size, m.count);
        break;
      case "duplicate": {
        const at = m.at % size;
        lines = [...lines.slice(0, at), ...lines.slice(at, at + m.count), ...lines.slice(at)];
        break;
      }
      case "swap": {
        const a = m.a % size;
        const b = m.b % size;
        [lines[a], lines[b]] = [lines[b], lines[a]];
        break;
      }
      case "truncate": {
        const t = joined();
        lines = t.slice(0, m.at % (t.length + 1)).split("\n");
        break;
      }
      case "insertText": {
        const t = joined();
        const at = m.at % (t.length + 1);
        lines = (t.slice(0, at) + m.text + t.slice(at)).split("\n");
        break;
      }
      case "insertLine":
        lines.splice(m.at % size, 0, m.line);
        break;
      case "crlf":
        lines = lines.map((l) => `${l}\r`);
        break;
      case "cr":
        lines = [lines.join("\r")];
        break;
      case "repeat": {
        if (lines.length > MAX_LINES) break;
        const a = m.a % size;
        const b = m.b % size;
        const [from, to] = a <= b ? [a, b] : [b, a];
        const block = lines.slice(from, to + 1);
        const copies: string[] = [];
        for (let r = 0; r < m.times && copies.length < MAX_LINES; r++) for (const l of block) copies.push(l);
        lines = [...lines.slice(0, from), ...copies, ...lines.slice(from)];
        break;
      }
    }
  }
  return joined();
}

/** The imported trace as JSON, or the input error as `error:code:message`; anything else throws. */
function outcome(text: string): string {
  try {
    const { trace } = importTrace(text, { fileName: "run.txt" });
    const json = JSON.stringify(trace);
    validateTrace(JSON.parse(json));
    return json;
  } catch (err) {
    if (!(err instanceof TraceInputError)) throw err;
    expect(err.message.trim().length).toBeGreaterThan(10);
    return `error:${err.code}:${err.message}`;
  }
}

const fixtureIndex = fc.nat(FIXTURES.length - 1);

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
    let traces = 0;
    let errors = 0;
    fc.assert(
      fc.property(fixtureIndex, fc.array(mutation, { minLength: 1, maxLength: 6 }), (f, mutations) => {
        if (outcome(mutate(FIXTURES[f].text, mutations)).startsWith("error:")) errors++;
        else traces++;
      }),
      { numRuns: 1000, seed: 116 },
    );
    // The mutations keep most prints readable, and reach the refusals too: both branches were taken.
    expect(traces).toBeGreaterThan(500);
    expect(errors).toBeGreaterThan(10);
  }, 20_000);

  it("reads the same text to the same bytes (deterministic)", () => {
    for (const f of FIXTURES) expect(outcome(f.text)).toBe(outcome(f.text));
    fc.assert(
      fc.property(fixtureIndex, fc.array(mutation, { maxLength: 4 }), (f, mutations) => {
        const text = mutate(FIXTURES[f].text, mutations);
        expect(outcome(text)).toBe(outcome(text));
      }),
      { numRuns: 200, seed: 7 },
    );
  }, 20_000);
});
