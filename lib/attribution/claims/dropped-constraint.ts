/**
 * Dropped constraint: a lookup answers another question than the task's, because the constraint that
 * said which slice of the data the task is about got lost on the way. Three constraints are
 * recognisable by shape alone, so this does not fire on ordinary numbers or words (the third, a
 * bound such as "under $500" that the answer breaks, is `dropped-bound.ts`):
 * - a year (a 4-digit integer 1900–2100): a tool call acts with a year other than the task's and no
 *   source gave it that year, or its lookup omits the year and comes back with another one;
 * - a period qualifier (`period-qualifiers.ts`: "semester B", "Q3", "week 12"): a lookup, a tool call
 *   or a request written in a message, comes back with the task's period word and another label.
 * The fault lies with whoever handed the agent its instruction without the constraint (a plan or a
 * delegation that omits it) — the instruction is found through the span structure (the delegating
 * call the agent runs under, or the other agent's step feeding the agent's wrapper), else the last
 * delegation the agent received (a `delegate` step naming it, a delegation edge, or in a chat log the
 * latest message of another agent that addresses it by name) — else, when the instruction kept the
 * constraint, with the agent itself.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { callerOf, isAgentUtterance, isToolOutput } from "../detectors/patterns";
import {
  keepsQualifier,
  mentionsYear,
  otherPeriodField,
  otherQualifier,
  taskQualifiers,
  type Qualifier,
} from "./period-qualifiers";
import { keepsNamedPeriod, otherNamedPeriod } from "./named-periods";
import { extractClaims, type Claim } from "./extract-claims";
import { argumentText, isAgentToolCall, type Provenance } from "./provenance";
import type { ClaimFinding } from "./claim-findings";
import { ruleOff } from "../ablation";
import { taskText } from "./task-text";
import { findDroppedBounds } from "./dropped-bound";
import { delegationFor } from "./delegation-for";
import { outputBody } from "./tool-computations";

const isYear = (x: number | undefined) => x !== undefined && Number.isInteger(x) && x >= 1900 && x <= 2100;
const SCORE = 0.7;
/** Parent levels walked to find the instruction (nested agents are rarely deeper). */
const MAX_DEPTH = 6;

/** The step whose text was the agent's instruction, through the span structure, or −1. */
function instructionFor(g: EngineGraph, v: number): number {
  const me = g.agentOf[v];
  let w = v;
  for (let d = 0; d < MAX_DEPTH; d++) {
    const p = g.parent[w];
    if (p < 0) return -1;
    if (g.agentOf[p] !== me && !g.wrapper[p]) return p; // a delegating call the agent runs under
    if (g.agentOf[p] === me && g.wrapper[p]) {
      // The agent's wrapper: its instruction came in over an edge from another agent.
      let src = -1;
      for (let k = g.inStart[p]; k < g.inStart[p + 1]; k++) {
        const u = g.edges[g.inEdges[k]].from;
        if (g.agentOf[u] !== me && u > src) src = u;
      }
      if (src >= 0) return g.wrapper[src] ? producerOf(g, src) : src;
    }
    w = p;
  }
  return -1;
}

/**
 * What a call's lookup came back with: its own result, else the result step answering it, else what
 * the call's own text holds. A call that says what it is about to do ("Checking the east dock first.")
 * has not come back with that.
 */
function returnedClaims(g: EngineGraph, prov: Provenance, v: number) {
  if (g.steps[v].tool?.result !== undefined) return prov.claims[v].observed;
  const next = v + 1 < g.n && g.steps[v + 1].kind === "tool_result" ? v + 1 : -1;
  return next >= 0 ? prov.claims[next].observed : prov.claims[v].observed;
}

/** The latest own non-wrapper step inside a wrapper: the step that produced what it returned. */
function producerOf(g: EngineGraph, w: number): number {
  for (let u = w - 1; u >= 0; u--) {
    let x = g.parent[u];
    while (x >= 0 && x !== w) x = g.parent[x];
    if (x === w && !g.wrapper[u] && g.agentOf[u] === g.agentOf[w] && isAgentUtterance(g, u)) return u;
  }
  return w;
}

export function findDroppedConstraints(g: EngineGraph, prov: Provenance, failed: boolean): ClaimFinding[] {
  if (!failed) return [];
  return [
    ...droppedYears(g, prov),
    ...(ruleOff(g, "period-qualifiers") ? [] : droppedPeriods(g)),
    ...findDroppedBounds(g),
  ];
}

/** A lookup: the step that asked for it (a tool call, or a request written in a message) and the step holding its result. */
interface Lookup {
  call: number;
  result: number;
}

/** Every lookup of the run, each call once: tool calls with their results, and text requests a tool output answered. */
function lookups(g: EngineGraph): Lookup[] {
  const out: Lookup[] = [];
  const seen = new Set<number>();
  for (let r = 0; r < g.n; r++) {
    if (isAgentToolCall(g, r)) {
      const next = r + 1 < g.n && g.steps[r + 1].kind === "tool_result" ? r + 1 : r;
      if (!seen.has(r)) seen.add(r), out.push({ call: r, result: g.steps[r].tool?.result !== undefined ? r : next });
      continue;
    }
    if (!isToolOutput(g, r)) continue;
    const c = callerOf(g, r);
    if (c === r || seen.has(c) || g.toolAgents.has(g.agentOf[c]) || !isAgentUtterance(g, c)) continue;
    seen.add(c);
    out.push({ call: c, result: r });
  }
  return out;
}

