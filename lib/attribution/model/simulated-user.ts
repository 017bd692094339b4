/**
 * A simulated user, by behaviour: the speaker that opens the run and then keeps conversing with one
 * agent across it (answering its questions, stating preferences, confirming or changing a request),
 * as an LLM playing a customer does. Such a speaker holds requirements the agent cannot see, so its
 * own turns can be where a run goes wrong (it asks for the wrong item, leaves a request out, confirms
 * the wrong option). A task giver that only poses the task (a message or two at the start, or bare
 * "continue" turns that carry nothing) is not one. Names and roles are never read. One linear pass.
 */
import type { EngineGraph } from "../build-graph";
import { isToolOutput } from "../detectors/patterns";
import { asksForRun } from "./scaffolding";
import { quotedBefore } from "./quoted-messages";
import { isInstructions } from "../../trace/canonical-attributes";

/** Turns beyond the opening that carry content: one reply could be a clarification, two are a conversation. */
const MIN_REPLIES = 2;
/** Content words a turn needs to count: "continue", "TERMINATE" and "ok" carry none of the requirement. */
const MIN_TOKENS = 3;

interface Conversation {
  /** The agent it replies to (−1 none yet, −2 several). */
  partner: number;
  replies: number;
  /** Replies to a run request (a code block, a tool call): a user proxy executing code, not a conversation. */
  executions: number;
  /** Replies that follow a question of the partner. */
  answers: number;
  /** Position of its last reply with content. */
  last: number;
}

/** The agent index of the run's simulated user, or −1. */
export function simulatedUser(g: EngineGraph): number {
  let opener = -1;
  let previous = -1;
  let c: Conversation | null = null;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v] || g.scaffold[v] || isToolOutput(g, v)) continue;
    const a = g.agentOf[v];
    if (opener < 0) {
      opener = a;
      c = { partner: -1, replies: 0, executions: 0, answers: 0, last: -1 };
    } else if (a === opener && previous >= 0 && g.agentOf[previous] !== a && c) {
      const p = g.agentOf[previous];
      c.partner = c.partner === -1 || c.partner === p ? p : -2;
      if (asksForRun(g.steps[previous].content ?? "", quotedBefore(g, previous))) c.executions++;
      else if (g.features[v].tokens.size >= MIN_TOKENS) {
        c.replies++;
        c.last = v;
        if (g.steps[previous].content.includes("?")) c.answers++;
      }
    }
    previous = v;
  }
  // Across the run: its last reply comes in the run's second half, after the agent has worked.
  if (!c || c.partner < 0 || c.replies < MIN_REPLIES || c.executions >= c.replies) return -1;
  return c.answers > 0 && c.last * 2 >= g.n ? opener : -1;
}

/**
 * A turn of the run's simulated user (`g.simulatedUser`): its own words, not the harness's, nor the
 * system prompt an importer put on its side (`culprit.instructions`).
 */
export function isUserTurn(g: EngineGraph, v: number): boolean {
  return (
    g.agentOf[v] === g.simulatedUser &&
    !g.wrapper[v] &&
    !g.scaffold[v] &&
    !isToolOutput(g, v) &&
    !isInstructions(g.steps[v].attributes)
  );
}
