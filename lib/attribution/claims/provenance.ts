/**
 * Value provenance: for every claim a step asserts, where the value comes from — the task, the
 * step's own input, a tool output or observation, an earlier agent step it could see, a one-step
 * computation from numbers at hand, or nowhere (the step *introduces* it). Linear in the number of
 * claims: values are indexed once (value → ascending list of steps stating it), so each lookup is a
 * map access plus, with stated edges, a bounded ancestor walk — never a comparison of all pairs.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance, isToolOutput } from "../detectors/patterns";
import { HAS_DIGIT_RE, claimPart, commaDecimalNumbers, keyedNumbers, normalizeNumber } from "../text-features";
import { tailClaims } from "./input-tail";
import { observationAt } from "../../trace/canonical-attributes";
import { ancestorWalker, Visit } from "../ancestor-walk";
import { buildGrounding, NUMBERED_THING_BEFORE_RE } from "../grounding";
import { statedWorkings } from "./stated-rounding";
import { MAX_SCAN_CHARS, extractClaims, extractUnlabelledClaims, type Claim } from "./extract-claims";
import { mayHoldNumber } from "./may-hold-number";
import { ruleOff } from "../ablation";
import { withdrawals, type Withdrawal } from "./retracted-values";
import { speakerNameSpans } from "./speaker-names";
import { taskText } from "./task-text";
import { tokensAround } from "./label-tokens";
import { statedAsRise } from "./signed-change";
import {
  claimYear,
  tailHintsOf,
  tailDigits,
  tailValue,
  valuesAtHand,
  writtenAsTail,
  yearValue,
} from "./at-hand-values";
import { linkHolds, solidName } from "./name-digits";
import { relativeDayShift, shiftedDate } from "./relative-day";
import { numberWordValues } from "./number-words";
import { isScaleFactorAt } from "./scale-factor";
import { isTrivialNumber } from "./trivial-number";
import { runtimeArgumentClaims } from "./runtime-arguments";
import { allMatches } from "../all-matches";

export type SourceKind = "task" | "input" | "tool" | "agent" | "derived" | "none";

export interface StepClaims {
  /** Claims the step asserts (agent utterances, outside any quoted observation). */
  asserted: Claim[];
  /** Values the step shows from the environment: a tool output, or the observation part of a message. */
  observed: Claim[];
}

export interface ClaimProvenance {
  step: number;
  claim: Claim;
  source: SourceKind;
  /** The step the value was taken from (tool, observation or agent step), or −1. */
  from: number;
  /** The step that introduced the value without any source (follows agent relays), or −1 when sourced by task/tool/input. */
  origin: number;
  /** For a value the step computed in a stated expression that recomputes: the operand values ("n:1675"). */
  operands?: string[];
  /** The operands are those of a computation the step states ("a + b = c"), not one found for it. */
  stated?: true;
  /** The step at which the value's author withdrew it, when that left this step without a live source. */
  withdrawnAt?: number;
}

export interface Provenance {
  claims: StepClaims[];
  /** Provenance of every asserted claim of agent steps, in step order. */
  records: ClaimProvenance[];
  /** Records by step (indices into `records`). */
  byStep: Map<number, number[]>;
  /** Values of the task text. */
  task: Set<string>;
  /** First step stating each value (asserted or observed). */
  firstAt: Map<string, number>;
  /** Ascending steps that state each value (asserted or observed). */
  stepsOf: Map<string, number[]>;
  /** Whether step `v` could have seen step `u` (u < v): any earlier step for chat logs, an ancestor over stated edges otherwise. */
  visible(u: number, v: number): boolean;
  /** Where an agent withdrew a value it stated (`retracted-values.ts`). */
  withdrawal: Withdrawal;
}

