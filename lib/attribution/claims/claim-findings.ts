/**
 * Claim-level detectors over value provenance. Each finding names the claim, quotes it, and points
 * at the source it contradicts or the evidence it lacks:
 * - unsourced-value: a value the step introduces (no task, input, tool output or earlier step holds
 *   it and one operation cannot compute it) that reaches the final answer;
 * - contradicts-source: a number stated under a label ("total", "revenue") that a tool output or
 *   observation the step could see gave a different number for the same label;
 * - arithmetic-mismatch: a stated computation that does not recompute;
 * - fabricated-data: literals typed into code that no input holds, next to words that say the data
 *   is made up (hypothetical, sample, placeholder, …).
 */
import { isListMarker } from "./list-marker";
import { isHedgedValue } from "./hedged-value";
import { answeredQueryNumbers } from "./lookup-query";
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import type { DetectorHit } from "../detectors/types";
import type { MastMode } from "../types";
import type { ClaimFindingName } from "../model/vocabulary";
import type { Claim } from "./extract-claims";
import { extractClaims } from "./extract-claims";
import { argumentText, isAgentToolCall, type Provenance } from "./provenance";
import { arithmeticSlips } from "./arithmetic";
import { toolComputations } from "./tool-computations";
import { isTrivialNumber } from "./trivial-number";
import { fabricationWord } from "./fabrication-words";
import { taskText } from "./task-text";
import { isLoopbackLink, isSetupLink, isTemplateLink } from "./local-address";
import { contextTokens } from "./label-tokens";
import { swappedLabel } from "./swapped-label";
import { changesOneDigit, labelOnlyNumbers, millisecondOnlyNumbers, namesMilliseconds } from "../grounding";
import { borrowContext, borrowedValue, combinedValue, type BorrowContext } from "./borrowed-value";
import { statedRuling } from "./stated-position";
import { round6 as round } from "../round6";
import { tailClaims } from "./input-tail";
import { ruleOff } from "../ablation";

export interface ClaimFinding {
  step: number;
  name: ClaimFindingName;
  score: number;
  /** Normalized value that is wrong or unsupported ("n:2945"). */
  value: string;
  quote: string;
  /** The step whose value this one contradicts, or −1. */
  against: number;
  /** Whether the value is part of the run's final answer. */
  reachesAnswer: boolean;
  note: string;
}

/**
 * Scores, stated once. A contradicted source or a wrong computation is checkable against the
 * trace itself, so it is strong evidence on its own (above the 0.5 fault threshold); an introduced
 * value that ends up in the answer is a fault by itself too (the seed's "one fabricated number"),
 * but weaker: the agent may know it from training. Values that never reach the answer are left to
 * the step-level `ungrounded-value` detector.
 */
const SCORE = { contradiction: 0.75, arithmetic: 0.75, unsourcedInAnswer: 0.6, fabricated: 0.6 } as const;

/** Claim kinds whose introduction without a source is checkable evidence. */
const CHECKABLE = new Set(["number", "date", "url"]);

/** Characters of the answering step read for its ruling. */
const RULING_SCAN = 4_000;

/**
 * Values of the run's final answer: `run.finalAnswer` when stated, else the last agent step that
 * asserts values outside code. Values typed into code (a figure size, a `* 100`) are a method, not
 * an answer: a step whose only values sit in a fenced block answers nothing, and the answering
 * step's own code adds no values to its answer (a program delivered beside its manual).
 */
export function answerValues(g: EngineGraph, prov: Provenance): { values: Set<string>; step: number } {
  const stated = g.trace.run.finalAnswer;
  let step = -1;
  for (let v = g.sink; v >= 0; v--)
    if (isAgentUtterance(g, v) && prov.claims[v].asserted.some((c) => c.kind !== "verdict" && !c.inCode)) {
      step = v;
      break;
    }
  // The numbers marking a stated answer's list items ("1. **Design:** …") are no values of it.
  if (stated && stated.trim())
    return {
      values: new Set(
        extractClaims(stated)
          .filter((c) => !(c.kind === "number" && isListMarker(stated, c.start, c.end)))
          .map((c) => c.value),
      ),
      step,
    };
  if (step < 0) return { values: new Set(), step };
  // A closing ruling that states a number ("Tally: 42 got 1 vote, 40 got 2. Final answer: 40") answers
  // with that number, not with the alternatives it weighed.
  const ruling = statedRuling(stepText(g.steps[step]).slice(0, RULING_SCAN));
  if (ruling?.kind === "number" && prov.claims[step].asserted.some((c) => c.value === ruling.value))
    return { values: new Set([ruling.value]), step };
  return { values: new Set(prov.claims[step].asserted.filter((c) => !c.inCode).map((c) => c.value)), step };
}

