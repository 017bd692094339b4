/**
 * Contradiction with an established fact: a tool output states "key: 42" (or "key = 42", "key is
 * 42"), and a later agent message states the same key with a different number.
 */
import type { Detector, DetectorHit } from "./types";
import { isAgentUtterance, isToolOutput } from "./patterns";
import { normalizeNumber, stripCode } from "../text-features";
import { stepText } from "../build-graph";

const FACT_RE = /([A-Za-z][A-Za-z _-]{2,40}?)\s*(?::|=|\bis\b|\bwas\b|\bare\b|\bequals\b)\s*\$?(-?\d[\d,]*(?:\.\d+)?)/g;

/** Keys are compared by their last two words, lowercased. */
function keyOf(raw: string): string {
  return raw.toLowerCase().trim().split(/[\s_-]+/).slice(-2).join(" ");
}

export const detectContradiction: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const facts = new Map<string, { value: string; step: number }>();
  for (let i = 0; i < g.n; i++) {
    const text = stripCode(stepText(g.steps[i])).slice(0, 8000);
    if (isToolOutput(g, i)) {
      for (const m of text.matchAll(FACT_RE)) facts.set(keyOf(m[1]), { value: normalizeNumber(m[2]), step: i });
      continue;
    }
    if (!isAgentUtterance(g, i)) continue;
    for (const m of text.matchAll(FACT_RE)) {
      const fact = facts.get(keyOf(m[1]));
      const value = normalizeNumber(m[2]);
      if (!fact || fact.value === value) continue;
      hits.push({
        step: i,
        name: "contradiction",
        score: 0.7,
        mast: "FM-2.6 reasoning-action mismatch",
        evidence: { stepIds: [g.steps[i].id, g.steps[fact.step].id], note: `says "${keyOf(m[1])}" is ${value}, but tool output ${g.steps[fact.step].id} established ${fact.value}` },
      });
      break;
    }
  }
  return hits;
};
