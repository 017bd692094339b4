/**
 * Whether a typed value (see `stated-values.ts`) stated at step v reaches the run's final answer:
 * the answer holds the value (a number among its values, every word of a name, the same yes/no,
 * boolean or option letter as it opens with or states), and its step could see step v. The same
 * test as for numbers (`answerClosure` in claim-findings.ts), for values that are not numbers.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { answerValues } from "./claim-findings";
import type { Provenance } from "./provenance";
import { resultStatements } from "./result-statements";
import { readValue, wordsOf, type StatedValue } from "./stated-values";

const MAX_ANSWER = 20_000;

export function answerReach(g: EngineGraph, prov: Provenance): (v: number, value: StatedValue) => boolean {
  let answer: ReturnType<typeof answerValues> | undefined;
  let words: Set<string> | undefined;
  let typed: Set<string> | undefined;
  const load = () => {
    answer = answerValues(g, prov);
    const stated = g.trace.run.finalAnswer?.trim();
    const text = (stated || (answer.step >= 0 ? stepText(g.steps[answer.step]) : "")).slice(0, MAX_ANSWER);
    words = new Set(wordsOf(text));
    typed = new Set(resultStatements(text).map((s) => s.value.value));
    const lead = readValue(text.trim());
    if (lead) typed.add(lead.value);
  };
  return (v, value) => {
    if (!answer) load();
    const at = answer!.step;
    if (at < 0 || (v !== at && !prov.visible(v, at))) return false;
    if (value.kind === "number") return answer!.values.has(value.value);
    if (value.words) return value.words.length > 0 && value.words.every((w) => words!.has(w));
    return typed!.has(value.value);
  };
}
