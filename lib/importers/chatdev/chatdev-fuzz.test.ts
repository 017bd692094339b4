/**
 * Property tests of the ChatDev log reader (ADR 0117) on mutations of the real fixtures: whatever is
 * deleted, duplicated, swapped, cut, re-ended or repeated, `importTrace` returns a trace that passes
 * validation or throws a `TraceInputError` with a message, never anything else; the same text gives
 * the same JSON.
 */
import { describe, expect, it } from "vitest";
import { expectDeterministicMutations, importMutations, importOutcome, lineMutation, readFixtures } from "../text-fuzz";

const FIXTURES = readFixtures((f) => f.startsWith("chatdev-") && f.endsWith(".log"));

const AT = "[2023-22-08 14:46:15 INFO] ";
/** Lines the reader treats specially, inserted anywhere. */
const SPECIAL_LINES = [
  `${AT}Programmer: **[Start Chat]**`,
  `${AT}Programmer: **Programmer<->Code Reviewer on : CodeReviewModification, turn 3**`,
  `${AT}Programmer: **A<->B on : , turn **`,
  `${AT}**[Test Reports]**:`,
  `${AT}**[User Provided Comments]**`,
  `${AT}**[Update Codes]**`,
  `${AT}**[Post Info]**`,
  `${AT}System: **[RolePlaying]**`,
  "| **assistant_role_name** | Prompt Engineer |",
  `${AT}Prompt Engineer: <INFO> a task`,
  `${AT}flask app.py did not start for online log`,
  "[2023-22-08 14:46:15 WARNING] Rate limit reached for gpt-4",
  `${AT}\x1b[32m[0] AI Assistant (Programmer):`,
  `${AT}\x1b[34mAI User (Chief Executive Officer):`,
  `${AT}PhaseType: PhaseType.CODING`,
  "[You are Programmer.]",
  "[",
  "]",
  "💰**cost**=$x",
  "Traceback (most recent call last):",
  "The software run successfully without errors.",
  "",
  "\uFEFF",
];

const mutation = lineMutation({ lines: SPECIAL_LINES, text: 8, maxCount: 40, maxTimes: 20 });
const outcome = (text: string) => importOutcome(text, "run.log");

const MUTATED = { fixtures: FIXTURES, mutation, fileName: "run.log" };

describe("ChatDev logs under mutation (property)", () => {
  it("has the three real fixtures, each read as a ChatDev trace", () => {
    expect(FIXTURES.map((f) => f.name)).toEqual([
      "chatdev-car-game-2024.log",
      "chatdev-gomoku-2023-06.log",
      "chatdev-rpg-test-failures.log",
    ]);
    for (const f of FIXTURES) expect(JSON.parse(outcome(f.text)).run.sourceFormat).toBe("chatdev");
  });

  it("returns a valid trace or throws a TraceInputError, for any mutation of a real log", () => {
    const { traces, errors } = importMutations(MUTATED, 117);
    // The mutations keep most logs readable, and reach the refusals too: both branches were taken.
    expect(traces).toBeGreaterThan(500);
    expect(errors).toBeGreaterThan(10);
  }, 60_000);

  it("reads the same text to the same bytes (deterministic)", () => {
    expectDeterministicMutations(MUTATED);
  }, 60_000);
});
