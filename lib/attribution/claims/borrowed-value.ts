/**
 * A value stated for one thing the task names that only another thing's record gave: "Posted
 * hillcrest_grove.weight = 190.2 g" when the one lookup made was Red Ridge Block's, which showed
 * 190.2, and no output before it named Hillcrest Grove at all. Provenance finds the number in a tool
 * output, so it counts as sourced; what the step says it is (this thing's figure) nothing supports.
 * A run that asks for several things' figures and looks up only some of them borrows this way. A
 * thing that was looked up is given another's figure too ("board[cerro_pinto.seeing] := 1.25" when its
 * own record gave 1.52 and Ebbing Ridge's 1.25): read for measurements between single records only.
 */
import type { EngineGraph } from "../build-graph";
import { stepText, stepTextOnce } from "../build-graph";
import { normalizeNumber } from "../text-features";
import { wordsAfterNumbers } from "../measured-numbers";
import { isToolOutput, toolFailed } from "../detectors/patterns";
import type { Claim } from "./extract-claims";
import { taskText } from "./task-text";
import { allMatches } from "../all-matches";

export interface BorrowedValue {
  /** The thing the step states the value for, and the one whose record gave it, as the task writes them. */
  named: string;
  owner: string;
  /** The named thing's own record, when it was looked up: the output and the figure of its kind it gave. */
  record?: { step: number; raw: string };
}

/** Characters of the task read for the things it names. */
const MAX_TASK = 4_000;
/** Things read from the task; a task naming more is a listing, and no lookup is owed for each. */
const MAX_THINGS = 12;
/** Characters of a line read around the value, and of an output read for the things it names. */
const MAX_LINE = 300;
const MAX_OUTPUT = 8_000;
/** Outputs read from the run's start for a lookup of a thing; a thing none of them names counts as looked up after them (conservative). */
const MAX_OUTPUTS_READ = 400;
/** Values read per run past the line test; past them none is read (no finding: the conservative direction). */
const MAX_CHECKS = 256;

/** A run of capitalised words on one line ("Red Ridge Block"). */
const NAME_RUN_RE = /(?<![\p{L}\d])\p{Lu}\p{Ll}+(?:[^\S\r\n]\p{Lu}\p{Ll}+)*(?![\p{L}\d])/gu;

/** Whether the word at `at` opens the text or a sentence (after ".", "!", "?" or ":" and spaces). */
function opensSentence(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && at - k <= 8 && /\s/.test(text[k])) k--;
  return k < 0 || /[.!?:]/.test(text[k]);
}

