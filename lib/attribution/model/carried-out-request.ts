/**
 * A request carried out. A simulated user holds requirements the agent cannot see (which items,
 * which variant, which order); when it asks for the wrong change, or leaves part of it out, an agent
 * that carries the request out faithfully makes the wrong change without any fault of its own, and
 * nothing in the run contradicts it. So when a run with a simulated user failed, no evidence explains
 * the failure, and the agent changed state (a call that is no read and no handoff), the suspect is
 * the user's turn that asked for the last change: the latest of its turns before that call, passing
 * over a turn that only confirms what the agent restated ("Yes, please go ahead"). A prior, not
 * evidence: stated as such, with a prior's low confidence. With no change made it says nothing: the
 * agent's own inaction is then the likelier fault, and the exposure prior names it.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { callAt, isStateChanging } from "../detectors/expected-actions";
import { isToolOutput } from "../detectors/patterns";
import { HANDOFF_RE, affirms } from "../detectors/unconfirmed-action";
import { isUserTurn } from "./simulated-user";

/** Content words a confirming turn may add to what it confirms ("only", "item", "thanks"). */
const MAX_ADDED_WORDS = 6;
/** Confirmation rounds passed over, at most. */
const MAX_CONFIRMATIONS = 4;

/** The simulated user's turn whose request the agent's last change carried out, or −1. */
export function carriedOutRequest(g: EngineGraph): number {
  if (g.simulatedUser < 0) return -1;
  let change = -1;
  for (let v = g.n - 1; v >= 0 && change < 0; v--) {
    if (g.agentOf[v] === g.simulatedUser) continue;
    const call = callAt(g, v);
    if (call && isStateChanging(call) && !HANDOFF_RE.test(call.name)) change = v;
  }
  if (change < 0) return -1;
  let turn = previousUserTurn(g, change);
  for (let k = 0; k < MAX_CONFIRMATIONS && turn >= 0; k++) {
    const before = previousMessage(g, turn);
    if (before < 0 || !isConfirmation(g, before, turn)) break;
    const earlier = previousUserTurn(g, turn);
    if (earlier < 0) break;
    turn = earlier;
  }
  return turn;
}

/**
 * Whether user turn `u` only confirms the message `a` before it (the agent's restatement, or its own
 * request): it affirms, and says little `a` did not ("Yep, let's do that. Please go ahead!"). A turn
 * that affirms and then adds or changes items states the request itself.
 */
function isConfirmation(g: EngineGraph, a: number, u: number): boolean {
  if (!affirms(stepText(g.steps[u]))) return false;
  const restated = g.features[a].tokens;
  let added = 0;
  for (const t of g.features[u].tokens) if (!restated.has(t) && ++added > MAX_ADDED_WORDS) return false;
  return true;
}

function previousUserTurn(g: EngineGraph, from: number): number {
  for (let v = from - 1; v >= 0; v--) if (isUserTurn(g, v)) return v;
  return -1;
}

/** The message right before `from`, whoever wrote it (tool calls and outputs skipped), or −1. */
function previousMessage(g: EngineGraph, from: number): number {
  for (let v = from - 1; v >= 0; v--)
    if (!isToolOutput(g, v) && g.steps[v].kind !== "tool_call" && !callAt(g, v)) return v;
  return -1;
}
