import type { TStep } from "./schema";

/**
 * Tokens one step reports: its total, else input + output, else 0. The one reading of a step's
 * token count shared by the engine's trajectory metrics and run comparison, so both count alike.
 * (Whether a container's count double-counts its children is the caller's question.)
 */
export function stepTokens(step: Pick<TStep, "tokens">): number {
  const t = step.tokens;
  if (!t) return 0;
  return t.total ?? (t.input ?? 0) + (t.output ?? 0);
}
