/**
 * A name that opens a reply and is set off from the rest by a dash ("Granitex — it matches the
 * record", "Basalt Works - that is the supplier"): the reply leads with its answer, as a bare
 * "No — …" leads with a yes or no (ADR 0073). A name that merely opens a sentence ("Confirmed: …",
 * "Russia borders…") is not set off, and is read as the sentence's subject or not at all.
 */
import { readValue, type StatedValue } from "./stated-values";

/** Characters read at the start of a reply. */
const MAX_LEAD = 200;
const SET_OFF_RE = /^[^\S\r\n]*[—–][^\S\r\n]*\S|^[^\S\r\n]+-[^\S\r\n]+\S/;

export function leadName(text: string): StatedValue | null {
  const head = text.slice(0, MAX_LEAD).trimStart();
  const value = readValue(head);
  if (!value || value.kind !== "name") return null;
  return SET_OFF_RE.test(head.slice(value.length)) ? value : null;
}
