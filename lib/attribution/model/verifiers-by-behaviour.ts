/**
 * Verifiers by what they write, whatever they are called. The graph names an agent a verifier when
 * its name, declared role or description says so (`build-graph.ts`); a team whose checker is called
 * "Agent3" or "Dana" has one too. An agent is a verifier by behaviour when it first speaks after
 * another agent's work and most of what it writes checks that work: approves or rejects it, or says
 * it verifies, cross-references or double-checks it. Bare closings ("TERMINATE") say nothing either
 * way and are not counted. Its approvals are then read as a verifier's (abandoned verification,
 * unfounded rejection), as a named verifier's are.
 */
import type { EngineGraph } from "../build-graph";
import { REJECTION_RE, isAgentUtterance } from "../detectors/patterns";

/** Text read per step: a check announces itself in its opening. */
const SCAN = 600;
/** Steps read per agent: behaviour shows in its first few hundred steps. */
const SAMPLE = 200;
/** Word tokens below which a message is a bare closing or acknowledgement. */
const MIN_WORDS = 3;
/**
 * The act of checking, in the checker's words, or its verdict. "I confirm", not "confirmed": the
 * participle is as often a report of the work's own outcome ("Confirmed: the bay is booked").
 */
const CHECK_RE =
  /\b(?:verif(?:y|ied|ying|ication)|cross-?referenc\w*|double-?check\w*|validat(?:e|ed|ing|ion)|confirm(?:s|ing)?|approved?|lgtm|looks good|i agree|no issues|(?:is|are|everything is) correct|all checks pass(?:ed)?)\b/i;

export function markVerifiersByBehaviour(g: EngineGraph): void {
  const m = g.agentNames.length;
  const said = new Int32Array(m);
  const checks = new Int32Array(m);
  const first = new Int32Array(m).fill(-1);
  let firstWork = -1;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v] || !isAgentUtterance(g, v)) continue;
    const a = g.agentOf[v];
    if (said[a] >= SAMPLE) continue;
    if (g.features[v].tokens.size < MIN_WORDS) continue;
    const text = (g.steps[v].content ?? "").slice(0, SCAN);
    said[a]++;
    if (first[a] < 0) first[a] = v;
    if (firstWork < 0) firstWork = v;
    if (CHECK_RE.test(text) || REJECTION_RE.test(text)) checks[a]++;
  }
  for (let a = 0; a < m; a++)
    if (said[a] > 0 && first[a] > firstWork && checks[a] * 2 > said[a] && a !== g.simulatedUser)
      g.verifierAgents.add(a);
}
