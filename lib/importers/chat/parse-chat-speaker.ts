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

/**
 * Splits a Magentic-One-style speaker label into agent and step kind, so that
 * "Orchestrator (thought)" and "Orchestrator (-> WebSurfer)" are both agent "Orchestrator":
 * - `X (-> Y)` is a delegation from X to Y,
 * - `X (thought)` is X's internal reasoning,
 * - `X (termination condition)` is the run's closing statement (a final step),
 * - anything else in parentheses is kept as a qualifier on a plain message.
 */
export function parseChatSpeaker(speaker: string): ChatSpeaker {
  // String scanning, not a regex: `^(.*?)\s*\(...\)\s*$` backtracks quadratically on a long run
  // of spaces, and speaker names come straight from the uploaded file.
  const match = splitQualifier(speaker);
  if (!match || !match.agent) return { agent: speaker.trim(), kind: "message" };
  const { agent, qualifier } = match;
  const target = arrowTarget(qualifier);
  if (target) return { agent, kind: "delegate", target, qualifier };
  const q = qualifier.toLowerCase();
  if (q === "thought" || q === "thinking" || q === "reasoning") return { agent, kind: "thought", qualifier };
  if (q.startsWith("termination")) return { agent, kind: "final", qualifier };
  return { agent, kind: "message", qualifier };
}

/** "Agent (qualifier)" → both parts trimmed; undefined without a final parenthesised group. */
function splitQualifier(speaker: string): { agent: string; qualifier: string } | undefined {
  const trimmed = speaker.trimEnd();
  if (!trimmed.endsWith(")")) return undefined;
  const open = trimmed.lastIndexOf("(");
  if (open < 0) return undefined;
  const inner = trimmed.slice(open + 1, -1);
  if (inner.includes(")")) return undefined;
  return { agent: trimmed.slice(0, open).trim(), qualifier: inner.trim() };
}

/** "-> Target" / "--> Target" → "Target"; undefined otherwise. */
function arrowTarget(qualifier: string): string | undefined {
  const q = qualifier.trimStart();
  let i = 0;
  while (q[i] === "-") i++;
  if (i === 0 || q[i] !== ">") return undefined;
  return q.slice(i + 1).trim() || undefined;
}
