/**
 * Premature termination: in a failed run, the step that ends the run does so right after an
 * unrecovered tool failure, or while giving up ("unable to determine"), or with an empty answer.
 * The step that ends the run: a `final` step, one the importer marked `culprit.closes_run` (a
 * system's closing keyword), or a bare "done" among the last few steps.
 * A close that only restates the answer an explicit final-answer call handed it (a harness's last
 * formatting call after the agent called `final_answer`) decided nothing: a give-up there is charged to
 * the step that wrote the call, whose answer was missing or was itself a give-up.
 */
import type { Detector, DetectorHit } from "./types";
import { DONE_RE, GIVE_UP_RE, isAgentUtterance, isToolOutput, toolFailed } from "./patterns";
import { stepText, type EngineGraph } from "../build-graph";
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
  const givesUp = GIVE_UP_RE.test(text);
  if (givesUp) reasons.push("ends the run while saying the answer could not be found");
  if (reasons.length === 0) return [];
  const writer = givesUp ? answerWriter(g, end) : -1;
  const hit: DetectorHit = {
    step: writer >= 0 ? writer : end,
    name: "premature-termination",
    score: 0.5,
    mast: "FM-3.1 premature termination",
    // The writer is charged with its answer only: what the close came right after is the close's.
    evidence:
      writer >= 0
        ? {
            stepIds: [g.steps[writer].id, g.steps[end].id],
            note: `hands over the final answer with which ${g.steps[end].id} ends the run saying the answer could not be found`,
          }
        : { stepIds: ids, note: reasons.join("; ") },
  };
  return [hit];
};

/** A tool that hands the run its answer (smolagents' `final_answer`). */
const FINAL_ANSWER_TOOL_RE = /^final_?answer$/i;
/** Steps before the close searched for the final-answer call, and before the call for its writer. */
const HAND_OVER_WINDOW = 3;

/**
 * The step that wrote the final-answer call the close at `end` follows, or −1: the nearest agent
 * utterance with text at or before that call (the model turn whose code or call invoked it).
 */
function answerWriter(g: EngineGraph, end: number): number {
  for (let j = end - 1; j >= Math.max(0, end - HAND_OVER_WINDOW); j--) {
    if (!FINAL_ANSWER_TOOL_RE.test(g.steps[j].tool?.name ?? "")) continue;
    // The call itself when it carries the turn's text (a model turn recorded with its call), else the turn before it.
    for (let k = j; k >= Math.max(0, j - HAND_OVER_WINDOW); k--)
      if (isAgentUtterance(g, k) && !isToolOutput(g, k) && stepText(g.steps[k]).trim()) return k;
    return -1;
  }
  return -1;
}
