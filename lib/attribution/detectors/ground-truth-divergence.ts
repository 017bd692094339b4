/**
 * Divergence from ground truth, when the run has one and the final answer misses it:
 * - the first step that introduces a number of the wrong final answer (the wrong value's origin);
 * - the last step that still carries the ground truth, after which it disappears for good.
 */
import type { Detector, DetectorHit } from "./types";
import { containment, extractNumbers, tokenize } from "../text-features";
import { isAgentUtterance } from "./patterns";
import { stepText } from "../build-graph";

export const detectGroundTruthDivergence: Detector = ({ g, failed }) => {
  const gt = g.trace.run.groundTruth?.trim();
  if (!gt || !failed || g.n === 0) return [];
  const gtTokens = tokenize(gt);
  const gtNums = new Set(extractNumbers(gt));
  const carriesGt = (i: number) =>
    (gtNums.size > 0 && [...gtNums].every((x) => g.features[i].allNumbers.includes(x))) || (gtTokens.size > 0 && gtNums.size === 0 && containment(gtTokens, g.features[i].tokens) >= 0.8);
  const finalText = g.trace.run.finalAnswer ?? stepText(g.steps[g.sink]);
  if (carriesGt(g.sink) || (g.trace.run.finalAnswer && containment(gtTokens, tokenize(finalText)) >= 0.8)) return [];

  const hits: DetectorHit[] = [];
  const task = new Set(extractNumbers(g.trace.run.task ?? ""));
  const wrong = extractNumbers(finalText).filter((x) => !gtNums.has(x) && !task.has(x) && Math.abs(Number(x)) > 1);
  if (wrong.length > 0) {
    const target = new Set(wrong);
    for (let i = 0; i < g.n; i++) {
      if (!isAgentUtterance(g, i)) continue;
      const hit = g.features[i].allNumbers.find((x) => target.has(x));
      if (hit === undefined) continue;
      hits.push({ step: i, name: "ground-truth-divergence", score: 0.4, evidence: { stepIds: [g.steps[i].id, g.steps[g.sink].id], note: `first step stating ${hit}, which ends up in the wrong final answer` } });
      break;
    }
  }
  let last = -1;
  for (let i = 0; i < g.n; i++) if (carriesGt(i)) last = i;
  if (last >= 0) {
    let next = last + 1;
    while (next < g.n && !isAgentUtterance(g, next)) next++;
    if (next < g.n)
      hits.push({ step: next, name: "ground-truth-divergence", score: 0.4, evidence: { stepIds: [g.steps[last].id, g.steps[next].id], note: `the correct answer appears for the last time in ${g.steps[last].id}` } });
  }
  return hits;
};
