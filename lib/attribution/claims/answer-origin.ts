/**
 * The origin of a concluded run's wrong answer. When the team itself declared the task done and
 * the answer is wrong, the failure lies in what it concluded, not in running out of time: the
 * agent that first put the answer's value forward as its own claim (not quoting it from an
 * observation it shows, not repeating the task) is where the wrong conclusion entered the
 * conversation; everyone after it accepted or relayed it. A run stopped by a budget or a crash
 * never concluded, so its forced answer says nothing about who reasoned wrongly (see
 * `lib/trace/run-termination.ts`). With the ground truth given, the wrong values are those it does not
 * hold; an answer whose values are all right but fewer than the truth's stopped short, and is blamed
 * where it was first put forward. An answer its first proposer computed, in arithmetic that
 * recomputes, from a number another agent supplied unsourced goes back to that supplier
 * (`answer-lineage.ts`). A number a step writes only as an operand or a range bound is not put forward
 * there (`operand-only.ts`); an answer that restates a number of the task was put forward where a step
 * first answered with it.
 */
import type { EngineGraph } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import { runTerminationOf } from "../../trace/run-termination";
import { answerValues } from "./claim-findings";
import { extractClaims } from "./extract-claims";
import type { Provenance } from "./provenance";
import { unsourcedOperandOrigin } from "./answer-lineage";
import { answerIsExpression, onlyAsOperand } from "./operand-only";
import { stepText } from "../build-graph";
import { statedPosition } from "./stated-position";
import { claimPart } from "../text-features";
import { observationAt } from "../../trace/canonical-attributes";
import { isAgentToolCall } from "./provenance";

export interface AnswerOrigin {
  step: number;
  value: string;
  /** When the answer was computed from numbers this step supplied unsourced: the step that computed it, and those numbers. */
  computedAt?: number;
  operands?: string[];
}

export function concludedAnswerOrigin(g: EngineGraph, prov: Provenance): AnswerOrigin | null {
  if (runTerminationOf(g.trace.run.attributes) !== "concluded") return null;
  // Only a stated final answer names the wrong values; the last message's numbers are a superset
  // (plans, restated inputs, checks), whose first mention says nothing about the conclusion.
  if (!g.trace.run.finalAnswer?.trim()) return null;
  const answer = answerValues(g, prov);
  if (answer.values.size === 0) return null;
  // With ground truth, a value the answer shares with it is right; the wrong part is the rest.
  const truth = new Set(extractClaims(g.trace.run.groundTruth ?? "").map((c) => c.value));
  const wrong = firstProposed(g, prov, answer.values, truth) ?? firstAnswered(g, answer.values, truth);
  if (wrong) return wrong;
  // Every value of the answer is right, yet the truth holds values it lacks: the answer stopped short,
  // and the conclusion was drawn where the answer was first put forward.
  for (const t of truth) if (!answer.values.has(t)) return firstProposed(g, prov, answer.values, new Set());
  return null;
}

/** Agent steps read for a stated answer, from the start. */
const MAX_ANSWER_READS = 4_096;

/**
 * The first agent step that gave a number of the answer outside `right` as its answer (a ruling or a
 * boxed answer), for an answer no step put forward as its own claim: one that restates a number the
 * task gives ("20 helmets" answering "how many items in all"). Every step took the number from the
 * task; the wrong conclusion entered where a step first answered with it.
 */
function firstAnswered(g: EngineGraph, values: ReadonlySet<string>, right: ReadonlySet<string>): AnswerOrigin | null {
  let read = 0;
  for (let u = 0; u < g.n && read < MAX_ANSWER_READS; u++) {
    if (g.wrapper[u] || !isAgentUtterance(g, u) || g.steps[u].kind === "tool_call") continue;
    read++;
    const own = ownPosition(g, u);
    if (own?.kind === "number" && values.has(own.value) && !right.has(own.value)) return { step: u, value: own.value };
  }
  return null;
}

/** The first agent step that put forward a value of the answer outside `right`, as its own claim. */
function firstProposed(
  g: EngineGraph,
  prov: Provenance,
  values: ReadonlySet<string>,
  right: ReadonlySet<string>,
): AnswerOrigin | null {
  // An answer written as a calculation ("3/4") has its numbers as operands wherever it is written.
  const operandsCount = answerIsExpression(g.trace.run.finalAnswer ?? "");
  for (const r of prov.records) {
    const value = r.claim.value;
    if (!values.has(value) || right.has(value) || r.source === "task" || r.source === "input") continue;
    if (g.wrapper[r.step] || !isAgentUtterance(g, r.step)) continue;
    // A step that wrote the number only inside a calculation, as a range bound ("34 / 2 = 17") or as a
    // list or heading marker ("4. OPEN QUESTIONS") used it on the way to something else or numbered
    // an item: it did not put it forward (`operand-only.ts`). Nor did a step whose own stated answer
    // is another number ("… = 18, so the answer is 36"): a proposal is the answer a step gives, not a
    // result it passed on the way. A tool call's claims are its arguments'.
    if (
      !operandsCount &&
      r.claim.kind === "number" &&
      !isAgentToolCall(g, r.step) &&
      (onlyAsOperand(stepText(g.steps[r.step]), prov.claims[r.step].asserted, value) ||
        answersOtherwise(g, r.step, value))
    )
      continue;
    // A supplier that concluded another answer from its own numbers was a rival answer, not a
    // source of facts for this one: the step that drew this answer from them drew it.
    const supplier = unsourcedOperandOrigin(g, prov, r.step, value);
    if (supplier && !answersOtherwise(g, supplier.step, value))
      return { step: supplier.step, value, computedAt: r.step, operands: supplier.values };
    return { step: r.step, value };
  }
  return null;
}

/** The position step u takes in its own words (what it quotes from an observation left out). */
const ownPosition = (g: EngineGraph, u: number) =>
  statedPosition(claimPart(stepText(g.steps[u]), observationAt(g.steps[u].attributes)));

/** Whether step u states its own answer as a number other than `value`. */
function answersOtherwise(g: EngineGraph, u: number, value: string): boolean {
  const own = ownPosition(g, u);
  return own?.kind === "number" && own.value !== value;
}
