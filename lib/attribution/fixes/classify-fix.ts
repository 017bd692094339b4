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

/** The fix type and the finding that decided it (none when the agent's role alone did). */
export function classifyFix(e: FixEvidence): { fixType: FixType; finding?: string } {
  const top = e.findings[0]?.score ?? 0;
  const strong = new Set(e.findings.filter((f) => f.score >= top / 2).map((f) => f.name));
  for (const [name, type] of FINDING_FIX) {
    if (!strong.has(name)) continue;
    if (UNSOURCED.has(name) && e.computational && !e.verifierLike)
      return { fixType: "recompute-arithmetic-and-code-results", finding: name };
    if (UNSOURCED.has(name) && e.verifierLike) return { fixType: "check-before-approving", finding: name };
    if (name === "premature-termination" && e.afterToolFailure) return { fixType: "handle-tool-errors", finding: name };
    return { fixType: type, finding: name };
  }
  if (e.verifierLike) return { fixType: e.rejects ? "check-before-rejecting" : "check-before-approving" };
  return { fixType: "check-own-output" };
}