/** Distinct quoted phrases looked up in the task text per trace (each a scan of at most MAX_SCAN_CHARS). */
const MAX_TASK_PHRASES = 10_000;
/** Ancestor walks stop after this many steps and then assume visibility (conservative: a seen value is not an invention). */
const ANCESTOR_BUDGET = 4000;
/** Claims whose source is looked up per step; later claims of a huge step are not needed to find its errors. */
const MAX_CHECKED = 60;
/** Earlier statements of a value tried as its source; past them the value counts as seen (conservative). */
const MAX_SOURCE_CANDIDATES = 8;
/** Unsourced numbers per step tried as one-operation derivations (as the step-level detector's MAX_NOVEL). */
const MAX_DERIVATION_CHECKS = 8;
/** Rounding checks per step past the derivation budget (each one bounded pass over the numbers at hand). */
const MAX_ROUNDING_CHECKS = 24;
/** Ancestor-walk steps for the whole trace, per step (plus a floor); past it, visibility is assumed. */
const WALK_BUDGET_PER_STEP = 200;
const WALK_BUDGET_FLOOR = 100_000;

/** Where a step stops speaking for itself and starts quoting an observation (`culprit.observation_at`; see `claimPart`). */
function observationOffset(g: EngineGraph, v: number, text: string): number {
  return claimPart(text, observationAt(g.steps[v].attributes)).length;
}

/**
 * Where a step's error message sits in its text (`stepText`: content, tool result, error, state), or an
 * empty span. An error is what the runtime reported when the step failed (an exception, a refused
 * call, a rate limit), not what the agent said: its values are observed, as a tool output's are.
 */
function errorSpan(step: EngineGraph["steps"][number]): [number, number] {
  const message = step.error?.message;
  if (!message) return [0, 0];
  const from = step.content.length + 1 + (step.tool?.result ? step.tool.result.length + 1 : 0);
  return [from, from + message.length];
}

/**
 * Whether a step is an agent's tool call: its arguments are what the agent asserts (a value it
 * writes to memory, an id it looks up), its result is what the tool observed.
 */
export function isAgentToolCall(g: EngineGraph, v: number): boolean {
  return g.steps[v].kind === "tool_call" && !g.toolAgents.has(g.agentOf[v]);
}

/** A tool call's arguments as text: the recorded arguments, else the step's input. */
export function argumentText(g: EngineGraph, v: number): string {
  const args = g.steps[v].tool?.arguments;
  if (args !== undefined) return typeof args === "string" ? args : JSON.stringify(args);
  return g.steps[v].input ?? "";
}

/** The text a step's claims are read from: an agent tool call's arguments, else the step's text. */
const claimText = (g: EngineGraph, v: number) => (isAgentToolCall(g, v) ? argumentText(g, v) : stepText(g.steps[v]));

/** A step without claims (most steps): one shared, frozen value instead of two empty arrays per step. */
const NO_CLAIMS: StepClaims = Object.freeze({
  asserted: Object.freeze([]) as unknown as Claim[],
  observed: Object.freeze([]) as unknown as Claim[],
});

/** Claims minus the powers of ten a step multiplies or divides by (`scale-factor.ts`): a unit, not a fact. */
function withoutScaleFactors(claims: Claim[], text: string): Claim[] {
  return claims.some((c) => c.kind === "number" && isScaleFactorAt(text, c.start, c.end))
    ? claims.filter((c) => c.kind !== "number" || !isScaleFactorAt(text, c.start, c.end))
    : claims;
}

/** Claims minus the numbers that are part of a speaker's name the text mentions ("unit-12"). */
function withoutSpeakerDigits(claims: Claim[], text: string, speakers: RegExp | null): Claim[] {
  if (!speakers || !claims.some((c) => c.kind === "number")) return claims;
  const spans = speakerNameSpans(text, speakers);
  if (!spans.length) return claims;
  return claims.filter((c) => c.kind !== "number" || !spans.some(([a, b]) => c.start < b && c.end > a));
}

/** Claims minus the digits of a name a link of the same text writes solid ("91 Trends" beside `91trends.com`). */
function withoutNameDigits(claims: Claim[], text: string): Claim[] {
  if (!claims.some((c) => c.kind === "url")) return claims;
  const isName = (c: Claim) => {
    const name = c.kind === "number" ? solidName(text, c.start, c.start + c.raw.length) : null;
    return name !== null && linkHolds(claims, name);
  };
  return claims.some(isName) ? claims.filter((c) => !isName(c)) : claims;
}