/**
 * Values the final answer rests on: its own values, and (transitively) the operands of stated
 * computations that produced them, and the numbers an agent handed a tool whose output holds them
 * (a calculator's result rests on the expression it was given). A wrong operand reaches the answer
 * through the sum it feeds, whether the agent or a tool computed the sum, and whether the call's
 * result is recorded on the call or arrives as a step of its own. `throughCode` follows every literal
 * of code an executor ran (see tool-computations.ts): used for contradicted values, whose wrongness
 * is established; an unsourced literal first typed into code is as often a constant of the method as
 * a fact, so without it code carries lineage only for values it restates from an agent's statement.
 */
export function answerClosure(
  prov: Provenance,
  values: Set<string>,
  g?: EngineGraph,
  throughCode = false,
): Set<string> {
  const derivedFrom = new Map<string, string[]>();
  const link = (value: string, from: string[]) => derivedFrom.set(value, [...(derivedFrom.get(value) ?? []), ...from]);
  // A small whole number's derivation found by search, not stated (800 / 100 = 8), is coincidence:
  // two figures at hand reach most of them, so its operands are not what it rests on.
  for (const r of prov.records)
    if (r.operands && (r.stated || !isTrivialNumber(r.claim))) link(r.claim.value, r.operands);
  if (g)
    for (const [v, from] of toolComputations(g, prov, throughCode))
      for (const o of prov.claims[v].observed) if (o.kind === "number") link(o.value, from);
  const out = new Set(values);
  const work = [...values];
  while (work.length) for (const x of derivedFrom.get(work.pop()!) ?? []) if (!out.has(x)) out.add(x), work.push(x);
  return out;
}

/** Earlier steps searched for siblings under the same parent (tool calls of one agent run close together). */
const SIBLING_WINDOW = 256;

interface SourceNumber {
  value: string;
  raw: string;
  step: number;
  tokens: Set<string>;
}

/**
 * The numbers a step was handed: its own recorded input, and the observed values of the steps
 * feeding it (edges in, and earlier siblings under the same parent, e.g. tool calls of one agent).
 */
function handedNumbers(g: EngineGraph, prov: Provenance, v: number): SourceNumber[] {
  const out: SourceNumber[] = [];
  const input = isAgentToolCall(g, v) ? undefined : g.steps[v].input;
  // A long prompt is read at its head and at its latest turns (input-tail.ts).
  const tail = input ? tailClaims(input) : undefined;
  const reads = input ? [{ text: input, claims: extractClaims(input) }] : [];
  if (tail) reads.push(tail);
  for (const { text, claims } of reads)
    for (const c of claims)
      if (c.kind === "number") out.push({ value: c.value, raw: c.raw, step: v, tokens: contextTokens(text, c.start) });
  const feeders = new Set<number>();
  for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) feeders.add(g.edges[g.inEdges[k]].from);
  const p = g.parent[v];
  // Siblings are looked for among the nearest earlier steps only (bounded: no quadratic scan).
  if (p >= 0)
    for (let u = v - 1; u >= 0 && u >= v - SIBLING_WINDOW && feeders.size < 64; u--)
      if (g.parent[u] === p) feeders.add(u);
  for (const u of feeders) {
    const obs = prov.claims[u].observed;
    if (!obs.length) continue;
    const text = stepText(g.steps[u]);
    // A number written only as a label ("period 4") names a thing; no figure restates it.
    let labels: Set<string> | undefined;
    for (const c of obs)
      if (c.kind === "number" && !(labels ??= labelOnlyNumbers(text)).has(c.raw))
        out.push({ value: c.value, raw: c.raw, step: u, tokens: contextTokens(text, c.start) });
  }
  return out;
}

