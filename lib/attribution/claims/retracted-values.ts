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
 * Words with which an agent corrects itself, read at the head of its message: "Correction:", "I
 * misread", "I made a mistake", "my error", "I apologize", "on closer inspection", "upon rechecking".
 */
const CORRECTION_RE =
  /\b(?:correction|corrected|i misread|i made (?:a|an) (?:mistake|error)|my (?:mistake|error)|i apologi[sz]e|apologies|on (?:closer|second) (?:look|inspection|check)|upon re-?check\w*|i was wrong)\b/i;
/** Characters at the head of a message read for those words. */
const CORRECTION_HEAD = 300;
const REPLACEABLE = new Set(["number", "date"]);

/**
 * The value a self-correction replaces without naming it ("Correction: it started in 1878"): the
 * message opens with correcting words and states one new value, where the agent's previous statement
 * held one value of that kind that the correction does not restate. Anything less clear-cut
 * replaces nothing.
 */
function correctedValue(
  content: string,
  claims: readonly Claim[],
  before: readonly Claim[] | undefined,
): string | null {
  if (!before || !CORRECTION_RE.test(content.slice(0, CORRECTION_HEAD))) return null;
  const now = new Set(claims.map((c) => c.value));
  const earlier = new Set(before.map((c) => c.value));
  const added = claims.filter((c) => REPLACEABLE.has(c.kind) && !earlier.has(c.value));
  if (new Set(added.map((c) => c.value)).size !== 1) return null;
  const dropped = new Set(before.filter((c) => c.kind === added[0].kind && !now.has(c.value)).map((c) => c.value));
  return dropped.size === 1 ? [...dropped][0] : null;
}

/**
 * The step, from `from` on and before `before`, at which the agent of step `from` withdrew `value`,
 * or −1. Built in one pass over the agents' asserted claims.
 */
export type Withdrawal = (value: string, from: number, before: number) => number;

export function withdrawals(g: EngineGraph, asserted: (v: number) => readonly Claim[]): Withdrawal {
  const at = new Map<string, number[]>();
  const note = (value: string, v: number) => {
    const list = at.get(value);
    if (!list) at.set(value, [v]);
    else if (list[list.length - 1] !== v) list.push(v);
  };
  // Per agent, the values of its latest utterance that stated any: what a correction replaces.
  const previous = new Map<number, readonly Claim[]>();
  for (let v = 0; v < g.n; v++) {
    const claims = asserted(v);
    if (!claims.length || !isAgentUtterance(g, v)) continue;
    // Claims lie in the step's text, which opens with its content: read there unless past it.
    const content = g.steps[v].content;
    let whole: string | undefined;
    for (const c of claims) {
      const text = c.start <= content.length ? content : (whole ??= stepText(g.steps[v]));
      if (withdrawn(text, c)) note(c.value, v);
    }
    const replaced = correctedValue(content, claims, previous.get(g.agentOf[v]));
    if (replaced) note(replaced, v);
    previous.set(g.agentOf[v], claims);
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
