/**
 * A deciding step that goes against what it was given. Ensembles (a debate with a judge, a vote, a
 * manager merging its workers' answers) end with a step that rules on the answers other agents gave
 * to the same question. Found by behaviour: the last step that states a ruling (`stated-position.ts`:
 * an answer, a decision, a vote) reaching the final answer, after at least two other agents stated
 * positions of the same kind since its own last position, where it could see them (its inputs). Its ruling is its own error when:
 * - misreported-tally: it reports vote counts that its inputs' positions do not give, and by the
 *   true count its pick is not the most voted (a recount the engine runs itself);
 * - overruled-consensus: its inputs all agree, a tool output it could see shows their value, and it
 *   rules for another value none of them proposed (checked against the output, as contradicts-output);
 * - overruled-majority: it rules for a value some but fewer of its inputs gave than another value at least two
 *   gave (the repair within its reach was to follow them);
 * - unfounded-ruling: it rules for a value none of its inputs proposed, and either no source it could
 *   see holds that value or (for yes/no, booleans and option letters, too short to trace) its inputs
 *   all agreed on another one. Weaker: a source the engine cannot see may hold the value.
 * A ruling that picks the value most of its inputs gave is no finding: when that value is wrong, the
 * input that proposed it is where it entered, and provenance finds it there. A number the step computes
 * from numbers at hand (a stated average of the inputs) has a source and is no finding either.
 * Bounded: one candidate, found among the last SEARCH steps; it looks back over at most WINDOW steps,
 * and positions are read once per step.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance, isToolOutput } from "../detectors/patterns";
import { claimPart } from "../text-features";
import { observationAt } from "../../trace/canonical-attributes";
import type { ClaimFinding } from "./claim-findings";
import type { Provenance } from "./provenance";
import { answerReach } from "./answer-reach";
import { nameSupport } from "./name-support";
import { readOutputs } from "./output-findings";
import type { OutputFacts } from "./result-statements";
import { statedPosition, statedRuling, statedTally } from "./stated-position";
import { compareValues, wordsOf, type StatedValue } from "./stated-values";

/** A recount or an output the engine checked is strong; a value without a visible source is weaker. */
export const DECIDING_SCORE = { tally: 0.75, overruled: 0.75, unfounded: 0.6, majority: 0.6 } as const;
/** Steps looked back over for the positions a decider weighed. */
const WINDOW = 64;
const MIN_INPUTS = 2;
/** Steps searched back from the end for the deciding step, and the text of each later step read. */
const SEARCH = 4 * WINDOW;
const MAX_TEXT = 4_000;
/** Values too short to say where they came from. */
const SHORT = new Set(["yesno", "bool", "option"]);

interface Input {
  step: number;
  value: StatedValue;
}

const same = (a: StatedValue, b: StatedValue) => compareValues(a, b) === "same";

/**
 * The latest position of each other agent since v's agent last stated one, that v could see and that
 * compares with `value` (same kind of value). An agent whose latest message states no position has
 * none (it may have withdrawn an earlier one).
 */
function inputsOf(
  g: EngineGraph,
  prov: Provenance,
  v: number,
  value: StatedValue,
  position: (u: number) => StatedValue | null,
): Input[] {
  const out: Input[] = [];
  const heard = new Set<number>();
  for (let u = v - 1; u >= 0 && u >= v - WINDOW; u--) {
    if (!isAgentUtterance(g, u) || g.steps[u].kind === "tool_call" || g.wrapper[u]) continue;
    const a = g.agentOf[u];
    // Its own earlier ruling closes the round; its messages that rule on nothing (a manager handing
    // out the next search) do not.
    if (a === g.agentOf[v]) {
      if (position(u)) break;
      continue;
    }
    if (heard.has(a) || a === g.simulatedUser) continue;
    heard.add(a);
    const p = position(u);
    if (p && compareValues(p, value) !== "incomparable" && prov.visible(u, v)) out.push({ step: u, value: p });
  }
  return out.reverse();
}

/** Whether some source v could see holds the value (unknown for short values: true). */
function sourced(prov: Provenance, support: ReturnType<typeof nameSupport>, v: number, value: StatedValue): boolean {
  if (SHORT.has(value.kind)) return true;
  if (value.kind !== "number") return support(v, value, true);
  for (const k of prov.byStep.get(v) ?? [])
    if (prov.records[k].claim.value === value.value) return prov.records[k].source !== "none";
  return true;
}

/** Whether an output v read gives `value` (bare or under a label). */
function shownByOutput(outputs: { facts: OutputFacts }[], value: StatedValue): number {
  for (const [i, o] of outputs.entries()) {
    if (o.facts.bare && same(value, o.facts.bare)) return i;
    for (const fact of o.facts.labelled.values()) if (fact && same(value, fact)) return i;
  }
  return -1;
}

/** A recount: the counts stated against the inputs' positions, when the true count does not favour the pick. */
function misreportedTally(text: string, pick: StatedValue, inputs: Input[]): string | null {
  const counts = statedTally(text).filter((c) => compareValues(c.value, pick) !== "incomparable");
  if (!counts.length) return null;
  const actual = (x: StatedValue) => inputs.filter((i) => same(i.value, x)).length;
  const best = Math.max(...inputs.map((i) => actual(i.value)));
  if (actual(pick) >= best) return null;
  const wrong = counts.find((c) => c.count !== actual(c.value));
  return wrong
    ? `reports ${wrong.count} for ${wrong.value.raw}, but ${actual(wrong.value)} of its inputs gave it`
    : null;
}

/**
 * A pick that fewer of the inputs gave than another value that at least two gave: the ruling went
 * against the majority it weighed. When the run fails with that pick, following the majority was the
 * repair within the decider's reach; the minority's proposer alone did not decide the answer.
 */
