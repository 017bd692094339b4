/**
 * The origin of a failed run's answer when that answer is not a number: a name, a yes or no, an
 * option letter, or a short list of names. Numbers are traced by value provenance; these values
 * are traced here, as the "claims beyond numbers" asks: the agent that first put the
 * answer forward as its own (a name it states outside a question and not as a denial, the same yes
 * or no or option it opens or rules with, every item of the list) is where the conclusion entered
 * the conversation; the steps after it, approvals included, accepted or relayed it.
 * It reads only an answer the run states explicitly (the run's final answer, or a ruling such as
 * "Final answer: X" in its last agent message), and stays silent for a run stopped by a budget or
 * an error (its forced answer says nothing about who reasoned wrongly), for an answer the ground
 * truth shares, and when the answer is no single typed value.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import { claimPart, isStopword } from "../text-features";
import { observationAt } from "../../trace/canonical-attributes";
import { runTerminationOf } from "../../trace/run-termination";
import { NOT_CANDIDATE, classifyParticipants } from "../model/participants";
import type { AnswerOrigin } from "./answer-origin";
import type { Provenance } from "./provenance";
import { statedPosition, statedRuling } from "./stated-position";
import { taskText } from "./task-text";
import { trimEndChars } from "../../text/linear-text";
import { extractClaims } from "./extract-claims";
import { compareValues, readValue, wordsOf, type StatedValue } from "./stated-values";
import { leadName } from "./lead-name";
import { allMatches } from "../all-matches";

const MAX_TEXT = 4_000;
/** A list answer has at most this many items, each of at most MAX_ITEM_WORDS words. */
const MAX_ITEMS = 12;
const MAX_ITEM_WORDS = 4;
/** Agent steps read for the first proposal, from the start. */
const MAX_READ = 4_096;
/** Characters of a step read for a yes or no after a short lead. */
const MAX_PHRASE_SCAN = 80;

/** "Ardmore, Caskey and Dunmere": two or more short items set off by commas, as their stemmed words; null otherwise. */
function proseList(text: string): StatedValue | null {
  const line = trimEndChars(text.trim().split("\n", 1)[0], ".!");
  if (!line.includes(",")) return null;
  const items = line
    .split(/[,;]|\band\b/i)
    .map((i) => i.trim())
    .filter(Boolean);
  if (items.length < 2 || items.length > MAX_ITEMS) return null;
  const words = items.map((i) => wordsOf(i));
  if (words.some((w) => w.length === 0 || w.length > MAX_ITEM_WORDS || w.some((x) => /^\d/.test(x)))) return null;
  const stems = words.map((w) => w.join(" "));
  return { kind: "list", value: `l:${stems.join("|")}`, raw: line, length: line.length, words: stems };
}

/**
 * The typed value an answer states, or null (numbers are value provenance's). The run's stated final
 * answer is the value itself, or holds a ruling; a final step states its position (a ruling, or a value
 * it opens with, set off); any other last message counts only with a ruling ("Final answer: X").
 */
