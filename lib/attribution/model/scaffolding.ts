/**
 * Scaffolding steps: text a harness writes around the agents' work, not an agent's own output.
 * Two shapes, both read from the run itself and never from names:
 * - a counter template: the step's whole text recurs among the same speaker's steps with only a
 *   counter moving by one ("round 2", "cycle=3") and the next speaker's name changing, at least three
 *   times. A program fills such a template; an agent that writes the same words with a number changed
 *   states a new value, and an exact repeat is a loop, an agent's fault of its own;
 * - a relay: at least half of its text is copied verbatim, line by line, from the task or from other
 *   speakers' earlier steps (lines the speaker repeats in several steps are its template and do not
 *   count), and what it adds is neither code, nor an observation, nor said in the first person. A
 *   program that forwards answers ("here are the other agents' solutions: ```...```") copies exactly;
 *   an agent that builds on others' work (fixing their code, reporting what it saw, agreeing) adds
 *   its own.
 * A speaker whose steps are all scaffolding is the harness (`harnessSpeakers`).
 * Linear: every line is hashed once per pass (two passes), with a cap on the text read per step.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { observationAt } from "../../trace/canonical-attributes";
import { APPROVAL_RE, REJECTION_RE } from "../detectors/patterns";
import { statesAnAnswer } from "./answer-statement";

/** Text read per step: forwarded answers sit in the first few thousand characters. */
const SCAN = 8000;
/** Lines shorter than this (after trimming) carry nothing of substance: braces, fences, "ok". */
const MIN_LINE = 4;
/** Copied text a relay must carry: a one-line echo of an answer is a choice, not a relay. */
const MIN_FORWARDED = 40;
/** Text new to the run a relay may add around what it copies: a heading, a request to answer again. */
const NEW_SHARE = 1 / 2;
/** Uses of one template before it counts as a counter: two could be an answer that moved by one. */
const MIN_COUNTED = 3;

/**
 * Whether collapsing whitespace runs to one space changes a line: a whitespace character other than a
 * space, or two spaces in a row. Most lines have neither, and skip the replace (and its copy).
 */
const LOOSE_SPACE = /[^\S ]| {2}/;
const norm = (line: string) => {
  const trimmed = line.trim();
  return (LOOSE_SPACE.test(trimmed) ? trimmed.replace(/\s+/g, " ") : trimmed).toLowerCase();
};
const DIGITS = /\d+/g;
const ANY_DIGIT = /\d/;
const LINE_BREAK = /\n|```/;
const WORD = /[a-z0-9]/i;
/** An agent's own voice or work: code, or the first person (a harness addresses others, it does not speak for itself). */
const FIRST_PERSON_RE = /\b(?:i|i'm|i'll|i've|me|my|we|we'll|our|let's)\b/;
/**
 * Code the speaker writes (a fence that opens a block in a language) or a tool call it asks for: its
 * own work. A bare fence around quoted text is how harnesses wrap the answers they forward.
 */
const OWN_CODE_RE = /^```[a-z]|\btool call:|\bfunction call:/im;
/**
 * A request to run something: a fenced code block or a tool call written into the text. An agent
 * sweeping a parameter (dates, pages) asks for work with only a number moved; that is its own action.
 * A quick screen: `asksForRun` tells a code block from a fence around another speaker's message.
 */
export const RUN_REQUEST_RE = /```|\btool call:|\bfunction call:/i;
const CALL_WORDS_RE = /\btool call:|\bfunction call:/i;
const FENCE = "```";
/** Fences read per text; past them the text is read as asking for a run, as before this reading. */
const MAX_FENCES = 64;

/**
 * Whether the text asks for a run: a tool call written into it, or a fenced block. A block whose
 * whole text is `quoted` (another speaker's earlier message, verbatim) forwards that message, as
 * debate harnesses wrap the answers they relay ("One agent solution: ```(B) 42```"): nothing there
 * is to be run, and whoever answers it is no executor. Without `quoted`, every fence is a request.
 */
