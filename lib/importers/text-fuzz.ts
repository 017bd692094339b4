/**
 * Shared by the property tests of the text readers (printed chats, ChatDev logs): mutations of a real
 * file line by line (delete, duplicate, swap, cut, insert, re-end, repeat), and the one outcome an
 * import may have: a trace that passes validation, or a `TraceInputError` with a message. Test code
 * only (fast-check is a development dependency).
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect } from "vitest";
import { importTrace } from "./index";
import { TraceInputError } from "../trace/errors";
import { validateTrace } from "../trace/validate-trace";

export type LineMutation =
  | { k: "delete"; at: number; count: number }
  | { k: "duplicate"; at: number; count: number }
  | { k: "swap"; a: number; b: number }
  | { k: "truncate"; at: number }
  | { k: "insertText"; at: number; text: string }
  | { k: "insertLine"; at: number; line: string }
  | { k: "crlf" }
  | { k: "cr" }
  | { k: "repeat"; a: number; b: number; times: number };

export interface MutationShape {
  /** Lines the reader treats specially, inserted anywhere. */
  lines: readonly string[];
  /** Text inserted anywhere: arbitrary text of this many characters at most, or these strings (escape codes). */
  text: number | readonly string[];
  /** Lines deleted or duplicated at once, and copies of a repeated block, at most. */
  maxCount: number;
  maxTimes: number;
}

export function lineMutation(shape: MutationShape): fc.Arbitrary<LineMutation> {
  const text =
    typeof shape.text === "number"
      ? fc.string({ unit: "binary", maxLength: shape.text })
      : fc.constantFrom(...shape.text);
  const count = fc.integer({ min: 1, max: shape.maxCount });
  return fc.oneof(
    fc.record({ k: fc.constant("delete" as const), at: fc.nat(), count }),
    fc.record({ k: fc.constant("duplicate" as const), at: fc.nat(), count }),
    fc.record({ k: fc.constant("swap" as const), a: fc.nat(), b: fc.nat() }),
    fc.record({ k: fc.constant("truncate" as const), at: fc.nat() }),
    fc.record({ k: fc.constant("insertText" as const), at: fc.nat(), text }),
    fc.record({ k: fc.constant("insertLine" as const), at: fc.nat(), line: fc.constantFrom(...shape.lines) }),
    fc.record({ k: fc.constant("crlf" as const) }),
    fc.record({ k: fc.constant("cr" as const) }),
    fc.record({
      k: fc.constant("repeat" as const),
      a: fc.nat(),
      b: fc.nat(),
      times: fc.integer({ min: 2, max: shape.maxTimes }),
    }),
  );
}

/** Lines past which a repeat is skipped, so one case stays small. */
const MAX_LINES = 20_000;
/** Lines of one repeated block, at most. */
const MAX_BLOCK = 400;

export function mutateLines(text: string, mutations: readonly LineMutation[]): string {
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
        const b = Math.min(m.b % size, a + MAX_BLOCK);
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
export function importOutcome(text: string, fileName: string): string {
  try {
    const { trace } = importTrace(text, { fileName });
    const json = JSON.stringify(trace);
    validateTrace(JSON.parse(json));
    return json;
  } catch (err) {
    if (!(err instanceof TraceInputError)) throw err;
    expect(err.message.trim().length).toBeGreaterThan(10);
    return `error:${err.code}:${err.message}`;
  }
}

/** The real fixtures whose names `keep` accepts, sorted by name. */
export function readFixtures(keep: (name: string) => boolean): { name: string; text: string }[] {
  const dir = path.join(import.meta.dirname, "fixtures");
  return fs
    .readdirSync(dir)
    .filter(keep)
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8") }));
}

export interface MutatedImports {
  fixtures: readonly { text: string }[];
  mutation: fc.Arbitrary<LineMutation>;
  fileName: string;
}

/**
 * Imports 1,000 mutations of the fixtures (one to six each, fast-check `seed`): every one must give a
 * valid trace or a `TraceInputError` (`importOutcome` throws otherwise). Returns how many gave each.
 */
export function importMutations({ fixtures, mutation, fileName }: MutatedImports, seed: number) {
  let traces = 0;
  let errors = 0;
  fc.assert(
    fc.property(fc.nat(fixtures.length - 1), fc.array(mutation, { minLength: 1, maxLength: 6 }), (f, mutations) => {
      if (importOutcome(mutateLines(fixtures[f].text, mutations), fileName).startsWith("error:")) errors++;
      else traces++;
    }),
    { numRuns: 1000, seed },
  );
  return { traces, errors };
}

/** Imports 200 mutations of the fixtures twice each: the same text must give the same bytes. */
export function expectDeterministicMutations({ fixtures, mutation, fileName }: MutatedImports): void {
  fc.assert(
    fc.property(fc.nat(fixtures.length - 1), fc.array(mutation, { maxLength: 4 }), (f, mutations) => {
      const text = mutateLines(fixtures[f].text, mutations);
      expect(importOutcome(text, fileName)).toBe(importOutcome(text, fileName));
    }),
    { numRuns: 200, seed: 7 },
  );
}
