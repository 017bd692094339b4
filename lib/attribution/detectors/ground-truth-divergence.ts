/**
 * Divergence from ground truth, when the run has one and the final answer misses it:
 * - the origins of a wrong value: steps that state a number of the wrong final answer they could
 *   not have seen before (with stated edges, parallel workers can each be an origin), skipping
 *   steps that also carry the ground truth;
 * - the last step that still carries the ground truth, after which it disappears for good, unless
 *   that step is a vote or select aggregator (it applied its rule; the fault is in its inputs).
 * Both are `dependent` evidence: a wrong value downstream of corrupted input is a symptom.
 */
import type { Detector, DetectorHit } from "./types";
import { containment, extractNumbers, tokenize } from "../text-features";
import { isAgentUtterance } from "./patterns";
import { stepText } from "../build-graph";
import { buildGrounding } from "../grounding";
import { findAggregators } from "../aggregation-rules";

/** Score of a step that introduces a value of the wrong final answer. */
export const ORIGIN_SCORE = 0.55;
/** Score of the step right after the ground truth was last stated. */
export const DISAPPEARANCE_SCORE = 0.4;
/** At most this many independent origins are reported. */
const MAX_ORIGINS = 4;

export const detectGroundTruthDivergence: Detector = ({ g, failed }) => {
  const gt = g.trace.run.groundTruth?.trim();
  if (!gt || !failed || g.n === 0) return [];
  const gtTokens = tokenize(gt);
  const gtNums = new Set(extractNumbers(gt));
  const carriesGt = (i: number) =>
    (gtNums.size > 0 && [...gtNums].every((x) => g.features[i].allNumbers.includes(x))) ||
    (gtTokens.size > 0 && gtNums.size === 0 && containment(gtTokens, g.features[i].tokens) >= 0.8);
  const finalText = g.trace.run.finalAnswer ?? stepText(g.steps[g.sink]);
  if (carriesGt(g.sink) || (g.trace.run.finalAnswer && containment(gtTokens, tokenize(finalText)) >= 0.8)) return [];

  const hits: DetectorHit[] = [];
  const grounding = buildGrounding(g);
  const wrong = extractNumbers(finalText).filter(
    (x) => !gtNums.has(x) && !grounding.task.has(x) && Math.abs(Number(x)) > 1,
  );
  // Without a stated final answer the last step's numbers are not an answer (often tool output).
  if (wrong.length > 0 && (g.trace.run.finalAnswer !== undefined || g.steps[g.sink].kind === "final")) {
    const target = new Set(wrong);
    for (let i = 0; i < g.n && hits.length < MAX_ORIGINS; i++) {
      if (!isAgentUtterance(g, i) || carriesGt(i)) continue;
      const value = g.features[i].allNumbers.find((x) => target.has(x) && !grounding.seenBefore(i, x));
      if (value === undefined) continue;
      hits.push({
        step: i,
        name: "ground-truth-divergence",
        score: ORIGIN_SCORE,
        dependent: true,
        evidence: {
          stepIds: [g.steps[i].id, g.steps[g.sink].id],
          note: `introduces ${value}, which ends up in the wrong final answer`,
        },
      });
      if (g.edgesInferred) break;
    }
  }
  let last = -1;
  for (let i = 0; i < g.n; i++) if (carriesGt(i)) last = i;
  const rule = last >= 0 ? findAggregators(g).get(last)?.rule : undefined;
  if (last >= 0 && rule !== "vote" && rule !== "select") {
    let next = last + 1;
    while (next < g.n && !isAgentUtterance(g, next)) next++;
    if (next < g.n)
      hits.push({
        step: next,
        name: "ground-truth-divergence",
        score: DISAPPEARANCE_SCORE,
        dependent: true,
        evidence: {
          stepIds: [g.steps[last].id, g.steps[next].id],
          note: `the correct answer appears for the last time in ${g.steps[last].id}`,
        },
      });
  }
  return hits;
};
