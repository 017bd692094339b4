/**
 * Contradiction with an established fact: a tool output states "key: 42" (or "key = 42", "key is
 * 42"), and a later agent message states the same key with a different number.
 */
import type { Detector, DetectorHit } from "./types";
import { isAgentUtterance, isToolOutput } from "./patterns";
import { normalizeNumber, stripCode } from "../text-features";
import { stepText } from "../build-graph";

const NUMBER_RE = /-?\d[\d,]*(?:\.\d+)?/g;
/** Anchored at the end of the 60 characters before a number: "<key> is|was|are|equals|:|= [$]". */
const KEY_BEFORE_RE = /([A-Za-z][A-Za-z _-]{2,40}?)\s*(?::|=|\bis|\bwas|\bare|\bequals)\s*\$?$/;

/** "key: 42" style facts. Numbers are found first and the key is read just before each, which keeps the scan linear. */
function* facts(text: string): Generator<[string, string]> {
  for (const m of text.matchAll(NUMBER_RE)) {
    const at = m.index ?? 0;
    if (at > 0 && /[\w.]/.test(text[at - 1])) continue;
    const key = KEY_BEFORE_RE.exec(text.slice(Math.max(0, at - 60), at));
    if (key) yield [key[1], m[0]];
  }
}

/** Keys are compared by their last two words, lowercased. */
function keyOf(raw: string): string {
  return raw.toLowerCase().trim().split(/[\s_-]+/).slice(-2).join(" ");
}

export const detectContradiction: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const known = new Map<string, { value: string; step: number }>();
  for (let i = 0; i < g.n; i++) {
    const text = stripCode(stepText(g.steps[i])).slice(0, 8000);
    if (isToolOutput(g, i)) {
      for (const [key, value] of facts(text)) known.set(keyOf(key), { value: normalizeNumber(value), step: i });
      continue;
    }
    if (!isAgentUtterance(g, i)) continue;
    for (const [key, raw] of facts(text)) {
      const fact = known.get(keyOf(key));
      const value = normalizeNumber(raw);
      if (!fact || fact.value === value) continue;
      hits.push({
        step: i,
        name: "contradiction",
        score: 0.7,
        mast: "FM-2.6 reasoning-action mismatch",
        evidence: { stepIds: [g.steps[i].id, g.steps[fact.step].id], note: `says "${keyOf(key)}" is ${value}, but tool output ${g.steps[fact.step].id} established ${fact.value}` },
      });
      break;
    }
  }
  return hits;
};
