/**
 * Ungrounded values (fabrication): numbers an agent states that appear in none of the inputs and
 * tool outputs it could have seen (task, the step's own input, every earlier step). Numbers ≤ 10 are
 * ignored: they are list markers and small counts far more often than facts.
 */
import type { Detector, DetectorHit } from "./types";
import { isAgentUtterance } from "./patterns";
import { extractNumbers } from "../text-features";

export const detectUngroundedValues: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const seen = new Set<string>(extractNumbers(g.trace.run.task ?? ""));
  for (let i = 0; i < g.n; i++) {
    const step = g.steps[i];
    for (const x of extractNumbers(step.input ?? "")) seen.add(x);
    if (isAgentUtterance(g, i)) {
      const novel: string[] = [];
      for (const x of g.features[i].numbers) {
        if (seen.has(x) || novel.includes(x)) continue;
        if (Math.abs(Number(x)) <= 10) continue;
        novel.push(x);
      }
      if (novel.length > 0) {
        const score = Math.min(0.8, 1 - Math.pow(0.6, novel.length));
        hits.push({
          step: i,
          name: "ungrounded-value",
          score,
          mast: "FM-2.6 reasoning-action mismatch",
          evidence: { stepIds: [step.id], note: `states ${novel.slice(0, 5).join(", ")}${novel.length > 5 ? ", …" : ""} which appear in no earlier input or tool output` },
        });
      }
    }
    for (const x of g.features[i].allNumbers) seen.add(x);
  }
  return hits;
};