function overruledMajority(pick: StatedValue, inputs: Input[]): { against: number; note: string } | null {
  const support = (x: StatedValue) => inputs.filter((i) => same(i.value, x)).length;
  const mine = support(pick);
  let top: Input | null = null;
  for (const i of inputs) if (!same(i.value, pick) && (!top || support(i.value) > support(top.value))) top = i;
  if (mine === 0 || !top || support(top.value) < MIN_INPUTS || support(top.value) <= mine) return null;
  const note = `rules for ${pick.raw}, which ${mine} of the ${inputs.length} answers it weighed gave, against ${support(top.value)} for ${top.value.raw}`;
  return { against: top.step, note };
}

/** A tally with no stated pick rules for its one highest count ("Birch: 2 votes; Cedar: 1 vote"). */
function tallyWinner(text: string): StatedValue | null {
  const counts = statedTally(text);
  if (counts.length < 2) return null;
  const top = Math.max(...counts.map((c) => c.count));
  const winners = counts.filter((c) => c.count === top);
  return winners.length === 1 ? winners[0].value : null;
}

/**
 * The deciding step: the last step that states a ruling reaching the answer. An earlier step whose
 * value a later agent adopts is a proposal (a voter, a debater), not a ruling; the ruling is the last
 * word, and says what it decides (a message that merely opens with "No." rules on nothing).
 */
function lastRuling(g: EngineGraph, reach: ReturnType<typeof answerReach>): { v: number; pick: StatedValue } | null {
  const later: { agent: number; text: string }[] = [];
  for (let v = g.n - 1; v >= 0 && v >= g.n - SEARCH; v--) {
    // The harness announced the result after every agent's last word ("Majority answer: B"): it
    // counted the votes, and no agent's position was the ruling.
    if (harnessRules(g, v)) return null;
    if (!isAgentUtterance(g, v) || g.steps[v].kind === "tool_call" || g.wrapper[v]) continue;
    if (g.agentOf[v] === g.simulatedUser) continue;
    const full = stepText(g.steps[v]);
    const text = claimPart(full, observationAt(g.steps[v].attributes));
    const pick = statedRuling(text) ?? tallyWinner(text);
    if (pick && reach(v, pick))
      // Another agent restating the value later took it up (in words the engine did not read as a
      // ruling): this step proposed it, and which step ruled is unknown.
      return later.some((u) => u.agent !== g.agentOf[v] && restates(u.text, pick)) ? null : { v, pick };
    if (later.length < SEARCH) later.push({ agent: g.agentOf[v], text: text.slice(0, MAX_TEXT) });
  }
  return null;
}

/** Whether step v is the task giver's or the harness's own message stating a ruling. */
function harnessRules(g: EngineGraph, v: number): boolean {
  if (
    (g.steps[v].kind !== "message" && g.steps[v].kind !== "final") ||
    isToolOutput(g, v) ||
    !(g.taskGivers.has(g.agentOf[v]) || g.scaffold[v])
  )
    return false;
  return statedRuling(stepText(g.steps[v]).slice(0, MAX_TEXT)) !== null;
}

/** Whether a text states the value: every word of a name or phrase, else the same position. */
function restates(text: string, value: StatedValue): boolean {
  if (!value.words) return statedPosition(text)?.value === value.value || statedTally(text).length > 0;
  const words = new Set(wordsOf(text));
  return value.words.every((w) => words.has(w));
}

export function findDecidingIssues(g: EngineGraph, prov: Provenance): ClaimFinding[] {
  const positions = new Map<number, StatedValue | null>();
  const position = (u: number) => {
    let p = positions.get(u);
    if (p === undefined) {
      const full = stepText(g.steps[u]);
      positions.set(u, (p = statedPosition(claimPart(full, observationAt(g.steps[u].attributes)))));
    }
    return p;
  };
  const ruling = lastRuling(g, answerReach(g, prov));
  if (!ruling) return [];
  const { v, pick } = ruling;
  const inputs = inputsOf(g, prov, v, pick, position);
  if (new Set(inputs.map((i) => g.agentOf[i.step])).size < MIN_INPUTS) return [];
  const make = (name: ClaimFinding["name"], score: number, against: number, note: string): ClaimFinding[] => [
    { step: v, name, score, value: pick.value, quote: pick.raw, against, reachesAnswer: true, note },
  ];
  const recount = misreportedTally(stepText(g.steps[v]), pick, inputs);
  if (recount) return make("misreported-tally", DECIDING_SCORE.tally, inputs[inputs.length - 1].step, recount);
  const minority = overruledMajority(pick, inputs);
  if (minority) return make("overruled-majority", DECIDING_SCORE.majority, minority.against, minority.note);
  if (inputs.some((i) => same(pick, i.value))) return [];
  const agreed = inputs.every((i) => same(i.value, inputs[0].value)) ? inputs[0].value : null;
  const heard = `${inputs.length} answers it weighed`;
  if (agreed) {
    const outputs = readOutputs(g, prov, v, new Map());
    const at = shownByOutput(outputs, agreed);
    if (at >= 0) {
      const from = outputs[at].step;
      const note = `rules for ${pick.raw} against the ${heard}, which all gave ${agreed.raw} as step ${from + 1} shows`;
      return make("overruled-consensus", DECIDING_SCORE.overruled, from, note);
    }
  }
  if (sourced(prov, nameSupport(g, prov), v, pick) && !(agreed && SHORT.has(pick.kind))) return [];
  const why = agreed ? `which all gave ${agreed.raw}` : "none of which gave it, nor any source it could see";
  const note = `rules for ${pick.raw} after the ${heard}, ${why}`;
  return make("unfounded-ruling", DECIDING_SCORE.unfounded, agreed ? inputs[0].step : -1, note);
}
