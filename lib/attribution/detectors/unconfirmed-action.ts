/**
 * A change made without the confirmation the agent's policy asks for. Customer-service policies
 * often say: before any action that updates the database, list its details and obtain the user's
 * explicit confirmation ("yes") to proceed. When the run's instructions say so (an agent's
 * description or a system prompt the importer marked `culprit.instructions`) and an agent makes a
 * state-changing call while the simulated user's latest turn before it affirms nothing ("Drop both
 * bookings.", "The later train, then."), the agent acted on details the
 * user never confirmed: an instruction-adherence fault at that call, whatever the user asked for.
 * The user's request may itself be wrong; the check the policy puts before the call is the
 * agent's to make.
 *
 * Only the earliest such call is flagged. A handoff (`transfer_to_human_agents`) changes nothing
 * the policy guards. A run whose instructions ask for no explicit confirmation raises nothing.
 */
import type { Detector } from "./types";
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { callAt, isStateChanging } from "./expected-actions";
import { isUserTurn } from "../model/simulated-user";
import { isInstructions } from "../../trace/canonical-attributes";
import { allMatches } from "../all-matches";

export const UNCONFIRMED_ACTION_SCORE = 0.6;
/** A policy asking for the user's explicit confirmation before a change ("explicitly confirm", "explicit … confirmation"). */
const CONFIRM_POLICY_RE = /\bexplicit(?:ly)?\s+(?:[a-z]+\s+){0,2}confirm(?:ation|s|ed)?\b/i;
/** Words by which a user confirms. */
const AFFIRM_RE =
  /\b(?:yes|yep|yeah|yup|sure|correct|confirm(?:ed|s)?|go ahead|proceed|please do|that'?s right|absolutely|okay|ok|sounds good|looks (?:good|right|correct)|that works|works for me|perfect|do it)\b/gi;
/** A negation just before the affirming word ("not sure", "isn't correct", "don't proceed"). */
const NEGATED_BEFORE_RE = /(?:\b(?:not|never|no)|n['’]t)\s+(?:[a-z]+\s+)?$/i;
/** Calls that hand the conversation over rather than change anything. */
export const HANDOFF_RE = /^(?:transfer|hand_?off|escalate)_?to(?:_|[A-Z]|$)/i;
/** Characters of instructions and of a user's turn read; affirming words read per turn; calls read per run. */
const MAX_POLICY = 60_000;
const MAX_TURN = 4_000;
const MAX_AFFIRM = 16;
const MAX_CALLS = 64;

/** Whether the run's instructions ask for explicit confirmation before acting. */
function policyAsksConfirmation(g: EngineGraph): boolean {
  let budget = MAX_POLICY;
  const read = (text: string | undefined) => {
    if (!text || budget <= 0) return false;
    const part = text.slice(0, budget);
    budget -= part.length;
    return CONFIRM_POLICY_RE.test(part);
  };
  for (const a of g.trace.agents ?? []) if (read(a.description)) return true;
  for (let v = 0; v < g.n && budget > 0; v++)
    if (isInstructions(g.steps[v].attributes) && read(g.steps[v].content)) return true;
  return false;
}

/** Whether a user's turn affirms: some affirming word with no negation just before it. */
export function affirms(text: string): boolean {
  const t = text.slice(0, MAX_TURN);
  let n = 0;
  for (const m of allMatches(AFFIRM_RE, t)) {
    if (++n > MAX_AFFIRM) break;
    if (!NEGATED_BEFORE_RE.test(t.slice(Math.max(0, m.index - 24), m.index))) return true;
  }
  return false;
}

export const detectUnconfirmedAction: Detector = ({ g, failed }) => {
  if (!failed || g.simulatedUser < 0 || !policyAsksConfirmation(g)) return [];
  let lastUserTurn = -1;
  let calls = 0;
  for (let v = 0; v < g.n; v++) {
    if (isUserTurn(g, v)) {
      lastUserTurn = v;
      continue;
    }
    if (g.agentOf[v] === g.simulatedUser || lastUserTurn < 0) continue;
    const call = callAt(g, v);
    if (!call || !isStateChanging(call) || HANDOFF_RE.test(call.name)) continue;
    if (++calls > MAX_CALLS) return [];
    if (affirms(stepText(g.steps[lastUserTurn]))) continue;
    const user = g.agentNames[g.simulatedUser];
    return [
      {
        step: v,
        name: "unconfirmed-action",
        score: UNCONFIRMED_ACTION_SCORE,
        mast: "FM-1.1 disobey task specification",
        evidence: {
          stepIds: [g.steps[v].id, g.steps[lastUserTurn].id],
          note: `${g.agentNames[g.agentOf[v]]} calls ${call.name}, a change its policy asks the user to confirm explicitly first, but ${user}'s turn before it confirms nothing`,
        },
      },
    ];
  }
  return [];
};
