/**
 * Both sides of a result check, as typed values (`stated-values.ts`):
 * - what an agent says a program or tool returned ("the output is …", "it printed …", "returned …",
 *   "the result: …"), what it gives as its answer ("the (final) answer is …"), and what it states
 *   under a label a tool used ("the status is …");
 * - what a tool output says: its whole body when that is one short line (a program that prints
 *   one value), and the values it gives under labels ("winner: Alice Smith", `"status": "pending"`).
 * Statements that are hedged, expected or negated ("should return", "the expected output is", "did
 * not print") say nothing about what happened and are skipped, as is code: code says what to
 * compute, not what came out. Bounded: at most MAX_SCAN characters and MAX_STATEMENTS per text.
 */
import { fencedRanges, trimEndChars } from "../../text/linear-text";
import { MAX_PHRASE, readValue, wholeName, type StatedValue } from "./stated-values";
import { allMatches } from "../all-matches";

export interface ResultStatement {
  value: StatedValue;
  /** Where the statement starts (its lead words) and where its value ends. */
  start: number;
  end: number;
  /** "answer" for an answer, "" for what an output showed, else the label it is stated under. */
  key: string;
}

const MAX_SCAN = 20_000;
const MAX_STATEMENTS = 24;
const MAX_OUTPUT = 4_000;
const MAX_LINES = 40;
const MAX_FIELDS = 200;

