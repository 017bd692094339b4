/**
 * Run-level confound flags computed on every run (docs/methods.md, "Flags"), beside the verdict:
 * - token share vs attribution share: an agent that spent most of the run's tokens while getting
 *   less than half as large a share of blame (failure) or importance (success). Counting activity
 *   is not evidence: the seed's warning that tokens explain most of the variance in outcomes means
 *   a heavy spender can look central, or be the one everyone relied on, for that reason alone.
 *   Both cut-offs are scale-free halves (the majority of spend; under half of it back), not fitted.
 * - verification collapse: at least half of the run's approvals came with no check of their own,
 *   so approvals in this run are weak evidence that anything was right.
 */
import type { TokenShareConfound } from "./types";
import { round6 as round } from "./round6";

export interface ConfoundInput {
  agents: string[];
  /** Tokens per agent index. */
  tokens: Float64Array;
  /** Blame (failure) or importance (success) per agent index. */
  attribution: Float64Array;
  verificationCollapseRate: number;
  approvals: number;
}

export function confoundFlags(x: ConfoundInput): {
  tokenShareConfounds: TokenShareConfound[];
  verificationCollapsed: boolean;
} {
  const totalTokens = x.tokens.reduce((s, t) => s + t, 0);
  const totalAttr = x.attribution.reduce((s, t) => s + Math.max(0, t), 0);
  const tokenShareConfounds: TokenShareConfound[] = [];
  if (totalTokens > 0)
    x.agents.forEach((agent, a) => {
      const tokenShare = x.tokens[a] / totalTokens;
      const attributionShare = totalAttr > 0 ? Math.max(0, x.attribution[a]) / totalAttr : 0;
      if (tokenShare > 0.5 && attributionShare < tokenShare / 2)
        tokenShareConfounds.push({
          agent,
          tokenShare: round(tokenShare),
          attributionShare: round(attributionShare),
          ratio: attributionShare > 0 ? round(tokenShare / attributionShare) : null,
          evidence: {
            stepIds: [],
            note: `${agent} spent ${Math.round(tokenShare * 100)}% of the run's ${totalTokens} tokens but holds ${Math.round(attributionShare * 100)}% of the attribution`,
          },
        });
    });
  return { tokenShareConfounds, verificationCollapsed: x.approvals > 0 && x.verificationCollapseRate >= 0.5 };
}
