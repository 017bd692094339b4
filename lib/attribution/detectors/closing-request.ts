/**
 * A request made in the turn that ends the run. When the run's simulated user (`g.simulatedUser`)
 * asks the agent to act ("go ahead with the renewal, please") in its last turn and nothing follows that
 * turn, the request can no longer be carried out: the user ended the conversation with its own task
 * pending. That turn is where the run was lost, whatever the agent did before. A run a budget or a
 * crash stopped (`culprit.termination`) was cut by the harness instead, and raises nothing.
 */
import type { Detector } from "./types";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "./patterns";
import { isUserTurn } from "../model/simulated-user";
import { runTerminationOf } from "../../trace/run-termination";

export const CLOSING_REQUEST_SCORE = 0.6;
/** Words that ask the agent to carry something out now. */
const ACT_NOW_RE =
  /\b(?:please\s+)?(?:go ahead|proceed)\b|\bplease\s+(?:do|make|process|place|submit|cancel|return|exchange|modify|update|change|book|send|apply)\b/i;
/** Characters of the closing turn read. */
const MAX_TEXT = 4_000;

export const detectClosingRequest: Detector = ({ g, failed }) => {
  if (!failed || g.simulatedUser < 0) return [];
  const ended = runTerminationOf(g.trace.run.attributes);
  if (ended === "limit" || ended === "error") return [];
  for (let v = g.n - 1; v >= 0; v--) {
    if (isAgentUtterance(g, v) && !isUserTurn(g, v)) return [];
    if (!isUserTurn(g, v)) continue;
    const text = stepText(g.steps[v]).slice(0, MAX_TEXT);
    if (!ACT_NOW_RE.test(text)) return [];
    return [
      {
        step: v,
        name: "closing-request",
        score: CLOSING_REQUEST_SCORE,
        mast: "FM-3.1 premature termination",
        evidence: {
          stepIds: [g.steps[v].id],
          note: `${g.agentNames[g.agentOf[v]]} asks the agent to act in the turn that ends the run, so the request is never carried out`,
        },
      },
    ];
  }
  return [];
};
