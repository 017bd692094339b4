/**
 * What a step says of its own, as against what the task already holds: the first person, and values
 * or names the task does not hold (questions dropped: what a question holds is what it asks about).
 * Shared by the participant tests (`participants.ts`, `task-poser.ts`).
 */
import type { EngineGraph } from "../build-graph";
import { extractClaims } from "../claims/extract-claims";
import { leadName } from "../claims/lead-name";
import { allMatches } from "../all-matches";

/** An agent speaks for itself; program output does not ("I'll", "let me", "we"). */
export const FIRST_PERSON_RE = /\b(?:I|I'm|I'll|I've|me|my|we|we'll|our|let's)\b/i;

/**
 * An opening step that states a value the task does not hold ("4 + 7 + 9 = 21 kg") or names what the
 * task does not ("the capital is Sydney": a capitalised word inside a sentence, not an agent's name) is
 * a worker's first answer; one that poses or restates the task brings only the task's own, and what a
 * question it asks holds is no answer either.
 */
export function statesOwnValue(text: string, task: TaskContent): boolean {
  // What a question holds is what it asks about: its data and its subject, not an answer.
  const said = withoutQuestions(text);
  if (extractClaims(said).some((c) => c.kind !== "verdict" && !task.values.has(c.value))) return true;
  return namesOwnIn(said, task.lower, task.agents);
}

/**
 * Whether the text names what `heard` (lowercase) does not: a time of day, a name put forward as a
 * sentence's subject, inside a sentence or leading a reply; the run's agent names are not among them.
 */
export function namesOwn(text: string, heard: string, g: EngineGraph): boolean {
  return namesOwnIn(text, heard, new Set(g.agentNames.map((n) => n.toLowerCase())));
}

function namesOwnIn(said: string, lower: string, agents: ReadonlySet<string>): boolean {
  // A time of day is no claim (calendar-piece.ts), but one the task does not give is a result ("Arrival: 12:05").
  for (const m of allMatches(TIME_RE, said)) if (!lower.includes(m[0])) return true;
  for (const m of allMatches(SUBJECT_NAME_RE, said)) {
    const w = m[1].toLowerCase();
    if (!lower.includes(w) && !agents.has(w)) return true;
  }
  for (const m of allMatches(INNER_NAME_RE, said)) {
    const w = m[1].toLowerCase();
    if (!lower.includes(w) && !agents.has(w)) return true;
  }
  // A reply that leads with a name set off by a dash ("Skerra — …") puts that name forward.
  const lead = leadName(said)?.raw.toLowerCase();
  return lead !== undefined && !lower.includes(lead) && !agents.has(lead);
}

/** Sentence ends: a stop, a question or an exclamation mark before a space or a line break. */
export const SENTENCE_END_RE = /(?<=[.!?])\s+|\n/;

/** The text without the sentences that ask (they end with a question mark). */
export function withoutQuestions(text: string): string {
  if (!text.includes("?")) return text;
  return text
    .split(SENTENCE_END_RE)
    .filter((sentence) => !sentence.trimEnd().endsWith("?"))
    .join("\n");
}
/** A name that opens a sentence as its subject ("Skerra is the largest island"): a name put forward. */
const SUBJECT_NAME_RE = /(?:^|[.!?]\s)([A-Z][a-z]{2,})\s(?:is|was|are|were|has|remains)\b/g;
const TIME_RE = /(?<![\d:])\d{1,2}:\d{2}(?![\d:])/g;
/** A capitalised word after a lower-case word or a comma: a name, not a sentence's first word. */
const INNER_NAME_RE = /(?<=[a-z,;] )([A-Z][a-z]{2,})\b/g;

export interface TaskContent {
  values: Set<string>;
  lower: string;
  agents: Set<string>;
}

export function taskContent(g: EngineGraph): TaskContent {
  return contentOf(g, g.trace.run.task ?? "");
}

/** What a text holds (its values and words), beside the run's agent names: what a step may restate as not its own. */
export function contentOf(g: EngineGraph, text: string): TaskContent {
  return {
    values: new Set(extractClaims(text).map((c) => c.value)),
    lower: text.toLowerCase(),
    agents: new Set(g.agentNames.map((n) => n.toLowerCase())),
  };
}
