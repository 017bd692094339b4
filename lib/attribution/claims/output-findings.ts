/**
 * Claims beyond numbers, checked against the tool and program outputs a step just read:
 * - contradicts-output: the step says an output showed a value (a number, a name, yes/no, a
 *   boolean, an option letter, an item of a printed list) that the output it read does not show,
 *   or states a value under a label the output gave another value for ("the status is delivered"
 *   after `"status": "pending"`). The output was there to read, so the misreading is this step's own
 *   error, whoever wrote the code (code that ran and printed the right thing is not at fault).
 * - unsupported-answer: the step answers with a name that nothing it could see holds (not the
 *   task, its input, any earlier step it could see) right after reading tool output; or, when the
 *   run's answer is one name, states that name after a relation ("the surname is …") with no source
 *   for its words, whatever it read. The first is weak, since an agent may know a name without a
 *   source; the second weighs as an unsourced number in the answer does.
 * A step that restates the output's value anywhere is not flagged (it read it; what it then says may
 * be a derivation), nor is a value some other source it could see holds (a listing that mixes what
 * several outputs said is not a misreading of the latest one). Linear: each step looks back over a
 * bounded window of outputs.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance, isToolOutput, toolEmpty, toolFailed } from "../detectors/patterns";
import { claimPart } from "../text-features";
import { observationAt } from "../../trace/canonical-attributes";
import { answerValues, type ClaimFinding } from "./claim-findings";
import type { Provenance } from "./provenance";
import {
  labelledStatements,
  mayStateAnswer,
  outputFacts,
  resultStatements,
  type OutputFacts,
  type ResultStatement,
} from "./result-statements";
import { openingSentence, trimEndChars } from "../../text/linear-text";
import { MAX_PHRASE, compareValues, readValue, wholeName, type StatedValue } from "./stated-values";
import { taskText } from "./task-text";
import { answerReach } from "./answer-reach";
import { nameSupport } from "./name-support";
import { asOptionText, taskOptions } from "./task-options";
import { outputBody } from "./tool-computations";
import { type ReadText, latestTurn, readText, relayedNameChange, relayedNameIn, stepNames } from "./relayed-name";
import { misreadPhrase, phraseNames } from "./phrase-names";
import { leadName, trailingName } from "./lead-name";
import { statedRuling } from "./stated-position";

/**
 * A contradicted output is checkable in the trace itself (as contradicts-source); an unsupported name
 * is weak, except a one-name answer with no source at all, which weighs as an unsourced value in the
 * answer does (claim-findings.ts).
 */
export const OUTPUT_SCORE = { contradiction: 0.75, unsupported: 0.45, unsourcedAnswer: 0.6 } as const;
/** Steps looked back over for the outputs a step read, and how many outputs at most. */
const WINDOW = 32;
const MAX_OUTPUTS = 4;
/** Other agents' messages a step is compared with for a relayed name, nearest first. */
const MAX_RELAYED = 3;
/** Characters of a step read for the answer's name written without a relation (as `phraseNames` reads). */
const MAX_NAME_SCAN = 8_000;
/** An answer longer than this is no name alone. */
const MAX_ANSWER_TEXT = 200;
const MAX_LABELS = 32;
/** A cheap test first: a step with none of these words states no result, answer or labelled value. */
const MAY_STATE_RE =
  /answer|output|result|return|print|yield|evaluate|gave|give|produce|show|got|get|obtain|[:=]|\bis\b|\bwas\b/i;

export interface ReadOutput {
  step: number;
  facts: OutputFacts;
}

/**
 * What the observation a message quotes (a page an agent looked at) says under labels: page text is
 * never one value, so it has no bare value.
 */
function observationFacts(g: EngineGraph, u: number, cache: Map<number, OutputFacts | null>): OutputFacts | null {
  const seen = observedText(g, u);
  if (seen === undefined) return null;
  let facts = cache.get(u);
  if (!facts) cache.set(u, (facts = { ...outputFacts(seen), bare: null }));
  return facts;
}

/** The observation a message quotes (a page, a step's execution log), when it quotes one. */
function observedText(g: EngineGraph, u: number): string | undefined {
  const at = observationAt(g.steps[u].attributes);
  return at === undefined ? undefined : g.steps[u].content.slice(at);
}

/** `outputKinds` values: a tool output, a message quoting an observation, anything else (0). */
const TOOL_OUTPUT = 1;
const QUOTES_OBSERVATION = 2;

