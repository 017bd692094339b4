/**
 * Unmet instruction: a coordinator re-issues a near-identical instruction (token Jaccard ≥ 0.6)
 * that it already gave. The worker's reply right before the repetition is the one the coordinator
 * reacted to: it did not deliver what was asked, or the coordinator would have moved on; that reply
 * gets the fault (earlier replies in between were accepted as progress at the time). The repeated
 * instruction itself is a symptom (the repetition detector scores it low).
 */
import type { Detector, DetectorHit } from "./types";
import { jaccardAtLeast } from "../text-features";
import { isAgentUtterance } from "./patterns";

const SAME_INSTRUCTION = 0.6;
const MIN_TOKENS = 6;
/** Only the coordinator's most recent instructions are compared, which keeps the scan linear. */
const LOOKBACK = 16;

export const detectUnmetInstruction: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const earlier: number[] = [];
  const blamed = new Set<number>();
  for (let i = 0; i < g.n; i++) {
    if (g.steps[i].kind !== "delegate" || g.features[i].tokens.size < MIN_TOKENS) continue;
    const orig = earlier.find(
      (k) =>
        g.agentOf[k] === g.agentOf[i] && jaccardAtLeast(g.features[k].tokens, g.features[i].tokens, SAME_INSTRUCTION),
    );
    earlier.push(i);
    if (earlier.length > LOOKBACK) earlier.shift();
    if (orig === undefined) continue;
    let reply = -1;
    for (let j = i - 1; j > orig; j--)
      if (g.agentOf[j] !== g.agentOf[orig] && isAgentUtterance(g, j)) {
        reply = j;
        break;
      }
    if (reply < 0 || blamed.has(reply)) continue;
    blamed.add(reply);
    hits.push({
      step: reply,
      name: "unmet-instruction",
      score: 0.5,
      mast: "FM-2.3 task derailment",
      evidence: {
        stepIds: [g.steps[reply].id, g.steps[orig].id, g.steps[i].id],
        note: `did not deliver what ${g.steps[orig].id} asked: the same instruction had to be repeated in ${g.steps[i].id}`,
      },
    });
  }
  return hits;
};
