/**
 * A request reversed after it was acted on. The run's simulated user (`g.simulatedUser`) holds the
 * requirements the agent works from. When one of its turns withdraws a value it stated itself in an
 * earlier turn ("not 4471", "instead of 4471") after the agent had already acted on that value, and
 * names a new value in its place, its requirements contradict each other:
 * - if the agent then follows the new value, it did what the latest request said, and the reversal
 *   is where the run left what was asked first (`request-reversal`, at the user's turn);
 * - if the agent keeps acting on the withdrawn value, it ignored the request (`ignored-reversal`, at
 *   the agent's step).
 * Only the user's own values count: choosing among options the agent offered, or correcting what the
 * agent misheard, withdraws nothing the user asked for. One pass over the steps; claims are read only
 * when the run has a simulated user.
 */
import type { Detector, DetectorHit } from "./types";
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { extractClaims, type Claim } from "../claims/extract-claims";
import { isAgentUtterance, isToolOutput } from "./patterns";
import { isUserTurn } from "../model/simulated-user";
import { withdrawn } from "../claims/retracted-values";

export const REVERSAL_SCORE = 0.6;

/** Reversals awaiting the agent's next use of either value. */
const MAX_OPEN = 8;
const KINDS = new Set(["number", "date", "quoted", "entity", "url"]);

interface Reversal {
  at: number;
  withdrawn: string;
  replacements: Set<string>;
}

const claimsOf = (g: EngineGraph, v: number): Claim[] =>
  extractClaims(stepText(g.steps[v])).filter((c) => KINDS.has(c.kind));

export const detectRequestReversal: Detector = ({ g, failed }) => {
  if (!failed || g.simulatedUser < 0) return [];
  const out: DetectorHit[] = [];
  // Per value: who stated it first (−1 a tool), the user's turn that stated it, the agent's latest use.
  const firstBy = new Map<string, number>();
  const userStated = new Map<string, number>();
  const agentUsed = new Map<string, number>();
  let open: Reversal[] = [];
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    const user = isUserTurn(g, v);
    const agent = !user && isAgentUtterance(g, v);
    if (!user && !agent && !isToolOutput(g, v)) continue;
    const claims = claimsOf(g, v);
    if (user) {
      const text = stepText(g.steps[v]);
      for (const c of claims) {
        const said = userStated.get(c.value);
        if (said === undefined || firstBy.get(c.value) !== g.agentOf[v] || !withdrawn(text, c)) continue;
        if ((agentUsed.get(c.value) ?? -1) < said) continue;
        const replacements = new Set(
          claims
            .filter((d) => d.kind === c.kind && d.value !== c.value && !userStated.has(d.value) && !withdrawn(text, d))
            .map((d) => d.value),
        );
        if (replacements.size && open.length < MAX_OPEN) open.push({ at: v, withdrawn: c.value, replacements });
      }
      for (const c of claims) if (!userStated.has(c.value)) userStated.set(c.value, v);
    } else if (agent && open.length) {
      const values = new Set(claims.map((c) => c.value));
      open = open.filter((r) => {
        if ([...r.replacements].some((x) => values.has(x))) out.push(reversalHit(g, r));
        else if (values.has(r.withdrawn)) out.push(ignoredHit(g, r, v));
        else return true;
        return false;
      });
    }
    if (agent) for (const c of claims) agentUsed.set(c.value, v);
    for (const c of claims) if (!firstBy.has(c.value)) firstBy.set(c.value, user ? g.agentOf[v] : -1);
  }
  return out;
};

const shown = (value: string) => value.replace(/^[a-z]:/, "");

function reversalHit(g: EngineGraph, r: Reversal): DetectorHit {
  return {
    step: r.at,
    name: "request-reversal",
    score: REVERSAL_SCORE,
    evidence: {
      stepIds: [g.steps[r.at].id],
      note: `${g.agentNames[g.agentOf[r.at]]} withdrew ${shown(r.withdrawn)}, which it had asked for and the agent had acted on, and the agent followed the change`,
    },
  };
}

function ignoredHit(g: EngineGraph, r: Reversal, v: number): DetectorHit {
  return {
    step: v,
    name: "ignored-reversal",
    score: REVERSAL_SCORE,
    mast: "FM-1.1 disobey task specification",
    evidence: {
      stepIds: [g.steps[v].id, g.steps[r.at].id],
      note: `${g.steps[v].agent} kept acting on ${shown(r.withdrawn)} after ${g.agentNames[g.agentOf[r.at]]} withdrew it`,
    },
  };
}