/**
 * Per step, whether it is a tool output or quotes an observation: read once per pass, where every
 * step is otherwise tested again from each of the steps that look back over it.
 */
function outputKinds(g: EngineGraph): Uint8Array {
  const kinds = new Uint8Array(g.n);
  for (let u = 0; u < g.n; u++)
    if (isToolOutput(g, u)) kinds[u] = TOOL_OUTPUT;
    else if (observationAt(g.steps[u].attributes) !== undefined) kinds[u] = QUOTES_OBSERVATION;
  return kinds;
}

/**
 * Outputs step v read: tool outputs since its agent last spoke (nearest first), visible to it, that
 * did not fail, and the observations messages quote (its own included). `kinds`: `outputKinds(g)`,
 * when a pass over many steps has it.
 */
export function readOutputs(
  g: EngineGraph,
  prov: Provenance,
  v: number,
  cache: Map<number, OutputFacts | null>,
  kinds?: Uint8Array,
): ReadOutput[] {
  const out: ReadOutput[] = [];
  const own = observationFacts(g, v, cache);
  if (own) out.push({ step: v, facts: own });
  for (let u = v - 1; u >= 0 && u >= v - WINDOW && out.length < MAX_OUTPUTS; u--) {
    const tool = kinds ? kinds[u] === TOOL_OUTPUT : isToolOutput(g, u);
    const quotes = kinds ? kinds[u] === QUOTES_OBSERVATION : !tool;
    const seen = quotes ? observationFacts(g, u, cache) : null;
    if (seen && prov.visible(u, v)) out.push({ step: u, facts: seen });
    if (tool) {
      // Read once per output (a failed or empty output states nothing): null when unusable.
      let facts = cache.get(u);
      if (facts === undefined) {
        facts = toolFailed(g, u) || toolEmpty(g, u) ? null : outputFacts(outputBody(g, u));
        cache.set(u, facts);
      }
      if (facts && prov.visible(u, v)) out.push({ step: u, facts });
    } else if (g.agentOf[u] === g.agentOf[v] && isAgentUtterance(g, u)) break;
  }
  return out;
}

/** Whether the step's text states the source value anywhere (then it read it). */
function restates(text: string, lower: string, value: StatedValue): boolean {
  const raw = value.raw.replace(/^[(]|[).]$/g, "");
  if (value.kind === "option") return new RegExp(`\\b${raw}\\b`).test(text);
  const needle = raw.toLowerCase();
  if (!needle) return false;
  let tries = 0;
  for (let at = lower.indexOf(needle); at >= 0 && tries++ < 8; at = lower.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (!/[\p{L}\d]/u.test(lower[at - 1] ?? "") && !/[\p{L}\d]/u.test(lower[end] ?? "")) return true;
  }
  return false;
}

interface Contradiction {
  claim: StatedValue;
  source: StatedValue;
  from: number;
  quote: string;
}

const POLAR: ReadonlySet<string> = new Set(["yesno", "bool"]);

/**
 * A bare yes/no (or true/false) answer read from a record of several fields answers the one field that
 * is itself yes/no ("organic: no"): with exactly one such field it is what the answer restates; with
 * several, which one it read is unknown.
 */
function onlyPolarField(said: StatedValue, facts: OutputFacts): StatedValue | null {
  if (!POLAR.has(said.kind)) return null;
  let only: StatedValue | null = null;
  for (const val of facts.labelled.values())
    if (val && POLAR.has(val.kind)) {
      if (only) return null;
      only = val;
    }
  return only;
}

/**
 * Likewise a name said to be what a lookup returned ("the registry returned Ann Lee as the night
 * lead") answers the one name a record gives besides the task's own (the record looked up is named
 * in the task; the field asked for is not). With no such name, or several, which one it read is unknown.
 */
function onlyAnswerName(said: StatedValue, facts: OutputFacts, inTask: InTask): StatedValue | null {
  return said.kind === "name" ? recordAnswerName(facts, inTask) : null;
}

/** Whether the task states a value: as a claim, or written in its text (a one-word name is no claim). */
type InTask = (value: StatedValue) => boolean;

/** The one name-valued field of a record whose value the task does not state, or null. */
function recordAnswerName(facts: OutputFacts, inTask: InTask): StatedValue | null {
  let only: StatedValue | null = null;
  for (const val of facts.labelled.values())
    if (val && val.kind === "name" && !inTask(val)) {
      if (only) return null;
      only = val;
    }
  return only;
}