function statedAnswer(text: string, as: "value" | "final" | "message"): StatedValue | null {
  const clipped = text.slice(0, MAX_TEXT).trim();
  let value = statedRuling(clipped);
  if (!value && as === "final") value = statedPosition(clipped);
  if (!value && as === "value") {
    const whole = readValue(clipped);
    value = whole && clipped.slice(whole.length).replace(/[\s.!*_`"')\]]/g, "") === "" ? whole : proseList(clipped);
  }
  return value;
}

function typedAnswer(value: StatedValue | null): StatedValue | null {
  if (!value || value.kind === "number" || value.kind === "word") return null;
  // An answer that holds a claim (a number, a multi-word or quoted name) is value provenance's and the
  // concluded answer origin's: this rule reads only what they cannot.
  return extractClaims(value.raw).some((c) => c.kind !== "verdict") ? null : value;
}

/**
 * The answer a run states explicitly, as a typed value of any kind: its final answer, a final step's
 * position, or a ruling in its last agent message; null when it states none. `last`: that message.
 */
export function runAnswer(g: EngineGraph): { value: StatedValue | null; last: number } {
  const stated = g.trace.run.finalAnswer?.trim();
  const last = lastMessage(g);
  const value = stated
    ? statedAnswer(stated, "value")
    : last >= 0
      ? statedAnswer(stepText(g.steps[last]), g.steps[last].kind === "final" ? "final" : "message")
      : null;
  return { value, last };
}

/** The run's last agent message that is not a call, or −1. */
function lastMessage(g: EngineGraph): number {
  for (let v = g.sink; v >= 0; v--) if (isAgentUtterance(g, v) && g.steps[v].kind !== "tool_call") return v;
  return -1;
}

/** A step's own sentences that assert (questions and observations quoted in it dropped). */
function assertedSentences(g: EngineGraph, u: number): string[] {
  const own = claimPart(stepText(g.steps[u]), observationAt(g.steps[u].attributes)).slice(0, MAX_TEXT);
  // A line ends a sentence too: a labelled reply ("#answer: B" over "#rationale: …") states one thing per line.
  return own.split(/(?<=[.!?])\s+|\n\s*/).filter((s) => s.trim() && !s.trim().endsWith("?"));
}

/** The first sentence holding a name's words, not right after a denial ("not Toronto", "isn't Paris"). */
function sentenceWith(sentences: string[], need: string[]): string | null {
  for (const s of sentences) {
    const words = wordsOf(s);
    if (!need.every((w) => words.includes(w))) continue;
    const at = words.indexOf(need[0]);
    if (!words.slice(Math.max(0, at - 2), at).some((w) => w === "not" || w.endsWith("n't") || w === "no")) return s;
  }
  return null;
}

/** Capitalised words inside a sentence (not its first word): the names it leans on. */
const INNER_NAME_RE = /(?<=[\p{L}\d,;:)\]—–*"“”'‘’-][ \t])\p{Lu}[\p{L}'’-]+/gu;

/**
 * The stems of the capitalised words inside a sentence (a name used as one, not a word opening it). A
 * common word is none, capitalised or not: it opens a clause after a dash or a colon ("D) Xenon - These
 * are heavy").
 */
const innerNames = (sentence: string) =>
  [...allMatches(INNER_NAME_RE, sentence)].map((m) => wordsOf(m[0])[0]).filter((w) => w && !isStopword(w));

/** The sentence (or, for a yes/no or option, the text) in which step u puts the answer forward, or null. */
function proposal(g: EngineGraph, u: number, answer: StatedValue): string | null {
  // Most steps do not hold the answer at all: a plain search for its first word skips them cheaply.
  const first = answer.words?.[0]?.split(" ")[0];
  if (first && !stepText(g.steps[u]).slice(0, MAX_TEXT).toLowerCase().includes(first)) return null;
  const sentences = assertedSentences(g, u);
  if (answer.kind === "yesno" || answer.kind === "bool" || answer.kind === "option") {
    const text = sentences.join("\n");
    const own = statedPosition(text) ?? leadPolar(text);
    if (own === null || compareValues(own, answer) !== "same") return null;
    // The premise is read in the sentence that takes the position, not in the whole reply: the
    // explanation after a pick names what every debater names ("While (A) and (C) …").
    return positionSentence(sentences, answer) ?? text;
  }
  if (answer.kind === "list") {
    const found = answer.words!.map((item) => sentenceWith(sentences, wordsOf(item)));
    return found.every((f) => f !== null) ? [...new Set(found)].join(" ") : null;
  }
  if (!answer.words?.length) return null;
  // A one-word answer is a name only where it is written as one inside a sentence ("… is Sydney, …"),
  // not where a sentence opens with a word that happens to be capitalised ("Confirmed: …").
  const sentence = sentenceWith(sentences, answer.words);
  if (sentence === null) return null;
  if (innerNames(sentence).includes(answer.words[0]) || opensAsSubject(sentence, answer)) return sentence;
  // A reply that leads with the answer set off by a dash ("Granitex — it matches the record").
  const lead = leadName(sentence);
  return lead && compareValues(lead, answer) === "same" ? sentence : null;
}

/** Sentences searched for the one that takes a yes/no or option position. */
const MAX_POSITION_SENTENCES = 64;

/**
 * The first sentence that by itself rules for the yes/no or option answer ("the best answer is (D)"),
 * else the first that states it (opens with it, boxes it), or null. A ruling comes first: a reply
 * that walks through every option opens a line with each letter before it says which it takes.
 */
function positionSentence(sentences: string[], answer: StatedValue): string | null {
  const read = sentences.slice(0, MAX_POSITION_SENTENCES);
  const same = (own: StatedValue | null) => own !== null && compareValues(own, answer) === "same";
  return read.find((s) => same(statedRuling(s))) ?? read.find((s) => same(statedPosition(s) ?? leadPolar(s))) ?? null;
}

/** A yes or no after a short lead ("On reflection, no — …", "Then no."), set off by punctuation: a position. */
const LEAD_POLAR_RE = /^\s*(?:[A-Za-z]+(?:\s+[A-Za-z]+){0,2},?\s+)?(yes|no)(?=\s*(?:[,.!;:—–-]|$))/i;

function leadPolar(text: string): StatedValue | null {
  const m = LEAD_POLAR_RE.exec(text.slice(0, MAX_PHRASE_SCAN));
  return m ? readValue(m[1], true) : null;
}

/** A sentence that opens with the name as its subject ("Russia is the largest country"): the name is used as one. */
function opensAsSubject(sentence: string, answer: StatedValue): boolean {
  const lead = readValue(sentence.trimStart());
  if (!lead || lead.kind !== "name" || compareValues(lead, answer) !== "same") return false;
  return SUBJECT_VERB_RE.test(sentence.trimStart().slice(lead.length));
}
const SUBJECT_VERB_RE = /^\s+(?:is|was|are|were|has|had|remains|holds|lies)\b/i;

/**
 * Whether the proposal leans on a name another agent put forward earlier ("Browser says the flag is
 * of Italy, so the capital is Rome"): then the answer was drawn from that agent's premise, and which
 * of the two erred is not for this rule to say.
 */
function restsOnPremise(g: EngineGraph, prov: Provenance, u: number, sentence: string, answer: StatedValue): boolean {
  const skip = new Set([
    ...wordsOf(taskText(g).slice(0, MAX_TEXT)),
    ...(answer.words ?? []).flatMap((w) => wordsOf(w)),
  ]);
  for (const a of g.agentNames) for (const w of wordsOf(a)) skip.add(w);
  const names = innerNames(sentence).filter((w) => !skip.has(w));
  if (!names.length) return false;
  let read = 0;
  for (let t = u - 1; t >= 0 && read < MAX_READ; t--) {
    if (!isAgentUtterance(g, t) || g.agentOf[t] === g.agentOf[u]) continue;
    read++;
    if (!prov.visible(t, u)) continue;
    const words = new Set(wordsOf(assertedSentences(g, t).join(" ")));
    if (names.some((w) => words.has(w))) return true;
  }
  return false;
}

export function typedAnswerOrigin(g: EngineGraph, prov: Provenance): AnswerOrigin | null {
  const termination = runTerminationOf(g.trace.run.attributes);
  if (termination === "limit" || termination === "error") return null;
  const stated = runAnswer(g);
  const last = stated.last;
  const answer = typedAnswer(stated.value);
  if (!answer) return null;
  const truth = g.trace.run.groundTruth?.trim();
  if (truth) {
    const right = statedRuling(truth.slice(0, MAX_TEXT)) ?? readValue(truth, true) ?? proseList(truth);
    if (right && compareValues(answer, right) === "same") return null;
  }
  const kinds = classifyParticipants(g);
  const end = last >= 0 ? last : g.sink;
  let read = 0;
  for (let u = 0; u <= end && read < MAX_READ; u++) {
    if (!isAgentUtterance(g, u) || g.wrapper[u] || g.steps[u].kind === "tool_call") continue;
    if (NOT_CANDIDATE.has(kinds[g.agentOf[u]]) || (u !== end && !prov.visible(u, end))) continue;
    read++;
    const sentence = proposal(g, u, answer);
    if (sentence === null) continue;
    return restsOnPremise(g, prov, u, sentence, answer) ? null : { step: u, value: answer.value };
  }
  return null;
}