/** A figure written with a leading zero: a code, not a quantity. */
const LEADING_ZERO_RE = /^0\d/;

/**
 * A misquote keeps the label and changes the number: the handed number whose label shares the most
 * *distinctive* words with the claim's label (each shared word weighs 1 / the number of distinct
 * handed values it labels, so a unit such as "mm" that labels every value counts little and a name
 * such as "dub-lhr" counts much), which the step never restates. At least half a distinctive word
 * must be shared (three quarters of a word: e.g. a name two labels share plus a word three share). A restatement and its
 * source differ by a slip, not by an order of magnitude (a ratio within 2, the same digits with the
 * decimal point moved, or a decimal with one digit changed: 6.38 → 2.38), which keeps years and
 * counts that happen to share a label from matching.
 */
function misquotedSource(
  claim: Claim,
  tokens: Set<string>,
  handed: SourceNumber[],
  stated: Set<string>,
): SourceNumber | undefined {
  // A figure written with a leading zero ("04218") is a postcode or an id: it restates no quantity.
  if (LEADING_ZERO_RE.test(claim.raw)) return undefined;
  // A word's weight is one over the number of distinct values it labels: a number the prompt repeats
  // under its label many times makes that label no less distinctive.
  const labelled = new Map<string, Set<string>>();
  for (const h of handed)
    for (const t of h.tokens)
      if (tokens.has(t)) {
        const values = labelled.get(t);
        if (values) values.add(h.value);
        else labelled.set(t, new Set([h.value]));
      }
  let best: SourceNumber | undefined;
  let bestScore = 0.75 - 1e-9;
  for (const h of handed) {
    if (h.value === claim.value || stated.has(h.value) || LEADING_ZERO_RE.test(h.raw)) continue;
    if (!slipApart(h.value, h.raw, claim)) continue;
    let score = 0;
    for (const t of tokens) if (h.tokens.has(t)) score += 1 / labelled.get(t)!.size;
    if (score > bestScore) (best = h), (bestScore = score);
  }
  return best;
}

/** The handed number claim c of the scanned step misquotes (`misquotedSource`), reading what it needs once per step. */
function misquoteOf(scan: StepScan, c: Claim): SourceNumber | undefined {
  scan.handed ??= handedNumbers(scan.g, scan.prov, scan.v);
  return misquotedSource(c, contextTokens(scan.text, c.start), scan.handed, statedBy(scan));
}

/** The values the scanned step asserts, read once per step. */
const statedBy = (scan: StepScan) => (scan.stated ??= new Set(scan.prov.claims[scan.v].asserted.map((x) => x.value)));

/** Claim c of the scanned step misquotes the handed number src. */
function misquoteFinding(
  scan: StepScan,
  c: Claim,
  src: SourceNumber,
  seen: boolean,
  wideClosure: () => Set<string>,
): ClaimFinding {
  scan.contradicted = true;
  const where = src.step === scan.v ? "its input" : scan.g.steps[src.step].id;
  const note = `states ${c.raw} where ${where} gave ${src.raw} for the same label`;
  const reachesWide = seen && wideClosure().has(c.value);
  return makeFinding(scan.v, c, "contradicts-source", SCORE.contradiction, src.step, note, reachesWide);
}

/** Whether the scanned step itself writes one of a derivation's operands: it shows its working. */
function writesAnOperand(scan: StepScan, operands: readonly string[]): boolean {
  const stated = statedBy(scan);
  const observed = scan.prov.claims[scan.v].observed;
  return operands.some((o) => stated.has(o) || observed.some((x) => x.value === o));
}

/**
 * Whether a claim and the number it would misquote (value and raw writing) lie a slip apart: a ratio
 * within 2, the same digits with the decimal point moved, or a decimal with one digit changed.
 */
