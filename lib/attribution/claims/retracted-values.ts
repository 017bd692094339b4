/**
 * Values their own author took back. An agent that states a value and later, in a step of its own,
 * withdraws it ("it opened in 1912, not 1921", "use 40 instead of 44") has repaired its error. A
 * later agent that still passes the withdrawn value on ignored the correction it could read: the
 * value has no live source there, and it reaches the answer through that agent, not through the
 * retracted first statement. Only the author's own withdrawal counts: a peer's "not 1921" is a
 * disagreement, and the first statement stays the value's origin.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import type { Claim } from "./extract-claims";

/**
 * Words that withdraw what follows them, at most one noun away: "not 4471", "instead of order 4471",
 * "rather than the 19:00", "no longer size 10".
 */
const WITHDRAW_RE = /\b(?:not|instead of|rather than|no longer)\s+(?:(?:the|my|that|this)\s+)?(?:[a-z]+\s+)?$/i;
/** Text read before a value for the withdrawing words. */
const LOOK_BACK = 30;

/** Whether claim c of `text` is withdrawn by the words right before it. */
export function withdrawn(text: string, c: Claim): boolean {
  return WITHDRAW_RE.test(text.slice(Math.max(0, c.start - LOOK_BACK), c.start));
}

/**
 * The step, from `from` on and before `before`, at which the agent of step `from` withdrew `value`,
 * or −1. Built in one pass over the agents' asserted claims.
 */
export type Withdrawal = (value: string, from: number, before: number) => number;

export function withdrawals(g: EngineGraph, asserted: (v: number) => readonly Claim[]): Withdrawal {
  const at = new Map<string, number[]>();
  for (let v = 0; v < g.n; v++) {
    const claims = asserted(v);
    if (!claims.length || !isAgentUtterance(g, v)) continue;
    // Claims lie in the step's text, which opens with its content: read there unless past it.
    const content = g.steps[v].content;
    let whole: string | undefined;
    for (const c of claims) {
      const text = c.start <= content.length ? content : (whole ??= stepText(g.steps[v]));
      if (!withdrawn(text, c)) continue;
      const list = at.get(c.value);
      if (!list) at.set(c.value, [v]);
      else if (list[list.length - 1] !== v) list.push(v);
    }
  }
  if (!at.size) return () => -1;
  return (value, from, before) => {
    for (const w of at.get(value) ?? []) {
      if (w >= before) break;
      if (w >= from && g.agentOf[w] === g.agentOf[from]) return w;
    }
    return -1;
  };
}