const lookupText = (g: EngineGraph, v: number) => (isAgentToolCall(g, v) ? argumentText(g, v) : stepText(g.steps[v]));
/** A result's text without the envelope a chat log wraps it in ("exitcode: 0 … Code output:"), so its lines are the record's. */
const resultText = (g: EngineGraph, v: number) => g.steps[v].tool?.result ?? outputBody(g, v);

/** The step whose text instructed the agent of `v` (span structure, else a hand-over or an address), or −1. */
function instructionOf(g: EngineGraph, v: number): number {
  const parent = instructionFor(g, v);
  return parent >= 0 ? parent : delegationFor(g, v);
}

/**
 * A lookup whose result carries the task's period word with another label (semester A for a task about
 * semester B), or whose record names another period in its period field, answered another question; the
 * call named no label, or the wrong one. The fault lies with the instruction that dropped the label, else
 * with the agent that had it and dropped it.
 */
function droppedPeriods(g: EngineGraph): ClaimFinding[] {
  const task = taskText(g);
  const wanted = taskQualifiers(task);
  const years = new Set(
    extractClaims(task)
      .filter((c) => c.kind === "number" && isYear(c.num))
      .map((c) => c.raw),
  );
  // The task's period qualifier, when it has one, is the finer constraint and decides; else its year.
  const keepsShaped = (text: string) => (wanted.size ? keepsQualifier(text, wanted) : mentionsYear(text, years));
  const out: ClaimFinding[] = [];
  const blamed = new Set<number>();
  for (const { call, result } of lookups(g)) {
    // A tool call's year is droppedYears' (it reads the call's own arguments); a request written in a
    // message is held to the period field of the record it got back.
    const fieldYears = wanted.size || isAgentToolCall(g, call) ? NO_YEARS : years;
    const asked = lookupText(g, call);
    const returned = resultText(g, result);
    let wrong: Qualifier | undefined;
    let keeps = keepsShaped;
    let need = "";
    if ((wanted.size > 0 || fieldYears.size > 0) && !keepsShaped(asked)) {
      wrong =
        otherQualifier(asked, wanted) ??
        otherQualifier(returned, wanted) ??
        otherPeriodField(returned, wanted, fieldYears);
      if (wrong) need = missedPeriod(wanted, years, wrong.word);
    }
    // A period named in words ("the autumn picking") where no qualifier or year decided.
    const named = wrong || wanted.size > 0 ? undefined : otherNamedPeriod(returned, task);
    if (named && !keepsNamedPeriod(asked, named)) {
      wrong = { word: "period", label: named.raw.toLowerCase(), raw: named.raw };
      keeps = (text) => keepsNamedPeriod(text, named);
      need = named.wanted;
    }
    if (!wrong) continue;
    const u = instructionOf(g, call);
    const text = u >= 0 ? lookupText(g, u) : "";
    const at = u >= 0 && !keeps(text) ? u : call;
    if (blamed.has(at)) continue;
    blamed.add(at);
    out.push({
      step: at,
      name: "dropped-constraint",
      score: SCORE,
      value: `p:${wrong.word} ${wrong.label}`,
      quote: at === call ? wrong.raw : text.slice(0, 160),
      against: at === call ? -1 : call,
      reachesAnswer: true,
      note:
        at === call
          ? `looks up ${wrong.raw} although the task asks for ${need}`
          : `instructs ${g.steps[call].agent} without the task's ${need}; its lookup came back with ${wrong.raw} (${g.steps[call].id})`,
    });
  }
  return out;
}

const NO_YEARS: ReadonlySet<string> = new Set();

/**
 * The task's period the lookup missed, in words: its qualifier of the same period word, else (a period
 * field of another kind, "the 2024 campaign") its first qualifier, else its year.
 */
function missedPeriod(wanted: Map<string, Set<string>>, years: ReadonlySet<string>, word: string): string {
  const [w, labels] = wanted.has(word) ? [word, wanted.get(word)!] : ([...wanted][0] ?? []);
  if (w && labels) return `${w} ${[...labels][0]}`;
  return `year ${[...years][0]}`;
}

/**
 * The one year a lookup's result came back with, when it is not the task's: a record of another
 * period. A result that also holds the task's year, or several other years (a page, a list of
 * search hits), answered no single period, and says nothing of which one the lookup asked for.
 */
function otherPeriod(returned: readonly Claim[], years: ReadonlySet<string>): Claim | undefined {
  let found: Claim | undefined;
  for (const c of returned) {
    if (c.kind !== "number" || !isYear(c.num)) continue;
    if (years.has(c.value)) return undefined;
    if (found && found.value !== c.value) return undefined;
    found ??= c;
  }
  return found;
}

