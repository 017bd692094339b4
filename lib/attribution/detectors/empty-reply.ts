/**
 * Empty reply: an agent that was invoked (or the run's top-level agent) returned nothing. Its
 * wrapper step has no text while the trace records the outputs of other agents, so the emptiness
 * is the agent's, not the instrumentation's. Whoever depends on that output (a reader of the state
 * it should have written, an aggregator missing one input) is a victim of it. `dependent`: an
 * agent whose input was already corrupted may fall silent because of it.
 */
import type { Detector, DetectorHit } from "./types";
import type { EngineGraph } from "../build-graph";
import { invokerOf } from "../wrapper-layout";

export const EMPTY_REPLY_SCORE = 0.7;

/** Text with a leading speaker label ("assistant:") removed. */
const spoken = (text: string) => text.replace(/^\s*[A-Za-z_][\w -]{0,30}:\s*/, "").trim();

/** Agent steps (by position) that returned nothing, when the trace records agent outputs at all. */
export function emptyReplies(g: EngineGraph): number[] {
  const empty: number[] = [];
  let spoke = false;
  for (let v = 0; v < g.n; v++) {
    if (g.steps[v].kind !== "agent") continue;
    // Content only: a wrapper's error message (the run's verdict) is not something the agent said.
    if (spoken(g.steps[v].content).length > 0) spoke = true;
    else if (v === g.sink || invokerOf(g.steps, g.parent, v) >= 0) empty.push(v);
  }
  return spoke ? empty : [];
}

export const detectEmptyReply: Detector = ({ g, failed }) => {
  if (!failed) return [];
  return emptyReplies(g).map(
    (v): DetectorHit => ({
      step: v,
      name: "empty-reply",
      score: EMPTY_REPLY_SCORE,
      mast: "FM-3.1 premature termination",
      dependent: true,
      evidence: {
        stepIds: [g.steps[v].id],
        note:
          v === g.sink
            ? "the run's top-level agent returned no answer"
            : `${g.steps[v].agent} was invoked but returned nothing`,
      },
    }),
  );
};
