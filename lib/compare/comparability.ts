/**
 * Whether two runs can be compared step by step. Aligning the steps of two different systems (or
 * of two different tasks) still yields rows, but every row "diverges" and the first divergence
 * means nothing: the compare page says so up front instead of pointing at row 1.
 */
import type { AgentMatch } from "./match-agents";

export interface ComparableRun {
  system?: string | null;
  task?: string | null;
}

export type Comparability =
  | { kind: "comparable" }
  | { kind: "different-systems"; a: string; b: string; message: string }
  | { kind: "no-shared-agents"; message: string }
  | { kind: "different-tasks"; message: string };

const LIKE_FOR_LIKE =
  "the aligned steps below do not compare like with like; read the two verdicts and the blame per agent instead.";

/** Task texts compared without case, spacing or trailing punctuation. */
function sameTask(a: string, b: string): boolean {
  const norm = (t: string) =>
    t
      .toLowerCase()
      .replace(/\s+/g, " ")
      .replace(/[.!?\s]+$/, "")
      .trim();
  return norm(a) === norm(b);
}

export function comparability(a: ComparableRun, b: ComparableRun, agents: AgentMatch[]): Comparability {
  if (a.system && b.system && a.system !== b.system)
    return {
      kind: "different-systems",
      a: a.system,
      b: b.system,
      message: `These runs come from different systems (${a.system} and ${b.system}): ${LIKE_FOR_LIKE}`,
    };
  if (agents.length > 0 && agents.every((m) => m.a === null || m.b === null))
    return { kind: "no-shared-agents", message: `These runs share no agent: ${LIKE_FOR_LIKE}` };
  if (a.task && b.task && !sameTask(a.task, b.task))
    return { kind: "different-tasks", message: `These runs were given different tasks: ${LIKE_FOR_LIKE}` };
  return { kind: "comparable" };
}