/** Lowercase words, with `_`, `.` and other marks as spaces ("hillcrest_grove.weight" → "hillcrest grove weight"). */
const spaced = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, " ")
    .trim()} `;

/**
 * The things a task names: runs of capitalised words ("Red Ridge Block", "Vossberg"), the word that
 * opens a sentence aside, of four letters or more when one word. Each as spaced words.
 */
export function taskThings(task: string): string[] {
  return [...namedThings(task).keys()];
}

/** The task's things as spaced words, each with the name as the task writes it. */
function namedThings(task: string): Map<string, string> {
  const text = task.slice(0, MAX_TASK);
  const out = new Map<string, string>();
  for (const m of allMatches(NAME_RUN_RE, text)) {
    let words = m[0].split(/\s+/);
    if (opensSentence(text, m.index)) words = words.slice(1);
    if (words.length > 1 || (words.length === 1 && words[0].length >= 4))
      out.set(spaced(words.join(" ")), words.join(" "));
  }
  return out.size > MAX_THINGS ? new Map() : out;
}

/**
 * The sentence of `text` around [start, end), within its line and at most MAX_LINE characters each way.
 * Not the shared `sentence-around.ts`, which breaks at every stop and semicolon: a break after an
 * abbreviation ("St. Ives: 0.89") would part a thing's name from its figure.
 */
function sentenceOfLine(text: string, start: number, end: number): string {
  const a = Math.max(start - MAX_LINE, text.lastIndexOf("\n", start - 1) + 1);
  const nl = text.indexOf("\n", end);
  const line = text.slice(a, Math.min(end + MAX_LINE, nl < 0 ? text.length : nl));
  // One sentence states one thing's figure: "Marsh Lane 5.59 mm. Ostler 5.59 mm" gives each its own.
  const at = start - a;
  let from = 0;
  for (const m of allMatches(SENTENCE_BREAK_RE, line)) if (m.index + m[0].length <= at) from = m.index + m[0].length;
  const to = line.slice(at).search(SENTENCE_BREAK_RE);
  return line.slice(from, to < 0 ? line.length : at + to);
}

/**
 * A sentence's end, then a space and a capital: a full stop, "!" or "?" after three marks that are no
 * space or stop ("wear).", not "St."), or a full stop after a number's short unit ("41.6 g.", "5.59 mm.").
 */
const SENTENCE_BREAK_RE = /(?<=[^\s.]{3}[.!?]|\d\s?[\p{L}µ°]{1,3}\.)\s+(?=\p{Lu})/gu;

interface ThingRecord {
  step: number;
  call: string;
  figures: { raw: string; num: number }[];
}

export interface BorrowContext {
  g: EngineGraph;
  /** The task's things as spaced words, each with the name as the task writes it. */
  written: Map<string, string>;
  /** Per thing, the first tool output that names it (read once; Infinity when none does). */
  firstNamed: Map<string, number>;
  /** Per thing, its one-record outputs (read once, when a figure stated for it is first checked). */
  records: Map<string, ThingRecord[]>;
  checks: number;
}

export function borrowContext(g: EngineGraph): BorrowContext {
  return { g, written: namedThings(taskText(g)), firstNamed: new Map(), records: new Map(), checks: 0 };
}

const spacedOutput = (g: EngineGraph, u: number) => spaced(stepText(g.steps[u]).slice(0, MAX_OUTPUT));

/**
 * The first tool output naming the thing, from the run's start; past the outputs read, the next one
 * (conservative). A failed call ("rate limit exceeded") gave no record of what it asked for, so it
 * is no lookup of it, however its step names the thing.
 */
function firstNaming(ctx: BorrowContext, thing: string): number {
  let at = ctx.firstNamed.get(thing);
  if (at !== undefined) return at;
  at = Number.POSITIVE_INFINITY;
  let read = 0;
  for (let u = 0; u < ctx.g.n; u++) {
    if (!isToolOutput(ctx.g, u)) continue;
    if (++read > MAX_OUTPUTS_READ || (toolFailed(ctx.g, u) === null && spacedOutput(ctx.g, u).includes(thing))) {
      at = u;
      break;
    }
  }
  ctx.firstNamed.set(thing, at);
  return at;
}

/** Steps looked back from an output for the call that produced it. */
const CALL_WINDOW = 3;

/** What the call that produced the output at u asked for: a call carrying its result, else the nearest step before that is no output. */
function callOf(g: EngineGraph, u: number): string {
  const args = (k: number) => {
    const a = g.steps[k].tool?.arguments;
    return `${stepText(g.steps[k]).slice(0, MAX_LINE)} ${a === undefined ? "" : JSON.stringify(a).slice(0, MAX_LINE)}`;
  };
  if (g.steps[u].kind === "tool_call") return args(u);
  for (let k = u - 1; k >= 0 && u - k <= CALL_WINDOW; k--) if (!isToolOutput(g, k)) return args(k);
  return "";
}

/**
 * Claim c of step v, taken from the output at `from`, stated in a sentence that names one thing of the
 * task and not the thing the output is the record of, where no output before v names the first, or
 * where the first's own record gave another measurement of the same size.
 */
export function borrowedValue(
  ctx: BorrowContext,
  text: string,
  c: Claim,
  from: number,
  v: number,
): BorrowedValue | null {
  if (!isToolOutput(ctx.g, from)) return null;
  // The output's words and call, read once for all the writings that ask.
  let output: SourceOutput | undefined;
  const outputOf = () =>
    (output ??= { step: from, words: spacedOutput(ctx.g, from), call: spaced(callOf(ctx.g, from)) });
  // A step states a value once per thing it is given for ("Mount Hale: 0.89. Vossberg: 0.89."), and a
  // claim is recorded at its first writing: each writing's sentence is read.
  for (const [start, end] of writingsOf(text, c)) {
    const found = borrowedAt(ctx, sentenceOfLine(text, start, end), outputOf, v, c.num ?? Number.NaN);
    if (found) return found;
  }
  return null;
}

/** A thing's figure made of other things' figures: what the step states it for, and where each part came from. */
export interface CombinedValue {
  /** The thing the step states the value for, as the task writes it. */
  named: string;
  /** Per operand, the thing whose record gave it (as the task writes it) and that record's output. */
  parts: { owner: string; step: number }[];
  /** The named thing's own record, when it was looked up: the output and the figure of its kind it gave. */
  record?: { step: number; raw: string };
}

/**
 * Claim c of step v, one operation on figures at hand (`operands`, as the grounding found it), stated
 * in a sentence that names one thing of the task no output before v gave a record of, where every
 * operand is a figure of another thing's record: a thing's reading made of other things' readings
 * ("Cerro Pinto: 1.69 arcsec" after its lookup failed, with Ebbing Ridge's 1.07 and Pine Hollow's 0.62
 * at hand). A sum or a doubling of other things' figures is no reading of a thing never looked up; nor,
 * for a thing that was, a measurement its own record gave another figure of the same size for.
 */
export function combinedValue(
  ctx: BorrowContext,
  text: string,
  c: Claim,
  operands: readonly string[],
  stepsOf: (value: string) => readonly number[] | undefined,
  v: number,
): CombinedValue | null {
  if (operands.length === 0) return null;
  for (const [start, end] of writingsOf(text, c)) {
    const named = onlyThingIn(ctx, spaced(sentenceOfLine(text, start, end)));
    if (named === null) continue;
    if (++ctx.checks > MAX_CHECKS) return null;
    const parts = operands.map((x) => recordOf(ctx, stepsOf(x) ?? [], named, v));
    if (!parts.every((p) => p !== null)) continue;
    const found = {
      named: ctx.written.get(named)!,
      parts: parts.map((p) => ({ owner: ctx.written.get(p!.owner)!, step: p!.step })),
    };
    if (firstNaming(ctx, named) >= v) return found;
    // The thing was looked up: as for a borrowed figure, the value counts when its own record gave
    // another figure of the same kind and size.
    const value = c.num ?? Number.NaN;
    const kind = kindOf(sentenceOfLine(text, start, end), value);
    const record = kind === null ? null : ownRecord(ctx, named, parts[0]!.owner, value, v, kind);
    if (record) return { ...found, record };
  }
  return null;
}

/** Tool outputs read per operand for its record: a value common to many outputs is no one thing's record. */
const MAX_RECORD_READS = 8;

/**
 * The first of `steps` before v that is one record of a thing other than `named`: a tool output that
 * names one such thing, made by a call for it (and not for `named`), with few figures. At most
 * MAX_RECORD_READS outputs are read (none found past them: the conservative direction).
 */
function recordOf(
  ctx: BorrowContext,
  steps: readonly number[],
  named: string,
  v: number,
): { owner: string; step: number } | null {
  let read = 0;
  for (const u of steps) {
    if (u >= v) break;
    if (!isToolOutput(ctx.g, u)) continue;
    if (++read > MAX_RECORD_READS) return null;
    const owner = recordOwner(ctx, spacedOutput(ctx.g, u), () => spaced(callOf(ctx.g, u)), named);
    if (owner === null || figuresOf(ctx.g, u).length > MAX_RECORD_FIGURES) continue;
    return { owner, step: u };
  }
  return null;
}

/** The one thing of the task a sentence (spaced) names, or null when it names none or several. */
function onlyThingIn(ctx: BorrowContext, sentence: string): string | null {
  let found: string | null = null;
  for (const t of ctx.written.keys()) {
    if (!sentence.includes(t)) continue;
    if (found !== null) return null;
    found = t;
  }
  return found;
}

/**
 * The thing other than `named` whose record an output is: the one such thing its words (spaced) name,
 * where the call that produced it asked for that thing and not for `named`; or null.
 */
function recordOwner(ctx: BorrowContext, words: string, call: () => string, named: string): string | null {
  const owners = [...ctx.written.keys()].filter((t) => t !== named && words.includes(t));
  if (owners.length !== 1) return null;
  const asked = call();
  return asked.includes(owners[0]) && !asked.includes(named) ? owners[0] : null;
}

/** The output a value was taken from, as the borrowed-figure test reads it. */
interface SourceOutput {
  step: number;
  words: string;
  call: string;
  /** How many figures it gives, read when a measurement asks. */
  figures?: number;
}

/** Writings of a claim's value read per step: its own, and the next ones of the same raw text. */
const MAX_WRITINGS = 4;

/** Where the claim is written in the step: its own span, then each later writing of its raw text that stands alone. */
function writingsOf(text: string, c: Claim): [number, number][] {
  const out: [number, number][] = [[c.start, c.end]];
  for (let at = text.indexOf(c.raw, c.end); at >= 0 && out.length < MAX_WRITINGS; at = text.indexOf(c.raw, at + 1)) {
    const end = at + c.raw.length;
    if (!/[\d.,]/.test(text[at - 1] ?? "") && !/^(?:\d|[.,]\d)/.test(text.slice(end, end + 2))) out.push([at, end]);
  }
  return out;
}

/** The sentence around one writing of a value taken from an output, read for a borrowed figure. */
function borrowedAt(
  ctx: BorrowContext,
  around: string,
  outputOf: () => SourceOutput,
  v: number,
  value: number,
): BorrowedValue | null {
  const named = onlyThingIn(ctx, spaced(around));
  if (named === null) return null;
  if (++ctx.checks > MAX_CHECKS) return null;
  // An output that names the thing is a lookup of it (`firstNaming` below), the source among them. The
  // output is the owner's record: the lookup that produced it was made for the owner.
  const output = outputOf();
  const owner = recordOwner(ctx, output.words, () => output.call, named);
  if (owner === null) return null;
  const found = { named: ctx.written.get(named)!, owner: ctx.written.get(owner)! };
  if (firstNaming(ctx, named) >= v) return found;
  // The thing was looked up: a figure is borrowed when the owner's output is one record and the
  // thing's own record gave another figure of the same kind and size (`ownRecord`). A listing gives
  // every kind of figure.
  const kind = kindOf(around, value);
  if (kind === null || (output.figures ??= figuresOf(ctx.g, output.step).length) > MAX_RECORD_FIGURES) return null;
  const record = ownRecord(ctx, named, owner, value, v, kind);
  return record ? { ...found, record } : null;
}

/** Figures one thing's record gives at most ("Cerro Pinto, semester A: median seeing = 1.52 arcsec"); more make a listing. */
const MAX_RECORD_FIGURES = 3;

/** An output's figures, each part of it read once: a tool step whose content repeats its result gives its record once. */
const figuresOf = (g: EngineGraph, u: number) =>
  [...allMatches(FIGURE_RE, stepTextOnce(g.steps[u]).slice(0, MAX_OUTPUT))].map((m) => ({
    raw: m[0],
    num: Number(normalizeNumber(m[0])),
  }));

/** Figures of one kind differ by less than this factor; a record's count or year is of another kind. */
const SAME_KIND = 2;

/** The least whole figure read as a count of things: below it a number is as often a date's day or an index. */
const MIN_COUNT = 100;

/**
 * What kind of figure a value is, as a sentence states it: "" for a measurement (written with
 * decimals), the word after it for a count of at least MIN_COUNT things ("15,022 frames"), or null for
 * a whole number with no word after it, or a small one: as often a date's day, a year or an index.
 */
function kindOf(sentence: string, value: number): string | null {
  if (!Number.isInteger(value)) return "";
  if (!(value >= MIN_COUNT)) return null;
  return wordsAfterNumbers(sentence).get(normalizeNumber(String(value))) || null;
}

/**
 * The thing's own record before v: an output of one record whose call asked for the thing and not the
 * owner, which does not show `value` and shows a figure of the same kind within a factor of SAME_KIND
 * of it (the first such), or null. Of a measurement's kind (`kind` ""), a decimal; of a count's, a
 * figure the record writes with the same word after it.
 */
function ownRecord(ctx: BorrowContext, thing: string, owner: string, value: number, v: number, kind: string) {
  for (const r of recordsOf(ctx, thing)) {
    if (r.step >= v) break;
    if (r.call.includes(owner)) continue;
    if (r.figures.some((f) => f.num === value)) return null;
    let words: Map<string, string> | undefined;
    const sameKind = (f: { raw: string; num: number }) =>
      kind === ""
        ? f.raw.includes(".")
        : (words ??= wordsAfterNumbers(stepTextOnce(ctx.g.steps[r.step]).slice(0, MAX_OUTPUT))).get(
            normalizeNumber(f.raw),
          ) === kind;
    const kin = r.figures.find(
      (f) => f.num > 0 && Math.max(f.num, value) / Math.min(f.num, value) < SAME_KIND && sameKind(f),
    );
    if (kin) return { step: r.step, raw: kin.raw };
  }
  return null;
}

/** A thing's one-record outputs among the run's first MAX_OUTPUTS_READ, read once per thing: their calls and figures. */
function recordsOf(ctx: BorrowContext, thing: string): ThingRecord[] {
  let out = ctx.records.get(thing);
  if (out) return out;
  out = [];
  let read = 0;
  for (let u = 0; u < ctx.g.n && read < MAX_OUTPUTS_READ; u++) {
    if (!isToolOutput(ctx.g, u)) continue;
    read++;
    const call = spaced(callOf(ctx.g, u));
    if (!call.includes(thing)) continue;
    const figures = figuresOf(ctx.g, u);
    if (figures.length <= MAX_RECORD_FIGURES) out.push({ step: u, call, figures });
  }
  ctx.records.set(thing, out);
  return out;
}

/**
 * A figure an output gives: a decimal or a whole number of two or more digits, its thousands grouped
 * by commas or not ("18,022"), not inside a word or a longer number.
 */
const FIGURE_RE = /(?<![\p{L}\d.,])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d{2,})(?![\p{L}\d]|[.,]\d)/gu;
