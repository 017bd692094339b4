/**
 * Premature termination: in a failed run, the step that ends the run does so right after an
 * unrecovered tool failure, or while giving up ("unable to determine"), or with an empty answer.
 * The step that ends the run: a `final` step, one the importer marked `culprit.closes_run` (a
 * system's closing keyword), or a bare "done" among the last few steps.
 */
import type { Detector, DetectorHit } from "./types";
import { DONE_RE, GIVE_UP_RE, isAgentUtterance, isToolOutput, toolFailed } from "./patterns";
import { stepText } from "../build-graph";
import { closesRun } from "../../trace/canonical-attributes";

export const detectPrematureTermination: Detector = ({ g, failed }) => {
  if (!failed || g.n === 0) return [];
  let end = -1;
  for (let i = g.n - 1; i >= Math.max(0, g.n - 4); i--)
    if (
      isAgentUtterance(g, i) &&
      (g.steps[i].kind === "final" ||
        closesRun(g.steps[i].attributes) ||
        DONE_RE.test(stepText(g.steps[i]).slice(-2000)))
    ) {
      end = i;
      break;
    }
  if (end < 0) return [];
  const reasons: string[] = [];
  const ids = [g.steps[end].id];
  // Only the last output before the close counts: a failure that a later output in between succeeded
  // past was recovered from, and the run does not end right after it.
  for (let j = end - 1; j >= Math.max(0, end - 3); j--) {
    if (toolFailed(g, j)) {
      reasons.push(`ends the run right after the failed tool output ${g.steps[j].id}`);
      ids.push(g.steps[j].id);
      break;
    }
    if (isToolOutput(g, j)) break;
  }
  const text = stepText(g.steps[end]) + " " + (g.trace.run.finalAnswer ?? "");
  if (GIVE_UP_RE.test(text)) reasons.push("ends the run while saying the answer could not be found");
  if (reasons.length === 0) return [];
  const hit: DetectorHit = {
    step: end,
    name: "premature-termination",
    score: 0.5,
    mast: "FM-3.1 premature termination",
    evidence: { stepIds: ids, note: reasons.join("; ") },
  };
  return [hit];
};