/** A link or a file path alone: `https://…/report.pdf`, `file:///…`, `./data/q3.csv`. */
const LOCATOR_ONLY_RE = /^(?:[a-z][\w+.-]*:\/\/\S+|\.{0,2}\/\S+|[\w.-]+\.[a-z]{2,5})$/i;
/** String leaves of a call's arguments read for a locator (a call passes few). */
const MAX_LEAVES = 16;
/** A call that only opens a link or a file passes little: longer arguments are not read (and not parsed). */
const MAX_LOCATOR_ARGS = 2_000;
/** Values visited in the arguments' tree. */
const MAX_VISITS = 256;

/** The links or file paths a call passes, when every string it passes is one (JSON arguments, or the text itself); else none. */
function openedLocators(args: string): string[] {
  if (args.length > MAX_LOCATOR_ARGS) return [];
  let value: unknown = args;
  try {
    value = JSON.parse(args);
  } catch {
    // Not JSON: the arguments are the text itself.
  }
  const leaves: string[] = [];
  const stack = [value];
  for (let visits = 0; stack.length && leaves.length <= MAX_LEAVES && visits < MAX_VISITS; visits++) {
    const x = stack.pop();
    if (typeof x === "string") {
      if (x.trim()) leaves.push(x.trim());
    } else if (Array.isArray(x)) stack.push(...x.slice(0, MAX_LEAVES));
    else if (x && typeof x === "object") stack.push(...Object.values(x).slice(0, MAX_LEAVES));
  }
  return leaves.length > 0 && leaves.length <= MAX_LEAVES && leaves.every((l) => LOCATOR_ONLY_RE.test(l)) ? leaves : [];
}

/** Where a result that is more of a document names it: a browser's result opens with the page's address. */
const MAX_NAMED_AT = 2_000;

/** Whether a result names a document opened before (its link or path) near its start: it is more of that document. */
function readsOn(result: string, opened: readonly string[] | undefined): boolean {
  if (!opened) return false;
  const head = result.slice(0, MAX_NAMED_AT);
  return opened.some((l) => head.includes(l));
}

function droppedYears(g: EngineGraph, prov: Provenance): ClaimFinding[] {
  const out: ClaimFinding[] = [];
  const taskYears = extractClaims(taskText(g)).filter((c) => c.kind === "number" && isYear(c.num));
  if (taskYears.length === 0) return out;
  const years = new Set(taskYears.map((c) => c.value));
  const blamed = new Set<number>();
  /** Per agent, the links or paths its latest call that only opened something opened. */
  const opened = new Map<number, string[]>();
  // Years are read from tool calls only: a request written in a message often comes back with a page
  // or a log holding many years, and which one it asked for is not in its text.
  for (const { call: v, result } of lookups(g)) {
    if (!isAgentToolCall(g, v)) continue;
    const locators = openedLocators(argumentText(g, v));
    const before = opened.get(g.agentOf[v]);
    if (locators.length) opened.set(g.agentOf[v], locators);
    const args = prov.claims[v].asserted;
    if (args.some((c) => years.has(c.value))) continue;
    // The year the call acted with: one it stated without a source (a tool call's arguments), else (a
    // lookup that omitted the year) the other year its result came back with.
    const stated = (prov.byStep.get(v) ?? [])
      .map((id) => prov.records[id])
      .find(
        (r) => r.source === "none" && r.claim.kind === "number" && isYear(r.claim.num) && !years.has(r.claim.value),
      );
    // A call that only names what to open (a link, a file) asked no question a year belongs in: the
    // years of the document it fetched are that document's. So are those of a call that reads on in
    // it (a find in the page, a scroll): its result names the document the agent opened last.
    const returned =
      stated ||
      args.some((c) => c.kind === "number" && isYear(c.num)) ||
      locators.length > 0 ||
      readsOn(resultText(g, result), before)
        ? undefined
        : otherPeriod(returnedClaims(g, prov, v), years);
    const r = stated ?? (returned ? { claim: returned } : undefined);
    if (!r) continue;
    {
      const u = instructionOf(g, v);
      const text = u >= 0 ? (isAgentToolCall(g, u) ? argumentText(g, u) : stepText(g.steps[u])) : "";
      const kept = u >= 0 && extractClaims(text).some((c) => years.has(c.value));
      const at = u >= 0 && !kept ? u : v;
      if (blamed.has(at)) continue;
      blamed.add(at);
      const task = taskYears[0].raw;
      out.push({
        step: at,
        name: "dropped-constraint",
        score: SCORE,
        value: r.claim.value,
        quote: at === v ? r.claim.raw : text.slice(0, 160),
        against: at === v ? -1 : v,
        reachesAnswer: true,
        note:
          at === v
            ? `acts with the year ${r.claim.raw} although the task asks for ${task} and no source gave ${r.claim.raw}`
            : `instructs ${g.steps[v].agent} without the task's year ${task}; ${g.steps[v].agent} then acted with ${r.claim.raw} (${g.steps[v].id})`,
      });
    }
  }
  return out;
}
