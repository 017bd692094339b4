/**
 * Tool computations: an output and the step that handed the tool its inputs. An agent's tool call
 * hands its arguments (a calculator's expression, a lookup's name); code an executor runs hands the
 * literals typed into it, and the executor's output is what the code computed from them. A wrong
 * input makes the computed output wrong, so lineage runs from the output back to the inputs
 * (`answerClosure` for numbers, `answer-reach.ts` for names).
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance, isToolOutput } from "../detectors/patterns";
import { type Claim, extractClaims } from "./extract-claims";
import { isAgentToolCall, type Provenance } from "./provenance";
import { outputFacts } from "./result-statements";
import { resultAt } from "../../trace/canonical-attributes";
import { PROSE_CALL_RE } from "../model/scaffolding";
import { fencedRanges } from "../../text/linear-text";
import { isTrivialNumber } from "./trivial-number";
import { allMatches } from "../all-matches";

/** The output body of a tool step: a call's recorded result, else the text after its framing. */
export function outputBody(g: EngineGraph, u: number): string {
  const s = g.steps[u];
  if (s.kind === "tool_call" && typeof s.tool?.result === "string") return s.tool.result;
  return s.content.slice(resultAt(s.attributes) ?? 0);
}

/** At most this many numbers handed to one tool are linked to its output (bounded work). */
const MAX_TOOL_OPERANDS = 16;
/** Steps looked back from an executor's output for the code it ran. */
const CALLER_WINDOW = 8;

export interface Computation {
  /** The step holding the tool's output. */
  output: number;
  /** The step that handed the inputs: the tool call itself, or the agent step whose code ran. */
  caller: number;
  /** The argument objects of the calls the caller writes out in prose (see `writtenCallArguments`). */
  written: [number, number][];
}

/** The agent step whose code an executor output comes from: its parent, else the nearest earlier utterance. */
function codeCaller(g: EngineGraph, u: number): number {
  const p = g.parent[u];
  if (p >= 0 && isAgentUtterance(g, p) && !g.wrapper[p]) return p;
  for (let c = u - 1; c >= 0 && c >= u - CALLER_WINDOW; c--) if (isAgentUtterance(g, c) && !g.wrapper[c]) return c;
  return -1;
}

/** A tool call whose result arrives as a step of its own: what it asserts is its arguments. */
const handsArguments = (g: EngineGraph, c: number) => g.steps[c].kind === "tool_call";

/** Every call a message writes out in prose (`PROSE_CALL_RE`, the participants' run request). */
const WRITTEN_CALL_RE = new RegExp(PROSE_CALL_RE.source, "gi");
/** Characters of a message read for a written call, and of its arguments. */
const CALL_SCAN = 4_000;

/**
 * The argument objects of the calls a message writes out in prose, as [start, end) spans of its text.
 * Such a message is a tool call written by hand (a run request, `participants.ts`): the numbers in
 * its arguments are what it handed the tool, like a tool call's arguments. Braces are counted to the
 * object's end, within CALL_SCAN characters.
 */
export function writtenCallArguments(text: string): [number, number][] {
  const out: [number, number][] = [];
  const t = text.length > CALL_SCAN ? text.slice(0, CALL_SCAN) : text;
  // Most messages write no call: one substring search instead of a pattern scan per tool output.
  if (t.includes(" with {"))
    for (const m of allMatches(WRITTEN_CALL_RE, t)) {
      const span = bracketed(t, m.index! + m[0].length - 1, "{", "}");
      if (span) out.push(span);
    }
  if (t.includes("(")) {
    const fences = fencedRanges(t);
    for (const m of allMatches(CALL_EXPRESSION_RE, t)) {
      const open = m.index! + m[0].length - 1;
      if (fences.some(([a, b]) => open >= a && open < b)) continue;
      const span = bracketed(t, open, "(", ")");
      if (span) out.push(span);
    }
  }
  return out;
}

/**
 * A call expression with keyword arguments written in a message's prose (`→ math_eval(expression="12 * 4")`,
 * `Action: lookup(city="Oslo")`): its arguments are what it handed the tool, as an object after "with"
 * is. Inside a fenced code block it is code, whose literals `toolComputations` reads by its own rule.
 */