export function asksForRun(text: string, quoted?: (block: string) => boolean): boolean {
  if (CALL_WORDS_RE.test(text)) return true;
  let at = text.indexOf(FENCE);
  if (at < 0) return false;
  if (!quoted) return true;
  for (let k = 0; k < MAX_FENCES; k++) {
    const close = text.indexOf(FENCE, at + FENCE.length);
    if (close < 0 || !quoted(text.slice(at + FENCE.length, close).trim())) return true;
    at = text.indexOf(FENCE, close + FENCE.length);
    if (at < 0) return false;
  }
  return true;
}

/** A call written in prose with its arguments: "Invoking booking_api with {…}", "calling lookup with {…}". */
export const PROSE_CALL_RE = /\b(?:invok|call|runn)ing `?[a-z_][\w.]*`? with \{/i;

/**
 * Normalized lines; a fence splits a line too, so an answer quoted inside one ("solution: ```42```") is its own line.
 * A line the scan cuts short is left out: its head matches no line of the text it was copied from.
 */
function linesOf(text: string): string[] {
  const out: string[] = [];
  const pieces = text.slice(0, SCAN).split(LINE_BREAK);
  if (text.length > SCAN && pieces.length > 1) pieces.pop();
  for (const raw of pieces) {
    const line = norm(raw);
    if (line.length >= MIN_LINE && WORD.test(line)) out.push(line);
  }
  return out;
}

/**
 * Every agent name in one alternation, longest first: a template names whoever is next ("next:
 * Searcher"), so names are masked like numbers. Names shorter than 3 characters would mask words.
 */
function namePattern(g: EngineGraph): RegExp | null {
  const escaped = g.agentNames
    .map((n) => n.toLowerCase())
    .filter((n) => n.length >= 3)
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return escaped.length ? new RegExp(escaped.join("|"), "g") : null;
}

/** A counter moves by one between a template's consecutive uses: a program counting rounds or cycles. */
function counts(prev: readonly string[], next: readonly string[]): boolean {
  if (prev.length !== next.length) return false;
  let moved = 0;
  for (let i = 0; i < prev.length; i++) {
    if (prev[i] === next[i]) continue;
    if (++moved > 1 || Number(next[i]) !== Number(prev[i]) + 1) return false;
  }
  return moved === 1;
}

interface Template {
  numbers: string[];
  uses: number;
  counter: boolean;
}

export interface Scaffolding {
  /** Per step: 1 for a counter template. */
  template: Uint8Array;
  /** Per step: 1 for a relay. */
  relay: Uint8Array;
  /** Per step: 1 for the first SAMPLE steps of each speaker, the ones read for relays and harness speakers. */
  sampled: Uint8Array;
}

/** Steps read per speaker for relays: behaviour shows in its first hundred steps, and long runs with many speakers stay cheap. */
const SAMPLE = 100;

/**
 * Scaffolding per step (see above). Wrappers, tool calls, run requests and tool output never are.
 * Past its sample, a speaker's steps are read only to follow a counter template it already uses.
 */
export function scaffoldingSteps(g: EngineGraph): Scaffolding {
  const template = new Uint8Array(g.n);
  const relay = new Uint8Array(g.n);
  const sampled = new Uint8Array(g.n);
  const texts: (string[] | null)[] = new Array(g.n).fill(null);
  const relayable = new Uint8Array(g.n);
  const templateOf: (Template | null)[] = new Array(g.n).fill(null);
  // Per speaker: each whole text with its numbers masked, and how its numbers moved between uses.
  const templates = new Map<string, Template>();
  const counting = new Uint8Array(g.agentNames.length);
  const read = new Int32Array(g.agentNames.length);
  // Per speaker (by index): how many of its steps hold each line; no key string per line.
  const ownLines = g.agentNames.map(() => new Map<string, number>());
  const names = namePattern(g);
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    const a = g.agentOf[v];
    const inSample = read[a] < SAMPLE;
    if (inSample) {
      read[a]++;
      sampled[v] = 1;
    }
    if (!inSample && !counting[a]) continue;
    const raw = stepText(g.steps[v]);
    if (!inSample && !ANY_DIGIT.test(raw.slice(0, SCAN))) continue;
    const lines = linesOf(raw);
    if (!lines.length) continue;
    // Every sampled step is a source others may relay; only a step in a speaker's own words can be a relay.
    const kind = g.steps[v].kind;
    const tool = kind === "tool_result" || kind === "tool_call";
    if (inSample) {
      texts[v] = lines;
      if (!tool && !OWN_CODE_RE.test(raw.slice(0, SCAN))) relayable[v] = 1;
      const own = ownLines[a];
      for (const l of lines.length === 1 ? lines : new Set(lines)) own.set(l, (own.get(l) ?? 0) + 1);
    }
    if (tool) continue;
    const text = lines.join("\n");
    const numbers = text.match(DIGITS);
    if (!numbers || RUN_REQUEST_RE.test(raw)) continue;
    const key = `${a}\u0000${(names ? text.replace(names, "@") : text).replace(DIGITS, "#")}`;
    const t = templates.get(key);
    if (!t) templates.set(key, { numbers, uses: 1, counter: true });
    else {
      t.counter &&= counts(t.numbers, numbers);
      t.numbers = numbers;
      t.uses++;
      if (t.counter) counting[a] = 1;
    }
    templateOf[v] = templates.get(key)!;
  }
  // The first speaker that wrote each line so far (−1: the task).
  const firstBy = new Map<string, number>();
  for (const l of linesOf(g.trace.run.task ?? "")) firstBy.set(l, -1);
  for (let v = 0; v < g.n; v++) {
    const t = templateOf[v];
    if (t && t.counter && t.uses >= MIN_COUNTED) template[v] = 1;
    const lines = texts[v];
    if (!lines) continue;
    const a = g.agentOf[v];
    if (!template[v] && relayable[v] && observationAt(g.steps[v].attributes) === undefined)
      relay[v] = isRelay(lines, a, firstBy, ownLines) ? 1 : 0;
    for (const l of lines) if (!firstBy.has(l)) firstBy.set(l, a);
  }
  return { template, relay, sampled };
}