function slipApart(value: string, raw: string, claim: Claim): boolean {
  const a = Math.abs(Number(value.slice(2)));
  const b = Math.abs(claim.num ?? 0);
  return (
    a > 0 &&
    b > 0 &&
    (Math.max(a, b) / Math.min(a, b) <= 2 ||
      decimalSlip(value.slice(2), claim.value.slice(2)) ||
      changesOneDigit(raw, claim.raw))
  );
}

/** The same digits with the decimal point moved ("12.5" written as "125", "1.5" as "15"): a slip, not another value. */
function decimalSlip(a: string, b: string): boolean {
  if (a === b || (!a.includes(".") && !b.includes("."))) return false;
  const digits = (x: string) => x.replace(/^-/, "").replace(".", "").replace(/^0+/, "");
  return digits(a) === digits(b);
}

export function findClaimIssues(g: EngineGraph, prov: Provenance): ClaimFinding[] {
  const out: ClaimFinding[] = [];
  const answer = answerValues(g, prov);
  const closure = answerClosure(prov, answer.values, g);
  let wide: Set<string> | undefined;
  const truth = new Set(extractClaims(g.trace.run.groundTruth ?? "").map((c) => c.value));
  const facts = observedFacts(prov);
  const run: StepScan["run"] = {};
  // The wide closure is built the first time a finding asks for it (one function per call, not per claim).
  const wideClosure = () => (wide ??= answerClosure(prov, answer.values, g, true));
  // Withdrawals count when made before the answer step (any step, when no step states the answer).
  const before = answer.step < 0 ? g.n : answer.step;
  const timed =
    namesMilliseconds(g.trace.run.task) || (answer.step >= 0 && namesMilliseconds(stepText(g.steps[answer.step])));
  for (let v = 0; v < g.n; v++) {
    facts.upTo(v);
    const call = isAgentToolCall(g, v);
    if (!isAgentUtterance(g, v) && !call) continue;
    const ids = prov.byStep.get(v) ?? [];
    if (!ids.length) continue;
    const scan: StepScan = {
      g,
      prov,
      v,
      text: call ? argumentText(g, v) : stepText(g.steps[v]),
      facts,
      contradicted: false,
      run,
      timed,
    };
    for (const id of ids) {
      const c = prov.records[id].claim;
      if (truth.has(c.value)) continue;
      // Reaches the answer: the answer holds the value and its step could see this one (independent
      // introducers of one value, e.g. two voters, each reach it).
      // A value its author withdrew before the answer was given reaches it through whoever passed it
      // on afterwards (retracted-values.ts), not from here.
      const seen = (v === answer.step || prov.visible(v, answer.step)) && prov.withdrawal(c.value, v, before) < 0;
      const reaches = closure.has(c.value) && seen;
      const finding = claimFinding(scan, id, reaches, seen, wideClosure);
      if (finding) out.push(finding);
    }
    for (const slip of arithmeticSlips(scan.text)) {
      const value = `n:${slip.stated}`;
      const quote = scan.text.slice(slip.start, slip.end);
      const note = `states ${slip.expression} = ${slip.stated}, but it computes to ${round(slip.actual)}`;
      const reachesAnswer = answer.values.has(value);
      out.push({
        step: v,
        name: "arithmetic-mismatch",
        score: SCORE.arithmetic,
        value,
        quote,
        against: -1,
        reachesAnswer,
        note,
      });
    }
  }
  return out;
}

interface Fact {
  value: string;
  step: number;
  raw: string;
}

/** Observed numbers under a label, by label: the facts tools and observations established before step v. */
function observedFacts(prov: Provenance): { byKey: Map<string, Fact[]>; upTo: (v: number) => void } {
  const byKey = new Map<string, Fact[]>();
  let cursor = 0;
  const upTo = (v: number) => {
    for (; cursor < v; cursor++)
      for (const c of prov.claims[cursor].observed)
        if (c.kind === "number" && c.key) {
          const list = byKey.get(c.key) ?? [];
          list.push({ value: c.value, step: cursor, raw: c.raw });
          byKey.set(c.key, list);
        }
  };
  return { byKey, upTo };
}

