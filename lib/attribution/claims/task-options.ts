/**
 * The options a multiple-choice task lists, by letter: "(A) Lyon (B) Paris" inline, or one option a
 * line ("A. Lyon", "B) Paris", "C: Nice"). A letter an agent answers with then names the option's
 * text, so "the answer is B" can be checked against an output that printed "Lyon" (a selection is
 * checked against its source like a name). Fewer than two options is no list of options.
 */
import { readValue, type StatedValue } from "./stated-values";
import { allMatches } from "../all-matches";

const MAX_TASK = 20_000;
const LINE_RE = /^\s*\(?([A-H])[).:]\s+(\S[^\n]{0,79})$/;
const INLINE_RE = /\(([A-H])\)\s*([^()\n]{1,60})/g;

export function taskOptions(task: string): Map<string, StatedValue> {
  const text = task.slice(0, MAX_TASK);
  const out = new Map<string, StatedValue>();
  const add = (letter: string, raw: string) => {
    const value = readValue(raw.trim(), true);
    if (value && value.kind !== "option" && !out.has(letter)) out.set(letter.toLowerCase(), value);
  };
  if (/\([A-H]\)/.test(text)) for (const m of allMatches(INLINE_RE, text)) add(m[1], m[2]);
  for (const line of text.split("\n", 400)) {
    const m = LINE_RE.exec(line);
    if (m) add(m[1], m[2]);
  }
  return out.size >= 2 ? out : new Map();
}

/** The option's text for an option letter, when the task lists it; else the value itself. */
export function asOptionText(value: StatedValue, options: Map<string, StatedValue>): StatedValue {
  return value.kind === "option" ? (options.get(value.value.slice(2)) ?? value) : value;
}
