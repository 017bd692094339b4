/**
 * Whether a name a step states has a source: at least half of its words (or, with `all`, every
 * word) appear in the task, the step's input or observation, or an earlier step it could see. Words
 * are indexed once per trace (word → ascending steps), built only when a name is first asked about;
 * each lookup tries a few earlier statements and past them counts the word as seen (conservative:
 * seen is not invented).
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { claimPart } from "../text-features";
import { observationAt } from "../../trace/canonical-attributes";
import type { Provenance } from "./provenance";
import { inputTail } from "./input-tail";
import { rawWordsOf, stem, wordsOf, type StatedValue } from "./stated-values";

const MAX_TEXT = 20_000;
const MAX_CANDIDATES = 8;

function wordIndex(g: EngineGraph): Map<string, number[]> {
  const index = new Map<string, number[]>();
  const stems = new Map<string, string>();
  for (let v = 0; v < g.n; v++)
    for (const raw of rawWordsOf(stepText(g.steps[v]).slice(0, MAX_TEXT))) {
      // Most words repeat across steps: each is stemmed once.
      let w = stems.get(raw);
      if (w === undefined) stems.set(raw, (w = stem(raw)));
      const list = index.get(w);
      if (!list) index.set(w, [v]);
      else if (list[list.length - 1] !== v) list.push(v);
    }
  return index;
}

export function nameSupport(
  g: EngineGraph,
  prov: Provenance,
): (v: number, name: StatedValue, all?: boolean) => boolean {
  let index: Map<string, number[]> | undefined;
  let task: Set<string> | undefined;
  // A step's own words, read once for the names it is asked about in a row (callers ask step by step).
  let ownStep = -1;
  let own = new Set<string>();
  return (v, name, all = false) => {
    index ??= wordIndex(g);
    task ??= new Set(wordsOf((g.trace.run.task ?? "").slice(0, MAX_TEXT)));
    if (v !== ownStep) {
      const s = g.steps[v];
      const full = stepText(s).slice(0, MAX_TEXT);
      const seen = full.slice(claimPart(full, observationAt(s.attributes)).length);
      own = new Set(wordsOf(`${(s.input ?? "").slice(0, MAX_TEXT)}\n${inputTail(s.input) ?? ""}\n${seen}`));
      ownStep = v;
    }
    const words = name.words ?? [];
    let found = 0;
    for (const w of words) {
      if (task.has(w) || own.has(w)) {
        found++;
        continue;
      }
      let tried = 0;
      for (const u of index.get(w) ?? []) {
        if (u >= v) break;
        if (++tried > MAX_CANDIDATES || prov.visible(u, v)) {
          found++;
          break;
        }
      }
    }
    return words.length === 0 || (all ? found === words.length : found * 2 >= words.length);
  };
}