export function extractStepClaims(g: EngineGraph): StepClaims[] {
  const out: StepClaims[] = new Array(g.n);
  for (let v = 0; v < g.n; v++) {
    const text = stepText(g.steps[v]);
    const all = withoutScaleFactors(
      withoutNameDigits(withoutSpeakerDigits(extractClaims(text), text, g.speakerNames), text),
      text,
    );
    if (isAgentToolCall(g, v)) {
      const args = argumentText(g, v);
      const written = withoutNameDigits(extractClaims(args), args);
      // What the agent's program passed at run time is its result, not the agent's word (runtime-arguments.ts).
      const computed = runtimeArgumentClaims(g, v, written);
      const asserted = computed.length ? written.filter((c) => !computed.includes(c)) : written;
      const observed = computed.length ? [...all, ...computed] : all;
      out[v] = asserted.length || observed.length ? { asserted, observed } : NO_CLAIMS;
      continue;
    }
    if (all.length === 0) {
      out[v] = NO_CLAIMS;
      continue;
    }
    if (isToolOutput(g, v) || !isAgentUtterance(g, v)) {
      out[v] = { asserted: [], observed: all };
      continue;
    }
    const cut = observationOffset(g, v, text);
    const [errorFrom, errorTo] = errorSpan(g.steps[v]);
    const seen = (c: Claim) => c.start >= cut || (c.start >= errorFrom && c.start < errorTo);
    // Most messages quote no observation: then every claim is asserted, and the list is not copied.
    out[v] = all.some(seen)
      ? { asserted: all.filter((c) => !seen(c)), observed: all.filter(seen) }
      : { asserted: all, observed: [] };
  }
  return out;
}

export function buildProvenance(g: EngineGraph, claims: StepClaims[] = extractStepClaims(g)): Provenance {
  const { task, inTask } = taskSources(g);
  const { stepsOf, firstAt } = valueIndex(g, claims);
  const visible = visibility(g);
  const withdrawal = withdrawals(g, (v) => claims[v].asserted);
  const ctx: RecordContext = {
    g,
    claims,
    task,
    inTask,
    inputHas: inputSources(g),
    stepsOf,
    visible,
    withdrawal,
    records: [],
    byStep: new Map(),
  };
  for (let v = 0; v < g.n; v++) recordStep(ctx, v);
  return { claims, records: ctx.records, byStep: ctx.byStep, task, firstAt, stepsOf, visible, withdrawal };
}

/**
 * The task's values, and whether a claim comes from the task. A quoted phrase is the words inside
 * the quotes: when the task holds those words, quoted or not, that is where they come from. One
 * search per distinct phrase, and at most MAX_TASK_PHRASES searches per trace; past them a phrase
 * counts as not in the task.
 */
function taskSources(g: EngineGraph): { task: Set<string>; inTask: (c: Claim) => boolean } {
  const stated = taskText(g);
  const taskClaims = extractClaims(stated);
  const task = new Set(taskClaims.map((c) => c.value));
  for (const value of [...task]) {
    const day = dayOf(value);
    if (day) task.add(day);
  }
  valuesAtHand(stated, taskClaims, false, (x) => task.add(x));
  // A count the task writes in words ("twelve days") is the task's when an agent writes it in digits.
  for (const x of numberWordValues(stated)) task.add(x);
  const taskWords = stated.slice(0, MAX_SCAN_CHARS).toLowerCase();
  const phraseInTask = new Map<string, boolean>();
  const quotedInTask = (value: string): boolean => {
    let found = phraseInTask.get(value);
    if (found === undefined) {
      found = phraseInTask.size < MAX_TASK_PHRASES && taskWords.includes(value.slice(2));
      if (phraseInTask.size < MAX_TASK_PHRASES) phraseInTask.set(value, found);
    }
    return found;
  };
  return {
    task,
    inTask: (c) =>
      task.has(c.value) ||
      (c.kind === "quoted" && taskWords.length > 0 && !ruleOff(g, "quoted-task-phrase") && quotedInTask(c.value)),
  };
}

/**
 * A step's input is a source for what it says, except a tool call's: that input is its own
 * arguments. Extracted lazily: only steps with a claim the task does not hold need their input read,
 * and a number whose digits the input does not show is not looked for there (`mayHoldNumber`).
 */