/** Short answers a relay forwards whole ("(B) 42" twice): one echoed answer is a choice, two forwarded a relay. */
const MIN_SHORT_ANSWERS = 2;

function isRelay(lines: string[], a: number, firstBy: Map<string, number>, ownLines: Map<string, number>[]): boolean {
  // Too little copied text is no relay, whatever else the step says: decided before any line is read for its voice.
  // Two or more short answers ("(B) 42") other speakers wrote, forwarded with nothing new around them, are a relay too.
  let copied = 0;
  let answers = 0;
  for (const l of lines) {
    const by = firstBy.get(l);
    if (by === undefined || by === a) continue;
    copied += l.length;
    if (by >= 0) answers++;
  }
  if (copied < MIN_FORWARDED && answers < MIN_SHORT_ANSWERS) return false;
  // A step that is one line another speaker wrote, with nothing around it, echoes that answer: a choice, not a relay.
  if (lines.length === 1) return false;
  let forwarded = 0;
  let fresh = 0;
  for (const l of lines) {
    const by = firstBy.get(l);
    if (by !== undefined && by !== a) forwarded += l.length;
    // Lines the speaker writes in several steps are its template ("here are the other answers:", a prompt's
    // "let's think step by step"): neither copied, nor new, nor its own voice.
    else if ((ownLines[a].get(l) ?? 0) >= 2) continue;
    else if (FIRST_PERSON_RE.test(l)) return false;
    else fresh += l.length;
  }
  if (forwarded < MIN_FORWARDED) return fresh === 0 && forwarded > 0;
  return fresh <= NEW_SHARE * (forwarded + fresh);
}

/** Scaffolding a speaker writes before it is the harness as a whole: one relay could be an agent quoting. */
const MIN_HARNESS_STEPS = 2;
/** Content words of a closing announcement ("run finished: budget reached"); a final answer says more. */
const MAX_CLOSING_TOKENS = 30;

