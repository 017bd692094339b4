/**
 * A name that opens a reply and is set off from the rest by a dash ("Granitex — it matches the
 * record", "Basalt Works - that is the supplier"): the reply leads with its answer, as a bare
 * "No — …" leads with a yes or no (ADR 0073). A name that merely opens a sentence ("Confirmed: …",
 * "Russia borders…") is not set off, and is read as the sentence's subject or not at all.
 */
import { readValue, wholeName, type StatedValue } from "./stated-values";
import { trimEndChars } from "../../text/linear-text";
import { allMatches } from "../all-matches";

/** Characters read at the start of a reply. */
const MAX_LEAD = 200;
const SET_OFF_RE = /^[^\S\r\n]*[—–][^\S\r\n]*\S|^[^\S\r\n]+-[^\S\r\n]+\S/;

export function leadName(text: string): StatedValue | null {
  const head = text.slice(0, MAX_LEAD).trimStart();
  const value = readValue(head);
  if (value && value.kind !== "name") return null;
  if (value && SET_OFF_RE.test(head.slice(value.length))) return value;
  // A name cased any way that runs on to the dash ("Sloan ugriz — the lookup backs it") is one name,
  // unless the words before the dash open with a verb ("Checked the register — …") or a name is all
  // that follows it (then that name is the answer: `trailingName`).
  const dash = head.split("\n", 1)[0].search(/[—–]/);
  if (dash <= (value?.length ?? 0) || VERB_FORM_RE.test(head.split(" ", 1)[0])) return null;
  // Where no name opens the reply ("narrowband H-alpha — …", "iPhone 15 — …"), the words before the
  // dash are still one when cased as a name is: `wholeName` wants a capital among them.
  if (wholeValue(trimEndChars(head.slice(dash + 1).trim(), ".!"))) return null;
  return wholeName(head.slice(0, dash).trim());
}

/** The value a whole phrase is (a name cased any way, "Sloan ugriz", read whole), or null when it says more. */
export function wholeValue(phrase: string): StatedValue | null {
  const value = readValue(phrase);
  if (value && value.length >= phrase.length) return value;
  // Two sentences are more than a name ("Northline. Closing the debate"); an initial is not a sentence.
  // A phrase the value reader cannot open (no capital first: "narrowband H-alpha", "iPhone 15") is
  // still a name when cased as one is: `wholeName` wants a capital among its words.
  return (value === null || value.kind === "name") && !SENTENCE_END_RE.test(phrase) ? wholeName(phrase) : null;
}

/** A word of three or more letters that ends a sentence inside a phrase. */
const SENTENCE_END_RE = /\p{L}{3}[.!?]\s/u;

/** A capitalised word that opens a sentence as a verb, not a name: "Checked", "Looking". */
const VERB_FORM_RE = /^\p{L}+(?:ed|ing)$/u;

/** Characters read at the end of a reply for a name set off after a dash or a colon. */
const MAX_TAIL = 120;

/** What sets off a closing name: a dash, a label's colon, or "is"/"was". */
const CLOSING_SEPARATOR_RE = /[—–]|: | (?:is|was) /g;

/**
 * A name that closes a short reply after a dash, a label's colon or "is" ("Checked the register —
 * ShelfMark.", "The plot's pollinator contractor: Hivecraft.", "The plot's contractor is Hivecraft."):
 * all the reply says after it is that name, so the reply puts it forward, as a leading one does. A
 * name has a capital among its words ("narrowband H-alpha"): "is away today" names nothing.
 */
export function trailingName(text: string): StatedValue | null {
  const tail = text.trimEnd().slice(-MAX_TAIL);
  let end = -1;
  for (const m of allMatches(CLOSING_SEPARATOR_RE, tail)) end = m.index + m[0].length;
  if (end < 0) return null;
  const value = wholeValue(trimEndChars(tail.slice(end).trim(), ".!"));
  return value?.kind === "name" ? value : null;
}