function inputSources(g: EngineGraph): (v: number, value: string) => boolean {
  const inputCache = new Map<number, Set<string> | null>();
  const valuesOf = inputValues(g, inputCache);
  // Per step, the numbers ruled out by their digits (a short input, a few times, before it is read).
  const ruledOut = new Uint8Array(g.n);
  return (v, value) => {
    const input = g.steps[v].input;
    if (!input || isAgentToolCall(g, v)) return false;
    if (
      value.startsWith("n:") &&
      input.length <= MAX_DIGIT_TEST_CHARS &&
      ruledOut[v] < MAX_DIGIT_TESTS &&
      !inputCache.has(v) &&
      !mayHoldNumber(input, value.slice(2))
    ) {
      ruledOut[v]++;
      return false;
    }
    return valuesOf(v)!.has(value);
  };
}
/** Inputs up to this long are tested for a number's digits before their values are read… */
const MAX_DIGIT_TEST_CHARS = 2_000;
/** …at most this many times per step (past it, reading them once is cheaper). */
const MAX_DIGIT_TESTS = 4;

/** The values of step v's input (null without one, or for a tool call), read once per step into `inputCache`. */
function inputValues(g: EngineGraph, inputCache: Map<number, Set<string> | null>): (v: number) => Set<string> | null {
  return (v) => {
    let x = inputCache.get(v);
    if (x === undefined) {
      const s = g.steps[v];
      const input = s.input && !isAgentToolCall(g, v) ? s.input : "";
      // One scan serves both the values stated and those at hand (membership only: no labels, no order).
      const claims = input ? extractUnlabelledClaims(input) : [];
      x = input ? new Set(claims.map((c) => c.value)) : null;
      if (x) for (const value of [...x]) if (dayOf(value)) x.add(dayOf(value)!);
      if (x) valuesAtHand(input, claims, false, (y) => x!.add(y));
      // A long prompt's latest turns, past the head scan, are what the call answers.
      const tail = x ? tailClaims(input) : undefined;
      if (x && tail) {
        const seen = x;
        for (const c of tail.claims) {
          seen.add(c.value);
          const day = dayOf(c.value);
          if (day) seen.add(day);
        }
        valuesAtHand(tail.text, tail.claims, false, (y) => seen.add(y));
      }
      inputCache.set(v, x);
    }
    return x;
  };
}

/** For each value, the steps that state or observe it (in order) and the first of them. */
function valueIndex(
  g: EngineGraph,
  claims: StepClaims[],
): { stepsOf: Map<string, number[]>; firstAt: Map<string, number> } {
  const stepsOf = new Map<string, number[]>();
  const firstAt = new Map<string, number>();
  const note = (value: string, v: number) => {
    const list = stepsOf.get(value);
    if (!list) {
      stepsOf.set(value, [v]);
      firstAt.set(value, v);
    } else if (list[list.length - 1] !== v) list.push(v);
  };
  // The last digits of identifiers are indexed only in a run that writes a number as one's end.
  const tails = tailHintsOf(g).text;
  for (let v = 0; v < g.n; v++) {
    const text = stepText(g.steps[v]);
    // A step with no claim, no digit and no dot puts nothing at hand (every reading below needs one, in
    // the text's first MAX_SCAN_CHARS): most messages of a chat.
    if (!claims[v].asserted.length && !claims[v].observed.length) {
      const head = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
      if (!HAS_DIGIT_RE.test(head) && !head.includes(".")) continue;
    }
    for (const c of claims[v].asserted) note(c.value, v);
    for (const c of claims[v].observed) note(c.value, v);
    // A full date is also the day it names without its year: a later "March 15" can read it there.
    for (const c of claims[v].asserted) if (c.kind === "date") noteDay(c.value, v, note);
    for (const c of claims[v].observed) if (c.kind === "date") noteDay(c.value, v, note);
    // Years, arXiv ids and identifiers' last digits the step puts at hand (at-hand-values.ts).
    const noteHere = (x: string) => note(x, v);
    valuesAtHand(text, claims[v].observed, tails, noteHere);
    if (claims[v].asserted.length) valuesAtHand("", claims[v].asserted, false, noteHere);
    // A record's number under its key (`item_id: 4471`) is no claim, but a later step can read it there.
    for (const x of keyedNumbers(text)) note(`n:${x}`, v);
    // So is an amount written with a decimal comma ("$ 7 318,46"), which the claims read in pieces.
    for (const x of commaDecimalNumbers(text)) note(`n:${x}`, v);
  }
  return { stepsOf, firstAt };
}

