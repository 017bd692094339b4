/**
 * The value a step puts forward as its own answer, ruling or vote (typed as in `stated-values.ts`),
 * and the vote counts a step reports. Read in the words any debate, vote or merge writes:
 * - an answer statement ("the final answer is …", see `result-statements.ts`), or, as a position
 *   only, a boxed answer (`\boxed{C}`: the solver's own mark for its answer);
 * - a position noun opening a sentence, alone or after "my"/"our"/"the"/"final" ("Decision: No",
 *   "My vote: (B)", "Verdict — Paris");
 * - a first-person choice ("I rule for …", "we vote for …", "I choose …", "I put forward …");
 * - failing those, a value the text opens with, set off by a dash or a full stop ("Paris — the
 *   registry shows it", "No. The record says so"), or an option letter it opens with ("(C) 2 %").
 * The last explicit statement wins (a ruling ends with its conclusion, after it recounted the
 * positions it weighed); a statement about someone else ("Bob's position is …") opens no sentence
 * and says nothing about the speaker's own position. Bounded: the first MAX_SCAN characters.
 */
import { resultStatements } from "./result-statements";
import { phraseValue, readValue, type StatedValue } from "./stated-values";
import { wholeValue } from "./lead-name";
import { trimEndChars } from "../../text/linear-text";
import { sentenceStart } from "./sentence-around";
import { allMatches } from "../all-matches";

const MAX_SCAN = 4_000;
const MAX_MATCHES = 24;

/** Nouns that head a position; "answer" too, here also for a lowercase value (`phraseValue`). */
const POSITION_NOUN =
  /(?:answer|decision|verdict|ruling|position|vote|choice|pick|selection|conclusion|consensus|majority|winner|recommendation)/;
/** Words that qualify a position noun without changing whose it is ("the majority answer", "our agreed choice"). */
const POSITION_ADJECTIVE = /(?:final|majority|consensus|agreed|overall|group|team|unanimous|winning)/;
const NOUN_LEAD_RE = new RegExp(
  `(?:^|[\\n.!?])[ \\t*_#>-]*(?:(?:my|our|the)\\s+)?(?:${POSITION_ADJECTIVE.source}\\s+)?${POSITION_NOUN.source}[ \\t*_]*(?:[:=—–]|\\bis\\b)[ \\t*_]*`,
  "gi",
);
/** First-person choices: the speaker commits to the value that follows. */
const CHOICE_VERB =
  /(?:rule|vote|decide|side|settle|go)\s+(?:for|with|on|in\s+favou?r\s+of)|choose|pick|select|propose|put\s+forward|endorse|adopt/;