/** The first statement of the step that an output it read contradicts and `accept` lets stand. */
function contradiction(
  text: string,
  said: ResultStatement[],
  outputs: ReadOutput[],
  options: Map<string, StatedValue>,
  inTask: InTask,
  accept: (claim: StatedValue) => boolean,
): Contradiction | null {
  const lower = text.toLowerCase();
  const labels = new Set<string>();
  // Labels looked for in the step's text, nearest output first (each a bounded search of the text).
  for (const o of outputs) for (const [k, val] of o.facts.labelled) if (val && labels.size < MAX_LABELS) labels.add(k);
  const statements = [...said, ...labelledStatements(text, labels)].sort((a, b) => a.start - b.start);
  for (const st of statements) {
    let against: { source: StatedValue; from: number } | null = null;
    let agrees = false;
    for (const o of outputs) {
      const label = st.key === "" ? null : st.key;
      const source =
        label === null
          ? (o.facts.bare ?? onlyPolarField(st.value, o.facts) ?? onlyAnswerName(st.value, o.facts, inTask))
          : o.facts.labelled.get(label);
      if (!source) continue;
      // A letter and a text compare through the task's options ("B" names "(B) Paris").
      const mixed = (st.value.kind === "option") !== (source.kind === "option");
      const verdict = mixed
        ? compareValues(asOptionText(st.value, options), asOptionText(source, options))
        : compareValues(st.value, source);
      if (verdict === "same") agrees = true;
      else if (verdict === "differ" && !against && !predicateOfName(st.value, source))
        against = { source, from: o.step };
    }
    if (agrees || !against || restates(text, lower, against.source) || !accept(st.value)) continue;
    return { claim: st.value, ...against, quote: text.slice(st.start, st.end) };
  }
  return null;
}

/**
 * Words with no capital said under a field that holds a name ("the foreman is away today") describe
 * its holder rather than name another one: a name is written with capitals. Sharing no word, they
 * are no other value of that field.
 */
const predicateOfName = (said: StatedValue, source: StatedValue) =>
  said.kind === "word" && source.kind === "name" && !/\p{Lu}/u.test(said.raw);

/** A reply this short reports what a lookup gave (longer text is read only through its statements). */
const MAX_REPLY = 240;

/**
 * A short reply to a lookup that names something other than what the lookup gave: the nearest output
 * the step read gives one name besides the task's own (`recordAnswerName`), the step does not restate
 * it, and names instead something that neither the task, that output nor any step it could see
 * names ("Here you go — Ann Lee" after "manager: Bea Holt"). A name with any source may be the one meant.
 */
function replyMisread(
  g: EngineGraph,
  prov: Provenance,
  inTask: InTask,
  v: number,
  text: string,
  outputs: ReadOutput[],
  support: ReturnType<typeof nameSupport>,
): Contradiction | null {
  const o = outputs.find((x) => x.step !== v);
  // A reply reports the lookup its speaker made; another speaker's words after it are a comment on it
  // ("Small thing — name the period", a reviewer's), not a report of what it gave.
  if (!o || lookupCaller(g, o.step) !== g.agentOf[v]) return null;
  const given = recordAnswerName(o.facts, inTask);
  if (!given || restates(text, text.toLowerCase(), given)) return null;
  let found: Contradiction | null = null;
  for (const c of prov.claims[v].asserted) {
    if (c.kind !== "entity" || c.start >= text.length) continue;
    const name = readValue(text.slice(c.start, c.start + MAX_PHRASE));
    if (!name || name.kind !== "name" || compareValues(name, given) !== "differ" || support(v, name)) continue;
    // Two unsourced names: which one is the answer is unknown.
    if (found) return null;
    found = { claim: name, source: given, from: o.step, quote: name.raw };
  }
  if (found) return found;
  // A reply that leads with its answer, set off by a dash ("Granitex — it matches the record"), or
  // closes with it ("Checked the register — Granitex.").
  const lead = leadName(text) ?? trailingName(text);
  return lead && compareValues(lead, given) === "differ" && !support(v, lead)
    ? { claim: lead, source: given, from: o.step, quote: lead.raw }
    : null;
}

/**
 * The agent whose lookup output step u holds: a call that carries its result, or a message quoting a
 * page it looked at, is its own agent's; an output on its own step answers the nearest step before it
 * that is no output (the call, or the code run).
 */
