/**
 * Whether a typed value (see `stated-values.ts`) stated at step v reaches the run's final answer:
 * the answer holds the value (a number among its values, every word of a name, the same yes/no,
 * boolean or option letter as it opens with or states), and its step could see step v. The same
 * test as for numbers (`answerClosure` in claim-findings.ts), for values that are not numbers.
 * A name also reaches the answer through a tool computation: handed to a later tool (in its
 * arguments or in code an executor runs) whose output the answer holds, it made that output.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { answerClosure, answerValues } from "./claim-findings";
import { argumentText, isAgentToolCall, type Provenance } from "./provenance";
import { resultStatements } from "./result-statements";
import { statedRuling } from "./stated-position";
import { compareValues, readValue, wordsOf, type StatedValue } from "./stated-values";
import { isAgentUtterance } from "../detectors/patterns";
import { computations } from "./tool-computations";

const MAX_ANSWER = 20_000;
/** Computations whose inputs are read for names (each a bounded text), and the text read of each. */
const MAX_COMPUTATIONS = 256;
const MAX_INPUT_TEXT = 4_000;

interface Feeding {
  caller: number;
  words: Set<string>;
}

/** Tool computations whose output the final answer holds, with the words of what was handed to them. */
function feedingAnswer(g: EngineGraph, prov: Provenance, values: Set<string>): Feeding[] {
  const out: Feeding[] = [];
  for (const { output, caller } of computations(g, prov)) {
    if (out.length >= MAX_COMPUTATIONS) break;
    if (!prov.claims[output].observed.some((o) => values.has(o.value))) continue;
    const text = isAgentToolCall(g, caller) ? argumentText(g, caller) : stepText(g.steps[caller]);
    out.push({ caller, words: new Set(wordsOf(text.slice(0, MAX_INPUT_TEXT))) });
  }
  return out;
}

/** The run's last agent utterance (not a call), or −1. */
function lastUtterance(g: EngineGraph): number {
  for (let v = g.sink; v >= 0; v--) if (isAgentUtterance(g, v) && g.steps[v].kind !== "tool_call") return v;
  return -1;
}

export function answerReach(g: EngineGraph, prov: Provenance): (v: number, value: StatedValue) => boolean {
  let answer: ReturnType<typeof answerValues> | undefined;
  let words: Set<string> | undefined;
  let typed: Set<string> | undefined;
  let feeding: Feeding[] | undefined;
  let closure: Set<string> | undefined;
  let last = -1;
  let ruling: StatedValue | null = null;
  const load = () => {
    answer = answerValues(g, prov);
    closure = answerClosure(prov, answer.values, g, true);
    const stated = g.trace.run.finalAnswer?.trim();
    const text = (stated || (answer.step >= 0 ? stepText(g.steps[answer.step]) : "")).slice(0, MAX_ANSWER);
    words = new Set(wordsOf(text));
    // An answer handed to a tool as an argument (`final_answer("Brandt")`) has no text of its own:
    // its values' words are the answer's words.
    for (const value of answer.values) if (/^[eq]:/.test(value)) for (const w of wordsOf(value.slice(2))) words.add(w);
    typed = new Set(resultStatements(text).map((s) => s.value.value));
    const lead = readValue(text.trim());
    if (lead) typed.add(lead.value);
    // The run's last word may be a ruling that states no number ("Decision: No"), so the step
    // asserting the answer's values is earlier: the value the ruling puts forward is the answer too.
    last = lastUtterance(g);
    if (last >= 0) ruling = statedRuling((stated || stepText(g.steps[last])).slice(0, MAX_ANSWER));
  };
  return (v, value) => {
    if (!answer) load();
    if (ruling && (v === last || (v < last && prov.visible(v, last))) && compareValues(value, ruling) === "same")
      return true;
    const at = answer!.step;
    if (at < 0 || (v !== at && !prov.visible(v, at))) return false;
    if (value.kind === "number") return closure!.has(value.value);
    if (!value.words) return typed!.has(value.value);
    // A list's items are phrases: each of their words must be there.
    const need = value.kind === "list" ? value.words.flatMap((i) => wordsOf(i)) : value.words;
    if (!need.length) return false;
    if (need.every((w) => words!.has(w))) return true;
    feeding ??= feedingAnswer(g, prov, closure!);
    return feeding.some((f) => (f.caller === v || prov.visible(v, f.caller)) && need.every((w) => f.words.has(w)));
  };
}