/** What a borrowed or combined figure's thing had of its own: its record's figure, or no output at all. */
function ownRecordNote(g: EngineGraph, f: { named: string; record?: { step: number; raw: string } }): string {
  return f.record
    ? `${f.named}'s own record ${g.steps[f.record.step].id} gave ${f.record.raw}`
    : `no output before it gave ${f.named}'s`;
}

/**
 * Labels under which each writer rates itself ("#confidence: 0.92"): two agents' ratings are two
 * opinions, not one fact quoted twice.
 */
const SELF_ASSESSED_RE = /(?:^|\s)(?:confidence|certainty)(?:\s+(?:score|level))?$/;
const selfAssessed = (c: Claim) => c.key !== undefined && SELF_ASSESSED_RE.test(c.key);

/** One step's claims being checked: at most one contradiction per step; sources read lazily. */
interface StepScan {
  g: EngineGraph;
  prov: Provenance;
  v: number;
  text: string;
  facts: ReturnType<typeof observedFacts>;
  contradicted: boolean;
  handed?: SourceNumber[];
  stated?: Set<string>;
  /** Read once per run, when a value taken from an output is first checked (`borrowed-value.ts`). */
  run: { borrow?: BorrowContext };
  /** Whether the task or the answer speaks in milliseconds: then a millisecond figure can be the answer's. */
  timed: boolean;
  /** The step's word saying its code's data is invented (`fabrication-words.ts`), read once; null: none. */
  fabrication?: string | null;
  /** The numbers the step writes only as milliseconds, read once when an unsourced value asks. */
  meters?: Set<string>;
  /** The numbers a lookup's query asks about and its result holds (`lookup-query.ts`), read once. */
  answered?: Set<string>;
}

/** A finding on claim c of step v; fields in the order findings have always had (reports are compared byte for byte). */
function makeFinding(
  v: number,
  c: Claim,
  name: ClaimFinding["name"],
  score: number,
  against: number,
  note: string,
  reachesAnswer: boolean,
): ClaimFinding {
  return { step: v, name, score, value: c.value, quote: c.raw, against, reachesAnswer, note };
}

/** The step's word saying its code's data is invented, read once per step. */
function fabricationOf(scan: StepScan): string | null {
  if (scan.fabrication === undefined) scan.fabrication = fabricationWord(scan.text, taskText(scan.g));
  return scan.fabrication;
}

