/**
 * Miscomputed aggregate: the step was asked for an explicit calculation over a list of numbers
 * (see `requested-aggregate.ts`) and answers with a different number. The engine recomputes it
 * exactly, so this is strong evidence of the step's own error, unless the answer is a value the
 * step saw upstream: then it relays someone else's result, and the evidence is `dependent`.
 */
import type { Detector, DetectorHit } from "./types";
import { isAgentUtterance } from "./patterns";
import { matchesAggregate, requestedAggregate } from "../requested-aggregate";
import { buildGrounding } from "../grounding";
import { normalizeNumber } from "../text-features";
import { round6 as round } from "../round6";

export const MISCOMPUTED_SCORE = 0.8;

export const detectMiscomputedAggregate: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  let grounding: ReturnType<typeof buildGrounding> | undefined;
  for (let i = 0; i < g.n; i++) {
    const step = g.steps[i];
    if (!step.input || !isAgentUtterance(g, i)) continue;
    const agg = requestedAggregate(step.input);
    if (!agg) continue;
    const answer = answerOf(step.content, g.features[i].claimNumbers, agg.operands);
    if (answer === undefined || matchesAggregate(agg, Number(answer))) continue;
    grounding ??= buildGrounding(g);
    const relayed = grounding.seenBefore(i, answer);
    hits.push({
      step: i,
      name: "miscomputed-aggregate",
      score: MISCOMPUTED_SCORE,
      mast: "FM-2.6 reasoning-action mismatch",
      ...(relayed ? { dependent: true } : {}),
      evidence: {
        stepIds: [step.id],
        note: `asked for the ${agg.op} of ${agg.operands.slice(0, 6).join(", ")}${agg.operands.length > 6 ? ", …" : ""} (= ${round(agg.value)}) but answers ${answer}${relayed ? ", a value it received from upstream" : ""}`,
      },
    });
  }
  return hits;
};

/**
 * The step's answer: its only number, or the number after its last "=" when every other number
 * restates an operand ("5² + 6² + 7² + 8² = 174"). Anything else (a list, a plan) is not an answer.
 */
function answerOf(text: string, claimNumbers: string[], operands: number[]): string | undefined {
  const distinct = [...new Set(claimNumbers)];
  if (distinct.length === 1) return distinct[0];
  const eq = /=\s*\$?(-?\d[\d,]*(?:\.\d+)?)[^=]*$/.exec(text.slice(-400));
  if (!eq) return undefined;
  const answer = normalizeNumber(eq[1]);
  const ops = new Set(operands.map((x) => normalizeNumber(String(x))));
  return distinct.every((x) => x === answer || ops.has(x)) ? answer : undefined;
}