/** `d:2024-03-15` is also `d:--03-15`: the day a yearless date names. */
export const dayOf = (value: string): string | null =>
  value.length === 12 && value.startsWith("d:") && value[2] !== "-" ? `d:--${value.slice(7)}` : null;

function noteDay(value: string, v: number, note: (value: string, v: number) => void): void {
  const day = dayOf(value);
  if (day) note(day, v);
}

/**
 * Whether step u is visible to step v. A global bound keeps hostile or huge traces linear: once
 * spent, values count as seen.
 */
function visibility(g: EngineGraph): (u: number, v: number) => boolean {
  const walker = ancestorWalker(g, ANCESTOR_BUDGET, WALK_BUDGET_FLOOR + WALK_BUDGET_PER_STEP * g.n);
  return (u, v) => {
    if (u >= v) return false;
    if (g.edgesInferred || walker.surelyAncestor(u, v)) return true;
    const exact = walker.isAncestor(u, v);
    if (exact !== undefined) return exact;
    // Ancestors below u cannot lead to u (edges point forward): they are skipped, not counted.
    return walker.some(v, (w) => (w === u ? Visit.Found : w < u ? Visit.Skip : Visit.Expand));
  };
}

interface RecordContext {
  g: EngineGraph;
  claims: StepClaims[];
  /** Values of the task text, with the values it puts at hand (at-hand-values.ts). */
  task: Set<string>;
  inTask: (c: Claim) => boolean;
  /** Whether step v's input holds the value (a source of what v says). */
  inputHas: (v: number, value: string) => boolean;
  stepsOf: Map<string, number[]>;
  visible: (u: number, v: number) => boolean;
  withdrawal: Withdrawal;
  records: ClaimProvenance[];
  byStep: Map<number, number[]>;
  grounding?: ReturnType<typeof buildGrounding>;
  /** Per step, read once when a measurement asks (`smallWritings`). */
  writings?: Map<number, Writing[] | null>;
  /** The task's small writings (`smallWritings`), read once when a measurement the task holds asks. */
  taskWritings?: Writing[] | null;
}

function writingsOf(ctx: RecordContext, u: number): Writing[] | null {
  ctx.writings ??= new Map();
  let w = ctx.writings.get(u);
  if (w === undefined) ctx.writings.set(u, (w = smallWritings(stepText(ctx.g.steps[u]))));
  return w;
}

/**
 * Origin of the value as stated at step u (for relays): the introducing step, or −1 when it had a
 * real source. Read from u's own records (at most MAX_CHECKED, one per value): no key per claim.
 */
function originAt(ctx: RecordContext, value: string, u: number): number {
  for (const id of ctx.byStep.get(u) ?? []) if (ctx.records[id].claim.value === value) return ctx.records[id].origin;
  return -1;
}

/**
 * Results of stated computations that recompute, and stated roundings, derive from their operands (linked for provenance).
 * A result two computations reach ("3 x 8 = 24 and 4 x 6 = 24") rests on the operands of both.
 */
function statedResults(ctx: RecordContext, v: number): Map<string, string[]> {
  const computed = new Map<string, string[]>();
  for (const c of statedWorkings(stepText(ctx.g.steps[v]))) {
    const key = `n:${normalizeNumber(String(c.result))}`;
    const operands = c.operands.map((x) => `n:${normalizeNumber(String(x))}`);
    const before = computed.get(key);
    computed.set(key, before ? [...new Set([...before, ...operands])] : operands);
  }
  return computed;
}

