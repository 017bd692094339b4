/**
 * Picks the fix type for one agent's mistake from its evidence. Findings close in strength to the
 * strongest (at least half its score) compete; among them the most specific kind of mistake wins
 * (a failed tool call explains an invented value after it, not the other way round). A value that
 * the engine could not find in the agent's inputs, stated as the result of a computation over
 * them, is a computation to redo rather than a source to cite.
 */
import type { FixEvidence } from "./fix-evidence";
import { FINDING_FIX, type FixType } from "./fix-types";

const UNSOURCED = new Set(["ungrounded-value", "unsourced-value"]);

export function classifyFix(e: FixEvidence): FixType {
  const top = e.findings[0]?.score ?? 0;
  const strong = new Set(e.findings.filter((f) => f.score >= top / 2).map((f) => f.name));
  for (const [name, type] of FINDING_FIX) {
    if (!strong.has(name)) continue;
    if (UNSOURCED.has(name) && e.computational && !e.verifierLike) return "recompute-arithmetic-and-code-results";
    if (UNSOURCED.has(name) && e.verifierLike) return "check-before-approving";
    if (name === "premature-termination" && e.afterToolFailure) return "handle-tool-errors";
    return type;
  }
  if (e.verifierLike) return e.rejects ? "check-before-rejecting" : "check-before-approving";
  return "check-own-output";
}