/** The finding on one claim record of the step, if any (`seen`: the answer step could see it; the wide closure is lazy). */
function claimFinding(
  scan: StepScan,
  id: number,
  reaches: boolean,
  seen: boolean,
  wideClosure: () => Set<string>,
): ClaimFinding | undefined {
  const { g, prov, v, text } = scan;
  const r = prov.records[id];
  const c = r.claim;
  if (r.source === "none" && c.kind === "number" && c.key && !selfAssessed(c) && !scan.contradicted) {
    const fact = visibleFact(scan, c.key);
    // The same bound as a misquote of an unlabelled source: a label shared by numbers orders of
    // magnitude apart ("berth.go: 412", a file's line, and "Go 1.21") names two things, not one.
    // A step that also writes the source's value under the same label lists rows ("Year 2008: …, Year
    // 2010: …"), one per value: it misquotes none of them.
    const listsIt = (o: Claim) => o.key === c.key && o.value === fact?.value;
    if (
      fact &&
      fact.value !== c.value &&
      slipApart(fact.value, fact.raw, c) &&
      !prov.claims[v].asserted.some(listsIt)
    ) {
      scan.contradicted = true;
      const note = `states "${c.key}" as ${c.raw}, but ${g.steps[fact.step].id} gave ${fact.raw}`;
      const reachesWide = seen && wideClosure().has(c.value);
      return makeFinding(v, c, "contradicts-source", SCORE.contradiction, fact.step, note, reachesWide);
    }
  }
  if (r.source === "tool" && c.kind === "number" && r.from >= 0 && !scan.contradicted && !ruleOff(g, "swapped-label")) {
    const swap = swappedLabel(prov, text, c, r.from, v);
    if (swap) {
      scan.contradicted = true;
      const note = `states ${c.raw} as "${swap.named}", but ${g.steps[r.from].id} gave ${swap.namedRaw} for it; ${c.raw} is its "${swap.own}"`;
      const reachesWide = seen && wideClosure().has(c.value);
      return makeFinding(v, c, "contradicts-source", SCORE.contradiction, r.from, note, reachesWide);
    }
  }
  if (r.source === "tool" && c.kind === "number" && !isTrivialNumber(c) && !scan.contradicted) {
    scan.run.borrow ??= borrowContext(g);
    const borrowed = borrowedValue(scan.run.borrow, text, c, r.from, v);
    if (borrowed) {
      scan.contradicted = true;
      const note = `states ${c.raw} for ${borrowed.named}, but it is ${borrowed.owner}'s figure in ${g.steps[r.from].id}, and ${ownRecordNote(g, borrowed)}`;
      const reachesWide = seen && wideClosure().has(c.value);
      return makeFinding(v, c, "contradicts-source", SCORE.contradiction, r.from, note, reachesWide);
    }
  }
  if (
    r.source === "derived" &&
    !r.stated &&
    r.operands &&
    c.kind === "number" &&
    !isTrivialNumber(c) &&
    !scan.contradicted
  ) {
    scan.run.borrow ??= borrowContext(g);
    const combined = combinedValue(scan.run.borrow, text, c, r.operands, (x) => prov.stepsOf.get(x), v);
    if (combined) {
      scan.contradicted = true;
      const inOrder = [...combined.parts].sort((a, b) => a.step - b.step);
      const parts = [...new Set(inOrder.map((p) => `${p.owner}'s in ${g.steps[p.step].id}`))].join(", ");
      const note = `states ${c.raw} for ${combined.named}, but it is made of other things' figures (${parts}), and ${ownRecordNote(g, combined)}`;
      const reachesWide = seen && wideClosure().has(c.value);
      return makeFinding(v, c, "contradicts-source", SCORE.contradiction, inOrder[0].step, note, reachesWide);
    }
    // One operation makes most values from the many numbers at hand (12 × 33): when a number handed to the
    // step under the same label lies a slip away, is none of that operation's operands, and the step writes
    // no operand, the value restates that number wrongly. Values under three digits, which labels share by
    // chance, stay derived.
    const src = !selfAssessed(c) && c.raw.replace(/\D/g, "").length >= 3 ? misquoteOf(scan, c) : undefined;
    if (src && !r.operands.includes(src.value) && !writesAnOperand(scan, r.operands))
      return misquoteFinding(scan, c, src, seen, wideClosure);
  }
  if (r.source !== "none" || isTrivialNumber(c)) return undefined;
  if (c.kind === "number" && !scan.contradicted && !selfAssessed(c)) {
    const src = misquoteOf(scan, c);
    if (src) return misquoteFinding(scan, c, src, seen, wideClosure);
  }
  const word = c.inCode && c.kind === "number" ? fabricationOf(scan) : null;
  if (word) {
    const note = `types ${c.raw} into code as data that no input or tool output holds, and calls it ${word}`;
    return makeFinding(v, c, "fabricated-data", SCORE.fabricated, -1, note, reaches);
  }
  // A link typed into code is where the agent looks, not what it asserts: whether it holds shows
  // in the fetch's own result (a failed fetch is a tool failure at that step).
  // An estimate ("~120 users", "about 8 hours") is a plan's expectation, not an invented fact.
  const linkInCode = c.kind === "url" && c.inCode && !ruleOff(g, "links-in-code");
  // A link to the reader's own machine is where the built program listens, not a source (local-address.ts).
  const ownMachine = c.kind === "url" && isLoopbackLink(c.value);
  // A site named as where to download software is a setup step, and a link with a placeholder a
  // template: neither is a cited page (local-address.ts).
  const setup = c.kind === "url" && (isSetupLink(c.value, text, c.start) || isTemplateLink(c.value));
  if (
    reaches &&
    CHECKABLE.has(c.kind) &&
    !linkInCode &&
    !ownMachine &&
    !setup &&
    !isHedgedValue(text, c.start, c.end) &&
    !(c.kind === "number" && writtenAsMeter(scan, c)) &&
    // A value a lookup asked about and got back is the result's, not the query's invention.
    !(c.kind === "number" && (scan.answered ??= answeredQueryNumbers(g, v)).has(c.value.slice(2)))
  ) {
    const note =
      r.withdrawnAt === undefined
        ? `introduces ${c.raw}, which reaches the final answer, with no source in the task, a tool output or any step it could see`
        : `passes on ${c.raw}, which reaches the final answer, after its author withdrew it at ${g.steps[r.withdrawnAt].id}`;
    // A value passed on after its author withdrew it points at the withdrawal: what contradicts it.
    return makeFinding(v, c, "unsourced-value", SCORE.unsourcedInAnswer, r.withdrawnAt ?? -1, note, true);
  }
  return undefined;
}