/** The provenance records of step v's asserted claims. */
function recordStep(ctx: RecordContext, v: number): void {
  const asserted = ctx.claims[v].asserted;
  if (asserted.length === 0) return;
  const ids: number[] = [];
  const seen = new Set<string>();
  const numbersSoFar: string[] = [];
  const derivations = { left: MAX_DERIVATION_CHECKS, trivial: MAX_DERIVATION_CHECKS, roundings: MAX_ROUNDING_CHECKS };
  // Read when a value needs a source: a step's verdicts ("approved") alone need none.
  let computed: Map<string, string[]> | undefined;
  for (const c of asserted) {
    if (ids.length >= MAX_CHECKED) break;
    if (seen.has(c.value) || c.kind === "verdict") continue;
    seen.add(c.value);
    computed ??= statedResults(ctx, v);
    const operands = computed.get(c.value);
    const found = operands
      ? { source: "derived" as SourceKind, from: -1, origin: -1 }
      : sourceOf(ctx, v, c, numbersSoFar, derivations);
    if (found.source === "none") found.origin = v;
    if (c.kind === "number") numbersSoFar.push(c.value.slice(2));
    const rests = operands ?? found.derivedFrom;
    const record: ClaimProvenance = { step: v, claim: c, source: found.source, from: found.from, origin: found.origin };
    if (rests) record.operands = rests;
    if (operands) record.stated = true;
    if (found.withdrawnAt !== undefined) record.withdrawnAt = found.withdrawnAt;
    ids.push(ctx.records.push(record) - 1);
  }
  if (ids.length) ctx.byStep.set(v, ids);
}

/**
 * A small number written with a fractional part in prose ("1.00 arcsec") is a measurement
 * (`isTrivialNumber`). The same number written whole is as often a marker or a count ("exitcode: 1",
 * "page 1 of 1"): it is a source of the measurement only under a label the claim shares ("wear_mm": 6
 * for "rail wear … 6.00 mm", as a JSON number drops its zeros). A misquoted 1.10 → 1.00 had passed as
 * the exit code of a failed run.
 */
const isSmallMeasurement = (c: Claim) =>
  c.kind === "number" && !c.inCode && c.raw.includes(".") && Math.abs(c.num ?? 0) <= 10;
/** Characters of a source read for how it writes small numbers; past them it counts as written (conservative). */
const MAX_WRITING_SCAN = 20_000;
/** Small numbers kept per source; a text with more counts as writing any (conservative). */
const MAX_WRITINGS = 256;
/** Sources checked per claim ("1" is in most steps of a long run); past them the next one counts (conservative). */
const MAX_MEASURE_READS = 64;
const SMALL_NUMBER_RE = /(?<![\d.,])\d{1,2}(?:\.\d+)?(?!\d|[.,]\d)/g;

/** A small number as a source writes it: its value, whether with a fraction, and its label words. */
interface Writing {
  num: number;
  fraction: boolean;
  label: Set<string>;
  /** Written after a word for a numbered thing ("period 4", "page 3"): a name, never a measurement. */
  numbering: boolean;
}

/** Characters before a number read for a word for a numbered thing. */
const NUMBERING_WINDOW = 24;

/** The small numbers a text writes, or null when it is too long or holds too many to read (any counts). */
function smallWritings(text: string): Writing[] | null {
  if (text.length > MAX_WRITING_SCAN) return null;
  const out: Writing[] = [];
  for (const m of allMatches(SMALL_NUMBER_RE, text)) {
    if (out.length >= MAX_WRITINGS) return null;
    const label = tokensAround(text, m.index, m.index + m[0].length);
    const numbering = NUMBERED_THING_BEFORE_RE.test(text.slice(Math.max(0, m.index - NUMBERING_WINDOW), m.index));
    out.push({ num: Number(normalizeNumber(m[0])), fraction: m[0].includes("."), label, numbering });
  }
  return out;
}

/**
 * Whether the writings hold `num` with a fractional part, or whole under a label sharing a word of
 * `label` and not as the number of a numbered thing.
 */
function writesMeasure(writings: Writing[] | null, num: number, label: Set<string>): boolean {
  if (!writings) return true;
  for (const w of writings)
    if (w.num === Math.abs(num) && (w.fraction || (!w.numbering && [...w.label].some((x) => label.has(x)))))
      return true;
  return false;
}