/**
 * Speakers that are the harness by behaviour: at least two of their steps are scaffolding, the only
 * others open the run (posing the question, or posing it again word for word, as a harness does for
 * each agent it asks) or close it with a short announcement, and some other speaker does the work it
 * scaffolds. Executors and task givers are classified elsewhere.
 */
export function harnessSpeakers(g: EngineGraph, s: Scaffolding): Set<number> {
  const scaffolded = new Int32Array(g.agentNames.length);
  const own = new Int32Array(g.agentNames.length);
  let opening = 0;
  while (opening < g.n && g.wrapper[opening]) opening++;
  const question = opening < g.n ? linesOf(stepText(g.steps[opening])).join("\n") : "";
  const posesAgain = (v: number) =>
    g.agentOf[v] === g.agentOf[opening] && linesOf(stepText(g.steps[v])).join("\n") === question;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v] || !s.sampled[v]) continue;
    const a = g.agentOf[v];
    const closing = (v === g.n - 1 || v === g.sink) && g.features[v].tokens.size < MAX_CLOSING_TOKENS;
    if (s.template[v] || s.relay[v]) scaffolded[a]++;
    else if (v !== opening && !closing && !posesAgain(v)) own[a]++;
  }
  const out = new Set<number>();
  for (let a = 0; a < scaffolded.length; a++) {
    if (scaffolded[a] < MIN_HARNESS_STEPS || own[a] > 0 || g.toolAgents.has(a) || g.taskGivers.has(a)) continue;
    if (own.some((k, b) => b !== a && k > 0 && !g.toolAgents.has(b))) out.add(a);
  }
  return out;
}

/**
 * Speakers that give one stock reply: every step they take (two or more) is the same text, whatever
 * came before it ("there is no code in the last message for me to run"), while another speaker does
 * work. A program answers that way; an agent that reasons says something new when the conversation
 * moves, and one that loops has said something else before it. A verdict repeated ("approved") is a
 * judgement each time, not a stock reply. Only when a speaker other than the run's opener does the
 * work: with none, the repeater is the one worker, stuck. Executors and task givers are classified
 * elsewhere.
 */
export function stockResponders(g: EngineGraph): Set<number> {
  const text = new Map<number, string | null>();
  const raw = new Map<number, string>();
  const count = new Int32Array(g.agentNames.length);
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    const a = g.agentOf[v];
    if (text.get(a) === null) continue;
    const own = linesOf(stepText(g.steps[v])).join("\n");
    const seen = text.get(a);
    text.set(a, seen === undefined || seen === own ? own : null);
    if (seen === undefined) raw.set(a, stepText(g.steps[v]).slice(0, SCAN));
    count[a]++;
  }
  const stock = (a: number) => {
    const t = text.get(a);
    return (
      typeof t === "string" &&
      t !== "" &&
      count[a] >= 2 &&
      !APPROVAL_RE.test(t) &&
      !REJECTION_RE.test(t) &&
      !statesAnAnswer(raw.get(a) ?? "")
    );
  };
  // Whoever opens the run poses the work: someone else must do it, or the repeater is the only worker.
  let opener = 0;
  while (opener < g.n && g.wrapper[opener]) opener++;
  const worker = (a: number) =>
    !g.toolAgents.has(a) && !g.taskGivers.has(a) && (opener >= g.n || a !== g.agentOf[opener]);
  const out = new Set<number>();
  for (const a of text.keys())
    if (worker(a) && stock(a) && [...text.keys()].some((b) => b !== a && worker(b) && !stock(b))) out.add(a);
  return out;
}

/**
 * Marks the harness's text (`g.scaffold`): every step of a harness speaker, and the counter templates
 * of any speaker (a step that only fills a template is not the agent's own output, even when the
 * same speaker does real work in its next step). Run once, after the environment is known.
 */
export function markScaffolding(g: EngineGraph): void {
  const s = scaffoldingSteps(g);
  const harness = harnessSpeakers(g, s);
  for (const a of stockResponders(g)) harness.add(a);
  for (let v = 0; v < g.n; v++) if (!g.wrapper[v] && (s.template[v] || harness.has(g.agentOf[v]))) g.scaffold[v] = 1;
}
