/**
 * Abandoned verification: a verifier approves with no evidence (no tool output since the last
 * change, no code of its own; state writes are not evidence), or approves right after a failed tool output. Also used for the
 * run-level verification-collapse rate.
 */
import type { Detector, DetectorHit } from "./types";
import { approves, isAgentUtterance, isToolOutput, NOT_DONE_RE, REJECTION_RE, subtreeOf, toolFailed } from "./patterns";
import { stepText, type EngineGraph } from "../build-graph";

/** Steps back that count as "the verifier looked at tool evidence". */
const EVIDENCE_WINDOW = 3;

export interface ApprovalStats {
  approvals: number;
  abandoned: number;
}

type Approvals = { hits: DetectorHit[]; stats: ApprovalStats };

/**
 * Per graph, its approvals: the detector and the run-level verification-collapse rate both ask, and
 * the answer depends only on the graph (its verifiers are marked before either asks).
 */
const approvalsOf = new WeakMap<EngineGraph, Approvals>();

export function verifierApprovals(g: EngineGraph): Approvals {
  let found = approvalsOf.get(g);
  if (!found) approvalsOf.set(g, (found = readApprovals(g)));
  return found;
}

function readApprovals(g: EngineGraph): Approvals {
  const hits: DetectorHit[] = [];
  let approvals = 0;
  for (let i = 0; i < g.n; i++) {
    if (!g.verifierAgents.has(g.agentOf[i]) || !isAgentUtterance(g, i)) continue;
    const text = stepText(g.steps[i]).slice(0, 6000);
    if (!approves(text) || REJECTION_RE.test(text) || NOT_DONE_RE.test(text)) continue;
    approvals++;
    let evidence = -1;
    let failed = -1;
    // A wrapper's evidence is its own subtree; otherwise the last few steps. Writing a verdict to
    // state is not evidence of having checked anything.
    const subtree = g.wrapper[i] ? subtreeOf(g, i) : null;
    const candidates = subtree ? subtree.length : Math.min(i, EVIDENCE_WINDOW);
    for (let k = 0; k < candidates; k++) {
      const j = subtree ? subtree[k] : i - 1 - k;
      if (!isToolOutput(g, j) || g.steps[j].state?.op === "write") continue;
      if (toolFailed(g, j)) failed = j;
      else evidence = j;
      break;
    }
    const ownCheck = /```|\bassert\b/.test(text) || g.steps[i].kind === "tool_call";
    const id = g.steps[i].id;
    if (failed >= 0)
      hits.push({
        step: i,
        name: "abandoned-verification",
        score: 0.8,
        mast: "FM-3.3 incorrect verification",
        dependent: true,
        evidence: {
          stepIds: [id, g.steps[failed].id],
          note: `approves right after tool output ${g.steps[failed].id} failed`,
        },
      });
    else if (evidence < 0 && !ownCheck)
      hits.push({
        step: i,
        name: "abandoned-verification",
        score: 0.55,
        mast: "FM-3.2 no or incomplete verification",
        dependent: true,
        evidence: { stepIds: [id], note: "approves without any tool output or check of its own" },
      });
  }
  return { hits, stats: { approvals, abandoned: hits.length } };
}

export const detectAbandonedVerification: Detector = ({ g }) => verifierApprovals(g).hits;