/** Whether the writings hold `num`, each time whole and as the number of a numbered thing. */
function numbersOnly(writings: Writing[] | null, num: number): boolean {
  const of = writings?.filter((w) => w.num === Math.abs(num)) ?? [];
  return of.length > 0 && of.every((w) => w.numbering && !w.fraction);
}

/**
 * The negative claim a positive number restates as its magnitude ("fell 5%", "a refund of $5" of
 * "-5"), when that negative is written anywhere before and the number is not stated as a rise
 * (claims/signed-change.ts); else null.
 */
function negativeOf(ctx: RecordContext, v: number, c: Claim): Claim | null {
  if (c.kind !== "number" || !(c.num !== undefined && c.num > 0)) return null;
  const negative: Claim = { ...c, value: `n:-${c.value.slice(2)}`, num: -c.num, raw: `-${c.raw}` };
  const first = ctx.stepsOf.get(negative.value)?.[0] ?? v;
  if (first >= v && !ctx.inTask(negative) && !ctx.inputHas(v, negative.value)) return null;
  return statedAsRise(claimText(ctx.g, v), c.start, c.end) ? null : negative;
}

interface FoundSource {
  source: SourceKind;
  from: number;
  origin: number;
  derivedFrom?: string[];
  withdrawnAt?: number;
}

/**
 * The earliest step before v that v could see stating `value` (c's own value, or one standing for it),
 * as a source of c; or none, with where a relay's author withdrew it.
 */
function stepSource(ctx: RecordContext, v: number, value: string, c: Claim, label: Set<string> | null): FoundSource {
  let tried = 0;
  let withdrawnAt: number | undefined;
  let read = 0;
  for (const u of ctx.stepsOf.get(value) ?? []) {
    if (u >= v) break;
    if (++tried <= MAX_SOURCE_CANDIDATES && !ctx.visible(u, v)) continue;
    if (label && ++read <= MAX_MEASURE_READS && !writesMeasure(writingsOf(ctx, u), c.num!, label)) continue;
    const observedThere = isToolOutput(ctx.g, u) || ctx.claims[u].observed.some((o) => o.value === value);
    const source: SourceKind = observedThere ? "tool" : "agent";
    const origin = source === "agent" ? originAt(ctx, value, u) : -1;
    // A relay of a value its author has since withdrawn, where v could read the withdrawal, is no live source.
    const w = origin >= 0 ? ctx.withdrawal(value, origin, v) : -1;
    if (w >= 0 && ctx.visible(w, v)) {
      withdrawnAt ??= w;
      continue;
    }
    return { source, from: u, origin };
  }
  return { source: "none", from: -1, origin: -1, ...(withdrawnAt !== undefined ? { withdrawnAt } : {}) };
}

/** Where a value standing for c is at hand for step v: the task, v's input, or a step v could see. */
function atHand(ctx: RecordContext, v: number, value: string, c: Claim): FoundSource | null {
  if (ctx.task.has(value)) return { source: "task", from: -1, origin: -1 };
  if (ctx.inputHas(v, value)) return { source: "input", from: -1, origin: -1 };
  const found = stepSource(ctx, v, value, c, null);
  return found.source === "none" ? null : found;
}

/** Steps before v read for a link writing a name solid (`name-digits.ts`), latest first. */
const MAX_NAME_READS = 64;

/**
 * Where c was read in another writing than its own: a full date from its day and its year both at hand
 * ("May 24" in a message, 2024 in "The current time is 2024-05-15 15:00"), or from the day next to
 * it when the sentence says so ("the day after", relative-day.ts); a year from a date or a
 * timestamp of that year; an identifier's last digits from the identifier ("ending in 1784" from
 * `gift_card_1591784`); the digits of a name from the name written solid ("91 Trends" from
 * `91trends.com`). The source is where the day, the identifier or the name was written; null when
 * none is at hand.
 */