const CHOICE_LEAD_RE = new RegExp(
  `\\b(?:i|we)\\s+(?:(?:therefore|hereby|will|now|also)\\s+)?(?:${CHOICE_VERB.source})\\s+`,
  "gi",
);
/** After a value a text opens with: a dash, a full stop or the end, so the value stands alone. */
const SET_OFF_RE = /^[ \t*_`"'”’)]*(?:$|\n|[.;!](?:\s|$))/;
const DASHES = ["—", "–", " - "];

/** A math solver's boxed answer (`\boxed{42}`, `\boxed{C}`), the form most math and debate prompts ask for. */
const BOXED_RE = /\\boxed\{([^{}\n]{1,200})\}/g;

/** Whether a text boxes an answer (`\boxed{…}`), whatever the box holds (`search` ignores the flag's state). */
export const hasBoxedAnswer = (text: string): boolean => text.includes("\\boxed") && text.search(BOXED_RE) >= 0;

/** A number alone among words ("the helmets, which is 20"): a box that holds a sentence answers with it. */
const NUMBER_IN_WORDS_RE = /(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w,]|\.\d)/g;

function loneNumber(inner: string): StatedValue | null {
  const numbers = inner.match(NUMBER_IN_WORDS_RE);
  return numbers?.length === 1 ? readValue(numbers[0]) : null;
}

/** The values of the boxed answers of a text (at most MAX_MATCHES). */
function boxedValues(text: string): Found[] {
  const out: Found[] = [];
  if (!text.includes("\\boxed")) return out;
  for (const m of allMatches(BOXED_RE, text)) {
    if (out.length >= MAX_MATCHES) break;
    const inner = m[1].trim();
    // The box holds the answer alone: read whole ("\boxed{Lower Pelling}"), else what it opens with.
    const value = wholeValue(trimEndChars(inner, ".!")) ?? loneNumber(inner) ?? readValue(inner, true);
    if (value) out.push({ value, at: m.index! });
  }
  return out;
}

/** A value ends with its sentence ("Quay Seven. The session is closed." is not the name "Quay Seven The"). */
const sentence = (text: string) => text.split(SENTENCE_END_RE, 1)[0];
const SENTENCE_END_RE = /(?<=[.!?;])\s/;

interface Found {
  value: StatedValue;
  at: number;
}

function leadValues(text: string, re: RegExp): Found[] {
  const out: Found[] = [];
  for (const m of allMatches(re, text)) {
    if (out.length >= MAX_MATCHES) break;
    const from = m.index! + m[0].length;
    const clause = sentence(text.slice(from));
    // The clause a position noun heads is all value when it is one name cased any way ("My position:
    // Sloan ugriz."), not the capitalised word it opens with.
    const value = wholeValue(trimEndChars(clause.trim(), ".!")) ?? readValue(clause) ?? phraseValue(clause);
    if (value) out.push({ value, at: m.index! });
  }
  return out;
}

/**
 * The value a step explicitly rules, answers or votes for (an answer statement, a position noun, a
 * first-person choice), or null: a deciding step says what it decides.
 */
export function statedRuling(full: string): StatedValue | null {
  return latest(rulings(full.length > MAX_SCAN ? full.slice(0, MAX_SCAN) : full));
}

function rulings(text: string): Found[] {
  return [
    ...resultStatements(text)
      .filter((s) => s.key === "answer")
      .map((s) => ({ value: s.value, at: s.start })),
    ...leadValues(text, NOUN_LEAD_RE),
    ...leadValues(text, CHOICE_LEAD_RE),
    ...optionsNamedBest(text),
    ...optionsArguedFor(text),
    ...concludedOptions(text),
  ];
}

/**
 * "(B) is the best choice", "(A) is the correct answer", "option C is the most accurate option": an
 * option said to be the answer, the choice or the option, with at most three words between.
 */
const OPTION_IS_ANSWER_RE =
  /(?:\boption\s+\(?([A-H])\)?|\(([A-H])\))\s+is\s+(?:the\s+)?(?:[a-z]+\s+){0,3}?(?:answer|choice|option)\b/g;

function optionsNamedBest(text: string): Found[] {
  const out: Found[] = [];
  if (!text.includes(" is ")) return out;
  for (const m of allMatches(OPTION_IS_ANSWER_RE, text)) {
    if (out.length >= MAX_MATCHES) break;
    if (!ownClaim(text, m.index!)) continue;
    const value = readValue(`(${m[1] ?? m[2]})`);
    if (value) out.push({ value, at: m.index! });
  }
  return out;
}

/**
 * An option argued for in prose, the way a debater who must win others over writes its pick rather
 * than closing with the bare mark: "the correct answer to the question of … is (D) …", "answer
 * (C) - helium, the light gas - is the most accurate response", "option (C) "…" makes the most
 * sense". The option's wording may stand between the mark and what is said of it, set off by dashes
 * or quotes. A sentence that reports someone else's view ("Agent B argues that (C) is the most
 * accurate") or a condition ("if the answer to … is (D)") takes no position of the speaker's.
 */
const QUALIFIED_ANSWER_RE =
  /\b(?:(?:correct|right|best|final|true|most\s+accurate)\s+)?answer\s+(?:to|for)\s+[^.!?\n]{1,160}?\s+is\s+(?:option\s+|answer\s+)?\(([A-H])\)/gi;
const ARGUED_OPTION_RE =
  /(?:\b(?:answer|option|choice)\s+)?\(([A-H])\)(?:\s*[-–—]\s[^\n]{1,120}?\s[-–—]|\s*"[^"\n]{1,160}"|\s*“[^”\n]{1,160}”)?\s+(?:(?:is|remains|seems|appears)\s+(?:to\s+be\s+)?(?:the\s+)?(?:most\s+(?:accurate|correct|plausible|likely|reasonable|appropriate|comprehensive|convincing|valid)|best|correct|right)\b|makes\s+the\s+most\s+sense\b)/g;
/** What makes a sentence's claim someone else's, or not a claim: a reporting verb, a condition. */
const REPORTED_RE =
  /\b(?:argue|claim|say|suggest|believe|think|state|contend|maintain|insist|assert|propose)(?:s|d|ed)?\b|\baccording\s+to\b/i;
const FIRST_PERSON_RE = /\b(?:i|we)\b/i;
const CONDITION_RE = /\b(?:if|whether|unless|not)\b|n['’]t\b/i;

function optionsArguedFor(text: string): Found[] {
  const out: Found[] = [];
  if (!text.includes("(")) return out;
  for (const re of [QUALIFIED_ANSWER_RE, ARGUED_OPTION_RE]) {
    for (const m of allMatches(re, text)) {
      if (out.length >= MAX_MATCHES) break;
      if (!ownClaim(text, m.index!)) continue;
      const value = readValue(`(${m[1].toUpperCase()})`);
      if (value) out.push({ value, at: m.index! });
    }
  }
  return out;
}

/**
 * A conclusion that names one option: a sentence opening with a conclusion word ("Therefore",
 * "Thus", "In conclusion", "Taking these factors into account", "Based on this") that names exactly
 * one option mark, however it words the pick ("… leans heavily towards option (A)", "… aligning
 * more with the answer (B)"). A sentence that names two marks weighs them; a reported view, a
 * condition or a denial before the mark takes no position (`ownClaim`).
 */
const CONCLUSION_RE =
  /(?:^|[\n.!?])[ \t*_#>-]*(?:therefore|thus|hence|so|overall|in (?:conclusion|summary|short)|to conclude|all things considered|taking [^.!?\n]{1,60}? into account|based on [^.!?\n]{1,80}?),/gi;
const OPTION_MARK_RE = /\(([A-H])\)/g;

function concludedOptions(text: string): Found[] {
  const out: Found[] = [];
  if (!text.includes("(")) return out;
  for (const m of allMatches(CONCLUSION_RE, text)) {
    if (out.length >= MAX_MATCHES) break;
    const from = m.index! + m[0].length;
    const said = sentence(text.slice(from, from + MAX_SENTENCE));
    const marks = [...allMatches(OPTION_MARK_RE, said)];
    if (marks.length === 0 || marks.some((k) => k[1] !== marks[0][1])) continue;
    const at = from + marks[0].index!;
    if (!ownClaim(text, at)) continue;
    const value = readValue(`(${marks[0][1]})`);
    if (value) out.push({ value, at });
  }
  return out;
}
/** Characters of a conclusion sentence read for its option mark. */
const MAX_SENTENCE = 600;

/** Characters read back from a claim for the sentence that leads to it. */
const CLAIM_LEAD_CHARS = 200;

/** Whether the sentence up to `at` leaves the claim at `at` the speaker's own (see `optionsArguedFor`). */
function ownClaim(text: string, at: number): boolean {
  const lead = text.slice(sentenceStart(text, at, CLAIM_LEAD_CHARS), at);
  // A denial or condition is read in the claim's own clause: "the others do not fit, and therefore
  // (A) is the most accurate" picks (A); "if the answer to … is (D), …" picks nothing.
  if (CONDITION_RE.test(lead.slice(lead.lastIndexOf(",") + 1))) return false;
  const reported = REPORTED_RE.exec(lead);
  return !reported || FIRST_PERSON_RE.test(lead.slice(0, reported.index));
}

const latest = (found: Found[]): StatedValue | null =>
  found.length ? found.reduce((a, b) => (b.at > a.at ? b : a)).value : null;

/**
 * The value a step's text puts forward as its own position: its ruling or boxed answer (the later
 * of them), else a value it opens with. The box is a position, not a ruling: a solver's working
 * boxes its result, which need not be all a closing message answers with.
 */
export function statedPosition(full: string): StatedValue | null {
  const text = full.length > MAX_SCAN ? full.slice(0, MAX_SCAN) : full;
  const ruling = latest([...rulings(text), ...boxedValues(text)]);
  if (ruling) return ruling;
  const closing = closingOption(full);
  if (closing) return closing;
  // The opening clause up to a dash ("No — the record says so") is read as a whole.
  const trimmed = text.trimStart();
  let cut = trimmed.length;
  for (const d of DASHES) {
    const at = trimmed.indexOf(d);
    if (at >= 0 && at < cut) cut = at;
  }
  const clause = sentence(trimmed.slice(0, cut));
  const opening = readValue(clause);
  if (!opening) return null;
  // A multiple-choice reply names its pick by the letter it opens with, the option's wording after it
  // ("(C) 2 %.", "B) Lower rates"): the letter is the position whatever follows it.
  return opening.kind === "option" || SET_OFF_RE.test(clause.slice(opening.length)) ? opening : null;
}

/** Characters read at the end of a text for the option letter it closes with. */
const CLOSING_SCAN = 200;
/** A closing line that is an option mark alone ("(H)", "**B)**"), or ends with one in parentheses ("… mostly argon (A)."). */
const CLOSING_OPTION_RE = /(?:^[ \t*_>#-]*|[ \t])(\([A-H]\)|[A-H]\))[ \t*_.]*$/;

/**
 * The option a reply closes with: multiple-choice prompts ask for the answer "in the form (X) at the
 * end of your response", so a last line that is the mark, or ends with it in parentheses, is the
 * reply's pick, however the reasoning before it is worded.
 */
function closingOption(full: string): StatedValue | null {
  const tail = full.slice(-CLOSING_SCAN).trimEnd();
  const line = tail.slice(tail.lastIndexOf("\n") + 1);
  const m = CLOSING_OPTION_RE.exec(line);
  if (!m) return null;
  // A lone "B)" closes a line only on its own; inside prose only the parenthesised "(B)" is a mark.
  if (!m[1].startsWith("(") && line.trim().replace(/[*_.]/g, "") !== m[1]) return null;
  const value = readValue(m[1]);
  return value?.kind === "option" ? value : null;
}

export interface StatedCount {
  value: StatedValue;
  count: number;
}

/** "3 votes", "1 ballot": the count of one side of a tally. */
const COUNT_RE = /\b(\d{1,4})\s*(?:votes?|ballots?)\b/i;
const FOR_RE = /^\s*(?:for|to|in\s+favou?r\s+of)\s+/i;
const MAX_SEGMENTS = 64;

/**
 * The counts a step reports per value ("Paris: 3 votes, Lyon: 1 vote", "2 votes for (B)"), one per
 * clause: the value is what the clause opens with (after a label such as "Tally:"), or what follows
 * "for" after the count.
 */
export function statedTally(full: string): StatedCount[] {
  const text = full.length > MAX_SCAN ? full.slice(0, MAX_SCAN) : full;
  const out: StatedCount[] = [];
  for (const clause of text.split(/[\n;,]|\.\s/, MAX_SEGMENTS)) {
    const m = COUNT_RE.exec(clause);
    if (!m) continue;
    const after = clause.slice(m.index + m[0].length);
    const lead = FOR_RE.exec(after);
    let value = lead ? readValue(after.slice(lead[0].length)) : null;
    if (!value) {
      const head = clause.slice(0, m.index);
      const colon = head.lastIndexOf(":");
      // "Tally: Paris 3 votes" reads after the label; "Paris: 3 votes" reads before the colon.
      const before = colon >= 0 ? head.slice(0, colon) : head;
      // "Tally — (A): 2 votes": the value follows the tally's own label.
      const labelled = before.split(/[—–]|\s-\s/).pop()!;
      const tries = colon >= 0 ? [head.slice(colon + 1), before, labelled] : [head, labelled];
      for (const t of tries) {
        const trimmed = t.replace(/^[\s*•>-]+/, "");
        const v = readValue(trimmed);
        if (
          v &&
          trimmed
            .slice(v.length)
            .trim()
            .replace(/^[(—–-]/, "") === ""
        )
          value ??= v;
      }
    }
    if (value) out.push({ value, count: Number(m[1]) });
  }
  return out;
}