const CALL_EXPRESSION_RE = /(?<![\w.])[a-z_][\w.]*\((?=\s*[a-z_]\w*\s*=)/gi;

/** [open, close + 1) of the bracket opened at `open`, counted to its match, or null when it never closes. */
function bracketed(t: string, open: number, left: string, right: string): [number, number] | null {
  let depth = 0;
  for (let i = open; i < t.length; i++) {
    if (t[i] === left) depth++;
    else if (t[i] === right && --depth === 0) return [open, i + 1];
  }
  return null;
}

/** Every tool output with the step that handed it its inputs, in step order. */
export function computations(g: EngineGraph, prov: Provenance): Computation[] {
  const out: Computation[] = [];
  for (let u = 0; u < g.n; u++) {
    if (prov.claims[u].observed.length === 0) continue;
    if (isAgentToolCall(g, u)) out.push({ output: u, caller: u, written: [] });
    else if (isToolOutput(g, u)) {
      const c = codeCaller(g, u);
      // Code only: a message that merely precedes an output handed the tool nothing. And code whose
      // output is one value computed it; a log of many lines (tests, a build) reports, it computes nothing.
      if (c < 0) continue;
      const call = handsArguments(g, c);
      const written = call ? [] : writtenCallArguments(stepText(g.steps[c]));
      if (call || written.length) out.push({ output: u, caller: c, written });
      else if (prov.claims[c].asserted.some((x) => x.inCode) && outputFacts(outputBody(g, u)).bare)
        out.push({ output: u, caller: c, written });
    }
  }
  return out;
}

/**
 * Tool outputs with the numbers handed to compute them (the inputs of a tool computation): a call's
 * arguments, wherever its result is recorded; of code, every literal when `throughCode`, else only
 * the values it restates from an agent's earlier statement (see `restatedValues`).
 */
export function toolComputations(g: EngineGraph, prov: Provenance, throughCode: boolean): [number, string[]][] {
  const out: [number, string[]][] = [];
  for (const { output, caller, written } of computations(g, prov)) {
    // A caller that states no number hands over none (a memory read, a search by name).
    if (!prov.claims[caller].asserted.some((c) => c.kind === "number")) continue;
    const call = handsArguments(g, caller);
    const inWritten = (c: Claim) => written.some(([a, b]) => c.start >= a && c.start < b);
    const restated = call || written.length ? undefined : restatedValues(prov, caller);
    // A value restated from an agent's statement is that statement's fact, not a constant of the code,
    // however small ("1.68 * 4.59"): read through code, every literal counts besides those facts.
    const handed = prov.claims[caller].asserted
      .filter(
        (c) =>
          c.kind === "number" &&
          (call || (written.length ? inWritten(c) : c.inCode)) &&
          (restated
            ? (restated.has(c.value) && !isTrivialNumber({ ...c, inCode: false })) ||
              (throughCode && !isTrivialNumber(c))
            : !isTrivialNumber(c)),
      )
      .map((c) => c.value);
    // Most calls hand over no figure (a search, a read): then what the output echoes is not read.
    if (!handed.length) continue;
    const observed = new Set(echoed(g, prov, output, output === caller).map((c) => c.value));
    // Only values the tool did not merely echo back: an echoed argument is not computed from itself.
    const inputs = handed.filter((x) => !observed.has(x)).slice(0, MAX_TOOL_OPERANDS);
    if (inputs.length) out.push([output, inputs]);
  }
  return out;
}

/**
 * What a tool's output says. A call that carries its result is one step whose text also holds the
 * agent's words around the call ("Let me multiply 12 * 4."): only the recorded result is the tool's.
 */
function echoed(g: EngineGraph, prov: Provenance, output: number, ownCall: boolean): Claim[] {
  const result = g.steps[output].tool?.result;
  if (ownCall && typeof result === "string") return extractClaims(result);
  return prov.claims[output].observed;
}

/**
 * Values a step restates from another agent's earlier step. Code that types such a value in
 * consumes a stated fact (its output is computed from it); a literal first typed into code is as
 * often a constant of the method, so on its own it does not carry the output's lineage.
 */
function restatedValues(prov: Provenance, v: number): Set<string> {
  const out = new Set<string>();
  for (const k of prov.byStep.get(v) ?? [])
    if (prov.records[k].source === "agent") out.add(prov.records[k].claim.value);
  return out;
}