function lookupCaller(g: EngineGraph, u: number): number {
  if (g.steps[u].kind === "tool_call" || !isToolOutput(g, u)) return g.agentOf[u];
  for (let c = u - 1; c >= 0 && c >= u - WINDOW; c--) if (!g.wrapper[c] && !isToolOutput(g, c)) return g.agentOf[c];
  return -1;
}

/**
 * A name the step states after a relation that the nearest output it read gives differently
 * (`phrase-names.ts`): a tool output, or the observation a step quotes (a page, or the execution log
 * that hands a managed agent's report to its manager).
 */
function proseMisread(
  g: EngineGraph,
  text: string,
  outputs: ReadOutput[],
  accept: (claim: StatedValue) => boolean,
): Contradiction | null {
  for (const o of outputs) {
    if (o.step === -1) continue;
    const body = isToolOutput(g, o.step) ? outputBody(g, o.step) : observedText(g, o.step);
    if (body === undefined) continue;
    const m = misreadPhrase(text, body);
    if (m && accept(m.said.name))
      return { claim: m.said.name, source: m.source, from: o.step, quote: text.slice(m.said.start, m.said.end) };
    const r = m ? null : relayedNameChange(text, body);
    if (r && accept(r.said))
      return { claim: r.said, source: r.source, from: o.step, quote: text.slice(r.start, r.end) };
    return null;
  }
  return null;
}

/**
 * A task that asks a yes/no question: it says to answer yes or no (true or false), or it opens with an
 * auxiliary verb and ends with a question mark ("Is …?", "Does …?").
 */
const POLAR_TASK_RE =
  /\b(?:answer|reply|respond)(?: with)? (?:yes or no|yes\/no|true or false)\b|^[^\S\r\n]*(?:is|are|was|were|does|do|did|can|could|has|have|had|will|would|should)\b[^?\n]{0,300}\?/im;
const MAX_TASK_SCAN = 4000;
/**
 * To such a task, a message that opens with yes or no, after at most a short lead ("Revised:", "Answer —")
 * or a source that says it ("The register says no —"), answers it: "Yes, the plot is certified." A yes
 * or no that runs on ("No problem …", "says no record") answers nothing.
 */
const POLAR_OPENING_RE =
  /^[^\S\r\n]*(?:[A-Za-z][A-Za-z ]{0,20}?[^\S\r\n]*[:—–-][^\S\r\n]*|(?:the[^\S\r\n]+)?[a-z]{2,20}[^\S\r\n]+(?:says|said|shows|showed|reads|indicates|indicated|reports|reported)[^\S\r\n]+)?\**(yes|no|true|false)\**(?=[^\S\r\n]*(?:[,.!;:—–-]|$))/i;

function polarAnswer(text: string): ResultStatement | null {
  const m = POLAR_OPENING_RE.exec(text.slice(0, 200));
  const value = m ? readValue(m[1], true) : null;
  // Compared as what the output showed (key ""): the record's bare value, or its one yes/no field.
  if (m && value) return { value, start: m.index, end: m.index + m[0].length, key: "" };
  // Or the yes or no its opening sentence rules for ("I put forward Yes.", "My vote: No.").
  const ruled = openingRuling(text);
  return ruled?.value.kind === "yesno" ? ruled : null;
}

/**
 * The value a reply's opening sentence rules for ("I put forward Quay Seven.", "My vote: No."), as
 * what the output showed (key ""): a position taken right after a lookup reports what it read.
 */
function openingRuling(text: string, named = false): ResultStatement | null {
  const opening = openingSentence(text.slice(0, POLAR_POSITION_SCAN));
  // A name is read only where a capital opens it, and a ruling's value follows its lead words: an
  // opening with no capital after its first letter rules for no name.
  if (named && !/\p{Lu}/u.test(opening.slice(1))) return null;
  const position = statedRuling(opening);
  if (!position) return null;
  const at = opening.lastIndexOf(position.raw);
  return at < 0 ? null : { value: position, start: 0, end: at + position.raw.length, key: "" };
}

/**
 * To a task that asks no yes/no question, the name a reply's opening sentence rules for is its answer
 * (held to the record's one answer field as "returned …" is); words with a capital among them are a
 * name cased any way ("narrowband H-alpha"). To a yes/no question a name answers nothing.
 */
