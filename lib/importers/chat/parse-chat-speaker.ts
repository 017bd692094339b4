import type { TStepKind } from "../../trace/schema";

/** What a chat log's speaker string says about the step. */
export interface ChatSpeaker {
  agent: string;
  kind: TStepKind;
  /** Receiving agent for `delegate` steps. */
  target?: string;
  /** The parenthesised qualifier, e.g. "thought", "-> WebSurfer", "termination condition". */
  qualifier?: string;
}

const QUALIFIED = /^(.*?)\s*\(([^()]*)\)\s*$/;
const ARROW = /^\s*-+>\s*(.+?)\s*$/;

/**
 * Splits a Magentic-One-style speaker label into agent and step kind, so that
 * "Orchestrator (thought)" and "Orchestrator (-> WebSurfer)" are both agent "Orchestrator":
 * - `X (-> Y)` is a delegation from X to Y,
 * - `X (thought)` is X's internal reasoning,
 * - `X (termination condition)` is the run's closing statement (a final step),
 * - anything else in parentheses is kept as a qualifier on a plain message.
 */
export function parseChatSpeaker(speaker: string): ChatSpeaker {
  const match = QUALIFIED.exec(speaker);
  if (!match || !match[1].trim()) return { agent: speaker.trim(), kind: "message" };
  const agent = match[1].trim();
  const qualifier = match[2].trim();
  const arrow = ARROW.exec(qualifier);
  if (arrow) return { agent, kind: "delegate", target: arrow[1], qualifier };
  const q = qualifier.toLowerCase();
  if (q === "thought" || q === "thinking" || q === "reasoning") return { agent, kind: "thought", qualifier };
  if (q.startsWith("termination")) return { agent, kind: "final", qualifier };
  return { agent, kind: "message", qualifier };
}
