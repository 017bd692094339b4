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
import { allMatches } from "../all-matches";

export const CLOSING_REQUEST_SCORE = 0.6;
/** Words that ask the agent to carry something out now. */
const ACT_NOW_RE =
  /\b(?:please\s+)?(?:go ahead|proceed)\b|\bplease\s+(?:do|make|process|place|submit|cancel|return|exchange|modify|update|change|book|send|apply)\b/i;
/**
 * A negation in the clause before "proceed" / "go ahead" ("there's no way to proceed without it",
 * "we can't go ahead"): the user says the request cannot go on, it asks for nothing. Read over the
 * clause's last NEGATION_WINDOW characters, back to the nearest punctuation.
 */
const NEGATED_RE = /\b(?:no|not|never|cannot|unable)\b|n['’]t\b/i;
/**
 * A condition in the clause before "proceed" / "go ahead" ("I'll send the names when I'm ready to
 * proceed", "once I decide, you can go ahead"): the user defers the request to a later moment, so the
 * closing turn asks for nothing now.
 */
const DEFERRED_RE = /\b(?:when|whenever|once|until|after|if|unless)\b/i;
const NEGATION_WINDOW = 60;
/** Matches of ACT_NOW_RE read in the closing turn. */
const MAX_MATCHES = 16;

/**
 * "Please send" a record of the exchange to the user itself ("send the confirmation and the itinerary
 * to my email", "send me the receipt", "to the email on file"): the user asks for its own copy of what
 * was done, not for the task, so the run was not lost by leaving it unanswered. Sending a document to
 * someone else can be the task ("send the invoice to the client") and stays a request. Read over the
 * rest of the clause, at most RECORD_WINDOW characters.
 */
const RECORD_RE =
  /\b(?:confirmations?|receipts?|itinerar(?:y|ies)|e-?tickets?|instructions|summary|summaries|details|documentation|documents?|invoices?|copy|copies|labels?|reference numbers?)\b/i;
/** The user as the record's recipient: "me", "my email", "us", "the address on file". */
const TO_SELF_RE = /\b(?:me|my|us|our)\b|\bon file\b/i;
const RECORD_WINDOW = 80;

/** Whether a "please send" match at `end` asks for a record (RECORD_RE) sent to the user (TO_SELF_RE). */
function asksForOwnRecord(text: string, end: number): boolean {
  const after = text.slice(end, end + RECORD_WINDOW);
  const stop = after.search(/[.;!?\n]/);
  const clause = stop >= 0 ? after.slice(0, stop) : after;
  return RECORD_RE.test(clause) && TO_SELF_RE.test(clause);
}

/** Whether the closing turn asks the agent to act: some "go ahead" / "please book" not negated in its clause. */
function asksToAct(text: string): boolean {
  let n = 0;
  for (const m of allMatches(ACT_NOW_RE_G, text)) {
    if (++n > MAX_MATCHES) break;
    if (/send$/i.test(m[0]) && asksForOwnRecord(text, m.index + m[0].length)) continue;
    if (/^please/i.test(m[0])) return true;
    const before = text.slice(Math.max(0, m.index - NEGATION_WINDOW), m.index);
    const cut = Math.max(
      before.lastIndexOf("."),
      before.lastIndexOf(","),
      before.lastIndexOf(";"),
      before.lastIndexOf("!"),
      before.lastIndexOf("?"),
      before.lastIndexOf("\n"),
    );
    const clause = before.slice(cut + 1);
    if (!NEGATED_RE.test(clause) && !DEFERRED_RE.test(clause)) return true;
  }
  return false;
}

/** Characters of the closing turn read. */
const MAX_TEXT = 4_000;
const ACT_NOW_RE_G = new RegExp(ACT_NOW_RE.source, "gi");

export const detectClosingRequest: Detector = ({ g, failed }) => {
  if (!failed || g.simulatedUser < 0) return [];
  const ended = runTerminationOf(g.trace.run.attributes);
  if (ended === "limit" || ended === "error") return [];
  for (let v = g.n - 1; v >= 0; v--) {
    if (isAgentUtterance(g, v) && !isUserTurn(g, v)) return [];
    if (!isUserTurn(g, v)) continue;
    const text = stepText(g.steps[v]).slice(0, MAX_TEXT);
    if (!asksToAct(text)) return [];
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
