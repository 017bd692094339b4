/**
 * A name misread from prose: the step says "directed by Park Chan-wook" right after reading a page that
 * says "directed by Bong Joon-ho". Output facts are read under labels ("director: …"); pages write
 * relations in prose instead, so a name is compared with the name the output gives after the same
 * relation words (a verb or noun and its preposition: "directed by", "located in", "capital of"; or a
 * noun and its copula: "surname is").
 * Only when the step's name appears nowhere in that output (a name it holds anywhere may be the one
 * meant) and the step does not restate the output's name.
 */
import { compareValues, readValue, type StatedValue } from "./stated-values";
import { allMatches } from "../all-matches";

export interface PhraseName {
  relation: string;
  name: StatedValue;
  start: number;
  end: number;
}

const MAX_SCAN = 8_000;
const MAX_PHRASES = 24;
/**
 * A relation right before a capitalised name: a word and its preposition ("directed by"), or a noun
 * and a copula ("surname is", "master was"), or a figure and a copula, which ends a noun phrase as a
 * noun does ("the master in 1899 was"), or a noun right before a quoted name ("the film “Dune”"; not
 * an article, a conjunction or a verb of saying, "said “…”"). A pronoun's copula ("this was") relates
 * nothing, and an answer's is read as the answer (result-statements.ts).
 */
const RELATION_RE =
  /\b([a-z]{3,20} (?:by|in|of|from|at|for)|(?!(?:this|that|which|what|there|here|who|answer)\b)[a-z0-9]{3,20} (?:is|was))\s+(?=\p{Lu})|\b(?!(?:the|and|than|that|this|with|from|said|says|also|only|just|into)\b)([a-z]{3,20})\s+(?=["“]\p{Lu})/gu;

const MAY_NAME_RE = /\s["“]?\p{Lu}/u;

/** The names a text states after a relation, in order. */
export function phraseNames(full: string): PhraseName[] {
  const text = full.length > MAX_SCAN ? full.slice(0, MAX_SCAN) : full;
  const out: PhraseName[] = [];
  // Every relation ends before a capital after a space (or its opening quote): a cheap test first.
  if (!MAY_NAME_RE.test(text)) return out;
  for (const m of allMatches(RELATION_RE, text)) {
    if (out.length >= MAX_PHRASES) break;
    const from = m.index! + m[0].length;
    const name = readValue(text.slice(from, from + 80));
    if (name?.kind === "name") {
      // A quoted name ends at its closing quote.
      const end = from + name.length + (m[2] && /["”]/.test(text[from + name.length] ?? "") ? 1 : 0);
      out.push({ relation: (m[1] ?? m[2]).toLowerCase(), name, start: m.index!, end });
    }
  }
  return out;
}

/** The step's first relation whose name the output gives differently, with the output's name; null when none. */
export function misreadPhrase(step: string, output: string): { said: PhraseName; source: StatedValue } | null {
  const given = phraseNames(output);
  if (!given.length) return null;
  const outputLower = output.slice(0, MAX_SCAN).toLowerCase();
  const stepLower = step.slice(0, MAX_SCAN).toLowerCase();
  for (const said of phraseNames(step)) {
    if (outputLower.includes(said.name.raw.toLowerCase())) continue;
    for (const g of given)
      if (
        g.relation === said.relation &&
        compareValues(said.name, g.name) === "differ" &&
        !stepLower.includes(g.name.raw.toLowerCase())
      )
        return { said, source: g.name };
  }
  return null;
}