function namedPosition(text: string): ResultStatement | null {
  const ruled = openingRuling(text, true);
  if (ruled?.value.kind === "name") return ruled;
  const name = ruled?.value.kind === "word" ? wholeName(ruled.value.raw) : null;
  return ruled && name ? { ...ruled, value: name } : null;
}
/** Characters of a reply read for the position its opening sentence rules for. */
const POLAR_POSITION_SCAN = 200;

/** Yes/no answers remembered as sources of later repeats. */
const MAX_ANSWERS = 64;

/** Earlier statements of a number tried before it counts as seen (as provenance does). */
const MAX_SOURCES = 8;

/**
 * Whether the claimed value has a source of its own: the task or an earlier step the claiming step
 * could see states the number, or holds every word of the name. Yes/no, booleans and option
 * letters are too short to say where they came from.
 */
function sourcedElsewhere(
  prov: Provenance,
  support: ReturnType<typeof nameSupport>,
  v: number,
  claim: StatedValue,
): boolean {
  if (claim.kind === "number") {
    if (prov.task.has(claim.value)) return true;
    let tried = 0;
    for (const u of prov.stepsOf.get(claim.value) ?? []) {
      if (u >= v) break;
      if (++tried > MAX_SOURCES || prov.visible(u, v)) return true;
    }
    return false;
  }
  return claim.words !== undefined && support(v, claim, true);
}