/** The lead words of a statement, one literal per way of saying it (joined into one scan). */
/** "the answer to the question is", "the best answer from the given options is": what it answers, in a few words. */
const ANSWER_LEAD =
  /(?:the\s+)?(?:final[\s_]+)?(answer)["']?(?:\s+(?:to|for|from|among|of)(?:\s+[a-z]+){1,3}?)?\s*(?:is|was|remains|:|=)/;
const OUTPUT_VERB = /is|was|are|were|shows|showed|reads|indicates|indicated|says|said|gives|gave|:|=/;
const OUTPUT_LEAD = new RegExp(
  `(?:the\\s+)?(?:output|result|return value|printed value)s?\\s*(?:${OUTPUT_VERB.source})`,
);
const VERB = /returns|returned|prints|printed|outputs|outputted|yields|yielded|evaluates to|evaluated to/;
const VERB_LEAD = new RegExp(`(?:${VERB.source})(?:\\s+(?:the value|a value of))?`);
const SUBJECT_LEAD =
  /(?:code|script|program|function|query|command|tool|call)\s+(?:gave|gives|produced|produces|shows|showed)/;
const WE_LEAD = /\b(?:we|i)\s+(?:got|get|obtained|obtain)/;
const ANSWER_STATEMENT_RE = new RegExp(ANSWER_LEAD.source, "i");
const LEADS = [ANSWER_LEAD, OUTPUT_LEAD, VERB_LEAD, SUBJECT_LEAD, WE_LEAD].map((r) => r.source).join("|");
const RESULT_RE = new RegExp(`\\b(?:${LEADS})[ \\t]*:?[ \\t]*`, "gi");
/**
 * Words in the same sentence before a statement that make it a hypothesis, an expectation or a
 * denial rather than a report of what happened.
 */
const HEDGE_WORDS =
  /expect\w*|should|would|will|must|might|may|could|if|whether|suppos\w*|intend\w*|want\w*|needs?|to|can|cannot/;
const DENIAL_WORDS = /not|never|no|desired|required|sample|example|hypothetical\w*/;
const HEDGE_RE = new RegExp(`(?:\\b(?:${HEDGE_WORDS.source}|${DENIAL_WORDS.source})\\b|n['’]t\\b)[^.!?\\n]*$`, "i");
/** "label: value" or "label = value" (a printed "x is y" is prose, not a labelled value). */
const LABEL_RE = /^([A-Za-z][\w ()'/-]{0,40}?)\s*[:=]\s*(\S.*)$/;
const JSON_FIELD_RE = /"([A-Za-z_][\w .-]{0,40})"\s*:\s*(?:"([^"\n]{1,60})"|(true|false)\b)/g;

/** A label as compared: its last two lowercase words ("Final Answer" → "final answer", `order_status`). */
export function labelOf(raw: string): string {
  return raw
    .toLowerCase()
    .split(/[\s_.()/-]+/)
    .filter(Boolean)
    .slice(-2)
    .join(" ");
}

const hedged = (text: string, at: number) => HEDGE_RE.test(text.slice(Math.max(0, at - 40), at));

/** What step text `full` says an output showed and what it answers, in order of position. */
/**
 * Whether `resultStatements` can find a statement keyed "answer" in the text: its lead words are
 * somewhere in the part it reads.
 */
export function mayStateAnswer(full: string): boolean {
  return ANSWER_STATEMENT_RE.test(full.length > MAX_SCAN ? full.slice(0, MAX_SCAN) : full);
}

export function resultStatements(full: string): ResultStatement[] {
  const text = full.length > MAX_SCAN ? full.slice(0, MAX_SCAN) : full;
  const out: ResultStatement[] = [];
  if (!/answer|output|result|return|print|yield|evaluate|gave|give|produce|show|got|get|obtain/i.test(text)) return out;
  const code = fencedRanges(text);
  for (const m of allMatches(RESULT_RE, text)) {
    if (out.length >= MAX_STATEMENTS) break;
    const at = m.index!;
    if (code.some(([a, b]) => at >= a && at < b) || hedged(text, at)) continue;
    const next = nextLineValue(text, at + m[0].length, m[0].trimEnd().endsWith(":"));
    if (next) out.push({ value: next.value, start: at, end: next.end, key: m[1] ? "answer" : "" });
  }
  return out;
}

/** A relation after a value: "as the filter set", "for Pine Hollow", "in the record". */
const RELATION_RE = / (?:as|for|at|in|on|from|with|by|to|under)\b/;

/**
 * The value right after a statement's lead words. After a colon that ends its line ("The final
 * answer is:\n\n**Paris**"), the next non-blank line, when the value is that whole line (a list
 * item or heading that merely starts with a name is not the answer).
 */
function nextLineValue(text: string, from: number, colon: boolean): { value: StatedValue; end: number } | null {
  const same = readValue(text.slice(from, from + MAX_PHRASE));
  if (same) return { value: same, end: from + same.length };
  // The lead words delimit the value as a label does: a name cased any way up to the clause's end
  // ("the answer is narrowband H-alpha."), or up to the relation that follows it ("returned
  // narrowband H-alpha as the filter set"), is one value, where the value reader alone reads nothing.
  const rest = clauseAt(text, from);
  const clause = trimEndChars(rest.trim(), "!*_`\"'”’)");
  const whole = wholeName(clause) ?? wholeName(clause.split(RELATION_RE, 1)[0]);
  if (whole) return { value: whole, end: from + rest.indexOf(clause) + whole.raw.length };
  if (!colon || !/^[ \t]*\r?\n/.test(text.slice(from, from + 4))) return null;
  const m = /^\s*\n[ \t]*([^\n]{1,80})(?:\n|$)/.exec(text.slice(from, from + 120));
  if (!m) return null;
  const line = trimEndChars(m[1], " \t\r.*_`\"'”’)");
  const value = readValue(line);
  const start = from + m[0].indexOf(m[1]);
  return value && value.length >= line.length - 1 ? { value, end: start + value.length } : null;
}

/**
 * What joins a label to its value: "is", ":", "=", also after the thing the label belongs to ("the
 * supplier of Dock 4 is …", "the status for order 12 was …": a label qualified by its owner).
 */
const LABEL_SEPARATOR_RE = /^\s*(?:(?:of|for|at|in)\s+[^\n.,;:!?]{1,40}?\s+)?(?:is|was|are|:|=)\s+/;

/** Statements of `full` under one of `labels` ("the status is delivered"); at most a few per label. */
export function labelledStatements(full: string, labels: Iterable<string>): ResultStatement[] {
  const text = (full.length > MAX_SCAN ? full.slice(0, MAX_SCAN) : full).toLowerCase();
  const out: ResultStatement[] = [];
  const code = fencedRanges(text);
  for (const label of labels) {
    if (label === "answer" || label.length < 3) continue;
    let seen = 0;
    for (let at = text.indexOf(label); at >= 0 && seen < 8; at = text.indexOf(label, at + label.length)) {
      seen++;
      const end = at + label.length;
      if ((at > 0 && /[\p{L}\d_]/u.test(text[at - 1])) || /[\p{L}\d_]/u.test(text[end] ?? "")) continue;
      const sep = LABEL_SEPARATOR_RE.exec(text.slice(end, end + 64));
      if (!sep || code.some(([a, b]) => at >= a && at < b) || hedged(text, at)) continue;
      const from = end + sep[0].length;
      // A label delimits its value as a field's does: a name cased any way ("narrowband H-alpha") up
      // to the clause's end is one value, where the value reader alone reads nothing.
      const value = readValue(full.slice(from, from + MAX_PHRASE), true) ?? fieldValue(clauseAt(full, from));
      if (value && value.kind !== "number") out.push({ value, start: at, end: from + value.length, key: label });
    }
  }
  return out;
}

/** The text from `at` to the end of its clause: a line break, a comma or semicolon, or a sentence's full stop. */
function clauseAt(text: string, at: number): string {
  const rest = text.slice(at, at + MAX_PHRASE).split("\n", 1)[0];
  const end = rest.search(/[,;]|\.(?:\s|$)/);
  return end < 0 ? rest : rest.slice(0, end);
}

export interface OutputFacts {
  /** The value the output consists of (one short line), or null. */
  bare: StatedValue | null;
  /** Non-number values the output gives under a label; null where it gives one label several values. */
  labelled: Map<string, StatedValue | null>;
}

function learn(labelled: Map<string, StatedValue | null>, label: string, value: StatedValue | null): void {
  if (!label || !value || value.kind === "number") return;
  const had = labelled.get(label);
  labelled.set(label, had === undefined || had?.value === value.value ? value : null);
}

/**
 * A field's value: the typed value it holds whole, else, when the field is a name cased any way, that
 * whole name (a label delimits it, so "narrowband H-alpha" or "Sloan ugriz" is one value, not nothing
 * or "Sloan"). A field that holds more than one phrase ("Paris, France") or a list of choices
 * ("open|closed|pending") keeps what `readValue` reads of it.
 */
function fieldValue(text: string): StatedValue | null {
  const value = readValue(text, true);
  const whole = trimEndChars(text.trim(), ". \t\r");
  if (value && value.length >= whole.length - 1) return value;
  return wholeName(whole) ?? value;
}

/** What an output body says (see OutputFacts). */
export function outputFacts(body: string): OutputFacts {
  const text = body.length > MAX_OUTPUT ? body.slice(0, MAX_OUTPUT) : body;
  const labelled = new Map<string, StatedValue | null>();
  const lines = text
    .split("\n", MAX_LINES)
    .map((l) => l.trim())
    .filter(Boolean);
  let bare: StatedValue | null = null;
  if (lines.length === 1 && text.trim().length <= MAX_PHRASE) {
    const line = trimEndChars(lines[0], ". \t\r");
    const m = LABEL_RE.exec(line);
    const part = m ? m[2] : line;
    const value = readValue(part, Boolean(m));
    // The whole line must be the value: "Paris has 2 million people" is a sentence, not the value Paris.
    bare = value && value.length >= part.length - 1 ? value : null;
  }
  for (const line of lines) {
    const m = LABEL_RE.exec(line);
    if (m && m[2].length <= MAX_PHRASE) learn(labelled, labelOf(m[1]), fieldValue(m[2]));
  }
  let fields = 0;
  if (text.includes('"'))
    for (const m of allMatches(JSON_FIELD_RE, text)) {
      if (++fields > MAX_FIELDS) break;
      learn(labelled, labelOf(m[1]), fieldValue(m[2] ?? m[3]));
    }
  return { bare, labelled };
}