/**
 * Whether the step writes claim c only as milliseconds ("query took 419 ms"): a meter of the run, as
 * for `ungrounded-values.ts`, whose digits in an answer given in another unit ("419.0 g") are not it.
 */
function writtenAsMeter(scan: StepScan, c: Claim): boolean {
  return !scan.timed && (scan.meters ??= millisecondOnlyNumbers(scan.text)).has(c.value.slice(2));
}

/** The latest fact under `key` that step v could see. */
/**
 * The latest fact under `key` that step v could see. An output that gives the key several different
 * values (a search listing many fares, each "basic economy: …") names no single one a later figure
 * could misquote, and it supersedes the key's earlier facts: none then.
 */
function visibleFact(scan: StepScan, key: string): Fact | undefined {
  const list = scan.facts.byKey.get(key);
  if (!list) return undefined;
  for (let k = list.length - 1; k >= 0; k--) {
    if (!scan.prov.visible(list[k].step, scan.v)) continue;
    const step = list[k].step;
    for (let j = k - 1; j >= 0 && list[j].step === step; j--) if (list[j].value !== list[k].value) return undefined;
    return list[k];
  }
  return undefined;
}

/** One finding per (step, detector): the first, which is the earliest claim in the text. */
function dedupe(list: ClaimFinding[]): ClaimFinding[] {
  const seen = new Set<string>();
  return list.filter((f) => {
    const k = `${f.step}:${f.name}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const MAST: Record<ClaimFinding["name"], MastMode> = {
  "unsourced-value": "FM-2.6 reasoning-action mismatch",
  "contradicts-source": "FM-2.6 reasoning-action mismatch",
  "arithmetic-mismatch": "FM-2.6 reasoning-action mismatch",
  "fabricated-data": "FM-2.6 reasoning-action mismatch",
  "dropped-constraint": "FM-1.1 disobey task specification",
  "contradicts-output": "FM-2.6 reasoning-action mismatch",
  "unsupported-answer": "FM-2.6 reasoning-action mismatch",
  "misreported-tally": "FM-2.6 reasoning-action mismatch",
  "overruled-consensus": "FM-2.6 reasoning-action mismatch",
  "overruled-majority": "FM-2.6 reasoning-action mismatch",
  "unfounded-ruling": "FM-2.6 reasoning-action mismatch",
  "wrong-extreme": "FM-2.6 reasoning-action mismatch",
  "unit-mismatch": "FM-2.6 reasoning-action mismatch",
};

/** Findings that say a value has no source (an invention), not that a check failed. */
export const INVENTED: ReadonlySet<ClaimFinding["name"]> = new Set([
  "unsourced-value",
  "unsupported-answer",
  "unfounded-ruling",
]);

/** Findings as detector hits (fused with the other detectors by noisy-OR). */
export function claimHits(g: EngineGraph, findings: ClaimFinding[]): DetectorHit[] {
  return dedupe(findings).map((f) => ({
    step: f.step,
    name: f.name,
    score: f.score,
    mast: MAST[f.name],
    // An introduced value downstream of corrupted input is as likely a consequence of that input as
    // a new error (see DetectorHit.dependent); a contradicted source or a wrong sum is an error of its own.
    ...(INVENTED.has(f.name) ? { dependent: true } : {}),
    evidence: { stepIds: [g.steps[f.step].id, ...(f.against >= 0 ? [g.steps[f.against].id] : [])], note: f.note },
  }));
}