export function findOutputIssues(g: EngineGraph, prov: Provenance): ClaimFinding[] {
  const out: ClaimFinding[] = [];
  const cache = new Map<number, OutputFacts | null>();
  const reach = answerReach(g, prov);
  const support = nameSupport(g, prov);
  // The run's answer when it is one name: a name stated after a relation ("the surname is …") that is the
  // whole answer while no source holds its words was put forward unsourced. A name inside a longer
  // answer ("a bakery in Lisbon") is the writer's general knowledge, not the answer. An answer passed
  // as a quoted string (`final_answer("Brandt")`) is that name too.
  // Written without a relation, the name is read only when the answer is that name alone.
  let answerName: string | undefined;
  let nameAlone = false;
  const unsourcedRelatedName = (v: number, text: string): ClaimFinding | null => {
    if (answerName === undefined) {
      const answer = answerValues(g, prov);
      const only = answer.values.size === 1 ? [...answer.values][0] : "";
      answerName = only.startsWith("q:") ? `e:${only.slice(2)}` : only;
      nameAlone = only.startsWith("q:") || answersWith(g, answer.step, answerName);
    }
    if (!answerName.startsWith("e:")) return null;
    for (const p of [...phraseNames(text), ...(nameAlone ? writtenName(g, text, answerName) : [])]) {
      if (p.name.value !== answerName || !reach(v, p.name) || support(v, p.name)) continue;
      const quote = text.slice(p.start, p.end);
      const note = `says ${quote.trim()}, a name the answer gives that neither the task nor any step it could see names`;
      return finding(v, "unsupported-answer", OUTPUT_SCORE.unsourcedAnswer, { claim: p.name, quote }, -1, note, true);
    }
    return null;
  };
  // A report the step was handed, relayed with a name changed: the latest turn of its input (a model
  // call's prompt), or one of the last messages of another agent it could see (a chat's report).
  const heardTexts = new Map<number, ReadText>();
  const heard = (u: number): ReadText => {
    let read = heardTexts.get(u);
    if (!read) {
      // Only the last WINDOW steps are compared, so older prepared texts are dropped.
      if (heardTexts.size >= 2 * WINDOW) for (const k of heardTexts.keys()) if (k < u - WINDOW) heardTexts.delete(k);
      read = readText(stepText(g.steps[u]));
      heardTexts.set(u, read);
    }
    return read;
  };
  const relayedReport = (v: number, text: string): ClaimFinding | null => {
    const names = stepNames(text, true);
    if (!names) return null;
    const input = g.steps[v].input;
    let found = input ? { r: relayedNameIn(names, readText(latestTurn(input))), from: -1 } : null;
    for (let u = v - 1, seen = 0; !found?.r && u >= 0 && u >= v - WINDOW && seen < MAX_RELAYED; u--) {
      if (g.agentOf[u] === g.agentOf[v] || g.wrapper[u] || !isAgentUtterance(g, u) || !prov.visible(u, v)) continue;
      seen++;
      found = { r: relayedNameIn(names, heard(u)), from: u };
    }
    // Only a change the answer carries: two roles' prompt templates, filled in differently, relay nothing.
    const r = found?.r;
    if (!r || !reach(v, r.said) || sourcedElsewhere(prov, support, v, r.said)) return null;
    const quote = text.slice(r.start, r.end);
    const from = found!.from;
    const note = `says ${quote}, but ${from < 0 ? "the report it was handed" : `step ${from + 1}`} gives "${r.source.raw}" there`;
    return finding(v, "contradicts-output", OUTPUT_SCORE.contradiction, { claim: r.said, quote }, from, note, true);
  };
  let options: Map<string, StatedValue> | undefined;
  let kinds: Uint8Array | undefined;
  let polar: boolean | undefined;
  const answered: { step: number; value: string }[] = [];
  let inTask: InTask | undefined;
  for (let v = 0; v < g.n; v++) {
    if (!isAgentUtterance(g, v) || g.steps[v].kind === "tool_call" || g.wrapper[v]) continue;
    const full = stepText(g.steps[v]);
    const text = claimPart(full, observationAt(g.steps[v].attributes));
    polar ??= POLAR_TASK_RE.test(taskText(g).slice(0, MAX_TASK_SCAN));
    // A bare "No — …" answers a yes/no task without any of the words a statement of a result uses.
    let answer = polar ? polarAnswer(text) : null;
    if (answer) {
      const value = answer.value.value;
      // A yes or no an earlier step it could see already gave is repeated, not read afresh from the record.
      const repeated = answered.some((a) => a.value === value && prov.visible(a.step, v));
      if (answered.length < MAX_ANSWERS) answered.push({ step: v, value });
      if (repeated) answer = null;
    }
    const reply = text.length <= MAX_REPLY;
    const mayState = answer !== null || MAY_STATE_RE.test(text.slice(0, 20_000));
    if (!mayState && !reply) continue;
    kinds ??= outputKinds(g);
    // A short reply that states nothing and names nothing (no capital, quote or dash: "57", "done")
    // can misread no output: what it read is not gathered, and only a relay or an unsourced answer is asked.
    const outputs = mayState || mayName(text) ? readOutputs(g, prov, v, cache, kinds) : [];
    const before = out.length;
    if (!outputs.length) {
      const u = relayedReport(v, text) ?? unsourcedRelatedName(v, text);
      if (u) out.push(u);
      continue;
    }
    // Only an output that gives a value (bare or under a label) can contradict a statement, or name
    // what a reply should have said: outputs of prose give none, and the statements are then not read.
    const givesValues = outputs.some((o) => o.facts.bare !== null || o.facts.labelled.size > 0);
    let said: ResultStatement[] | undefined;
    if (givesValues) {
      // Read only here, after an output (the reading costs a scan per step). A name repeated from an
      // earlier step is no misreading: `sourcedElsewhere` finds that step, as it cannot for a yes or no.
      if (!polar) answer = namedPosition(text);
      said = resultStatements(text);
      if (answer) said.unshift(answer);
      options ??= taskOptions(taskText(g));
      inTask ??= taskStates(g, prov);
      const c = contradiction(
        text,
        said,
        outputs,
        options,
        inTask,
        (claim) => !sourcedElsewhere(prov, support, v, claim),
      );
      if (c) {
        const note = `says ${c.quote.trim()}, but step ${c.from + 1} gave "${c.source.raw}"`;
        const reachesAnswer = reach(v, c.claim);
        out.push(finding(v, "contradicts-output", OUTPUT_SCORE.contradiction, c, c.from, note, reachesAnswer));
        continue;
      }
    }
    const p = proseMisread(g, text, outputs, (claim) => !sourcedElsewhere(prov, support, v, claim));
    if (p) {
      const note = `says ${p.quote}, but step ${p.from + 1} gave "${p.source.raw}" there`;
      out.push(finding(v, "contradicts-output", OUTPUT_SCORE.contradiction, p, p.from, note, reach(v, p.claim)));
      continue;
    }
    const r = reply && givesValues ? replyMisread(g, prov, inTask!, v, text, outputs, support) : null;
    if (r) {
      const note = `names ${r.quote} right after step ${r.from + 1} gave "${r.source.raw}", and no step it could see names ${r.quote}`;
      out.push(finding(v, "contradicts-output", OUTPUT_SCORE.contradiction, r, r.from, note, reach(v, r.claim)));
      continue;
    }
    const h = relayedReport(v, text);
    if (h) {
      out.push(h);
      continue;
    }
    // Only a statement keyed "answer" is asked for here: it needs its lead words (`resultStatements`).
    said ??= mayStateAnswer(text) ? resultStatements(text) : [];
    for (const st of said) {
      if (st.key !== "answer" || st.value.kind !== "name" || support(v, st.value)) continue;
      const quote = text.slice(st.start, st.end);
      const note =
        `says ${quote.trim()} right after reading tool output or a page, but neither that source ` +
        `nor the task nor any step it could see names ${st.value.raw}`;
      out.push(
        finding(
          v,
          "unsupported-answer",
          OUTPUT_SCORE.unsupported,
          { claim: st.value, quote },
          -1,
          note,
          reach(v, st.value),
        ),
      );
      break;
    }
    if (out.length === before) {
      const u = unsourcedRelatedName(v, text);
      if (u) out.push(u);
    }
  }
  return out;
}

