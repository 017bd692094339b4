/**
 * A name that opens a reply and is set off from the rest by a dash ("Granitex — it matches the
 * record", "Basalt Works - that is the supplier"): the reply leads with its answer, as a bare
 * "No — …" leads with a yes or no (ADR 0073). A name that merely opens a sentence ("Confirmed: …",
 * "Russia borders…") is not set off, and is read as the sentence's subject or not at all.
 */
import { readValue, wholeName, type StatedValue } from "./stated-values";
import { trimEndChars } from "../../text/linear-text";

/** Characters read at the start of a reply. */
const MAX_LEAD = 200;
const SET_OFF_RE = /^[^\S\r\n]*[—–][^\S\r\n]*\S|^[^\S\r\n]+-[^\S\r\n]+\S/;

export function leadName(text: string): StatedValue | null {
  const head = text.slice(0, MAX_LEAD).trimStart();
  const value = readValue(head);
  if (!value || value.kind !== "name") return null;
  if (SET_OFF_RE.test(head.slice(value.length))) return value;
  // A name cased any way that runs on to the dash ("Sloan ugriz — the lookup backs it") is one name,
  // unless the words before the dash open with a verb ("Checked the register — …") or a name is all
  // that follows it (then that name is the answer: `trailingName`).
  const dash = head.split("\n", 1)[0].search(/[—–]/);
  if (dash <= value.length || VERB_FORM_RE.test(value.raw)) return null;
  const after = trimEndChars(head.slice(dash + 1).trim(), ".!");
  const named = readValue(after);
  if (named && named.length >= after.length) return null;
  return wholeName(head.slice(0, dash).trim());
}

/** A capitalised word that opens a sentence as a verb, not a name: "Checked", "Looking". */
const VERB_FORM_RE = /^\p{L}+(?:ed|ing)$/u;

/** Characters read at the end of a reply for a name set off after a dash. */
const MAX_TAIL = 120;

/**
 * A name that closes a short reply after a dash ("Checked the register — ShelfMark."): all the reply
 * says after the dash is that name, so the reply puts it forward, as a leading one does.
 */
export function trailingName(text: string): StatedValue | null {
  const tail = text.trimEnd().slice(-MAX_TAIL);
  const at = Math.max(tail.lastIndexOf("—"), tail.lastIndexOf("–"));
  if (at < 0) return null;
  const rest = trimEndChars(tail.slice(at + 1).trim(), ".!");
  const value = readValue(rest);
  return value && value.kind === "name" && value.length >= rest.length ? value : null;
}