function readThere(ctx: RecordContext, v: number, c: Claim): FoundSource | null {
  const year = claimYear(c);
  if (c.kind === "date") {
    const day = dayOf(c.value);
    if (!day || !year || !atHand(ctx, v, yearValue(year), c)) return null;
    const found = atHand(ctx, v, day, c);
    if (found) return found;
    // "The day after your booking, which would be May 24": the day next to one at hand (relative-day.ts).
    const shift = relativeDayShift(claimText(ctx.g, v), c.start);
    const base = shift ? shiftedDate(c.value, -shift) : null;
    const baseDay = base ? dayOf(base) : null;
    return baseDay ? atHand(ctx, v, baseDay, c) : null;
  }
  if (c.kind !== "number") return null;
  if (year) {
    const found = atHand(ctx, v, yearValue(year), c);
    if (found) return found;
  }
  const text = claimText(ctx.g, v);
  if (tailDigits(c) && writtenAsTail(text, c.start)) {
    const found = atHand(ctx, v, tailValue(c.raw), c);
    if (found) return found;
  }
  const name = /^\d+$/.test(c.raw) ? solidName(text, c.start, c.end) : null;
  if (!name) return null;
  for (let u = v - 1, n = 0; u >= 0 && n < MAX_NAME_READS; u--, n++) {
    const there = ctx.claims[u];
    const observed = linkHolds(there.observed, name);
    if ((observed || linkHolds(there.asserted, name)) && ctx.visible(u, v))
      return { source: isToolOutput(ctx.g, u) || observed ? "tool" : "agent", from: u, origin: -1 };
  }
  return null;
}

/** Where claim c of step v comes from: the task, the step's input, an earlier visible step, or a derivation. */
function sourceOf(
  ctx: RecordContext,
  v: number,
  c: Claim,
  numbersSoFar: string[],
  derivations: { left: number; trivial: number; roundings: number },
): FoundSource {
  const label = isSmallMeasurement(c) ? tokensAround(claimText(ctx.g, v), c.start, c.end) : null;
  // A number the task writes only as the number of a numbered thing ("period 4") is no source of a
  // measurement ("4.00 mm"); the task's other numbers are, however written ("protocol 2.4.1").
  if (ctx.inTask(c) && (!label || !numbersOnly((ctx.taskWritings ??= smallWritings(taskText(ctx.g))), c.num!)))
    return { source: "task", from: -1, origin: -1 };
  if (ctx.inputHas(v, c.value)) return { source: "input", from: -1, origin: -1 };
  const direct = stepSource(ctx, v, c.value, c, label);
  if (direct.source !== "none") return direct;
  const withdrawnAt = direct.withdrawnAt;
  const read = readThere(ctx, v, c);
  if (read) return read;
  // A negative's magnitude ("a 14% decline", "a refund of $310") has the source of the signed number.
  const negative = negativeOf(ctx, v, c);
  if (negative) {
    const signed = sourceOf(ctx, v, negative, numbersSoFar, derivations);
    if (signed.source !== "none") return signed;
  }
  // One-operation derivations are searched for a few values per step (each search is quadratic in
  // the operands at hand).
  // Small whole numbers (a step's "Step 1", a "$0") draw on a budget of their own: they never make an
  // unsourced finding (isTrivialNumber), so they must not use up the searches of the values that can.
  const trivial = isTrivialNumber(c);
  if (c.kind === "number" && (trivial ? derivations.trivial-- > 0 : derivations.left-- > 0)) {
    ctx.grounding ??= buildGrounding(ctx.g);
    const found = ctx.grounding.derivation(v, c.value.slice(2), numbersSoFar);
    // The operands are what the value rests on: a wrong operand reaches the answer through it.
    if (found)
      return {
        source: "derived",
        from: -1,
        origin: -1,
        ...(found.length ? { derivedFrom: found.map((x) => `n:${normalizeNumber(x)}`) } : {}),
      };
  } else if (c.kind === "number" && derivations.roundings-- > 0) {
    // Past the search's budget a rounding is still read (one bounded pass): "$12.60" from a tool's
    // 12.604399962425232 in a step that quotes many figures.
    ctx.grounding ??= buildGrounding(ctx.g);
    const rounded = ctx.grounding.rounding(v, c.value.slice(2), numbersSoFar);
    if (rounded !== null)
      return { source: "derived", from: -1, origin: -1, derivedFrom: [`n:${normalizeNumber(rounded)}`] };
  }
  return { source: "none", from: -1, origin: -1, ...(withdrawnAt !== undefined ? { withdrawnAt } : {}) };
}