/**
 * Whether a reply could name or label a value an output gave: a capital (names are written with one),
 * a quote or a dash (a name set off), or "are" (a label's plural statement, which MAY_STATE_RE does
 * not read).
 */
const mayName = (text: string) => NAME_MARK_RE.test(text);
const NAME_MARK_RE = /\p{Lu}|["'“”‘’—–]|\b[Aa][Rr][Ee]\b/u;

/** The words that open a closing answer ("assistant: FINAL ANSWER: …"). */
const ANSWER_LEAD_RE = /^(?:[a-z]+:\s*)?(?:(?:final\s+)?answer\s*[:：-]\s*)?/i;

/** Whether the run's stated answer, or its answer step's text, is the name alone after its lead words. */
function answersWith(g: EngineGraph, step: number, name: string): boolean {
  const stated = g.trace.run.finalAnswer?.trim() || (step >= 0 ? stepText(g.steps[step]) : "");
  if (stated.length > MAX_ANSWER_TEXT) return false;
  const bare = trimEndChars(stated.replace(ANSWER_LEAD_RE, "").trim(), ".!\"'”*").replace(/\s+/g, " ");
  return bare.toLowerCase() === name.slice(2);
}

/**
 * What stands before a name inside a sentence: a lowercase word, a figure or a comma, and maybe an
 * opening quote (escaped, in a tool call's JSON arguments).
 */
const INSIDE_SENTENCE_RE = /[\p{Ll}\d,;][ \t]{1,3}(?:\\?["“‘'])?$/u;

/**
 * The answer's name where a text writes it as a name inside a sentence (capitalised, not opening the
 * sentence, not inside a word), with or without a relation before it ("records show Brandt took …"): its
 * first such place, or none. Not when the answer names a participant of the run: a speaker's name is
 * how the team addresses itself, not a fact it reports. Bounded by the scan of `phraseNames`.
 */
function writtenName(
  g: EngineGraph,
  full: string,
  answerName: string,
): { name: StatedValue; start: number; end: number }[] {
  const raw = answerName.slice(2);
  if (g.agentNames.some((a) => a.toLowerCase() === raw)) return [];
  const text = full.length > MAX_NAME_SCAN ? full.slice(0, MAX_NAME_SCAN) : full;
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(raw); at >= 0; at = lower.indexOf(raw, at + 1)) {
    // Inside a sentence; whether a capital starts it is `readValue`'s to say.
    if (!INSIDE_SENTENCE_RE.test(text.slice(Math.max(0, at - 5), at))) continue;
    const name = readValue(text.slice(at, at + 80));
    if (name?.kind === "name" && name.value === answerName) return [{ name, start: at, end: at + name.raw.length }];
  }
  return [];
}

/** `InTask` for this trace: the task's claims, else its text read for the value's words. */
function taskStates(g: EngineGraph, prov: Provenance): InTask {
  const text = taskText(g).slice(0, MAX_TASK_SCAN);
  const lower = text.toLowerCase();
  return (value) => prov.task.has(value.value) || restates(text, lower, value);
}

function finding(
  step: number,
  name: "contradicts-output" | "unsupported-answer",
  score: number,
  c: { claim: StatedValue; quote: string },
  against: number,
  note: string,
  reachesAnswer: boolean,
): ClaimFinding {
  // The quote is the value as written (as for every claim finding); the note quotes the statement.
  return { step, name, score, value: c.claim.value, quote: c.claim.raw, against, reachesAnswer, note };
}
