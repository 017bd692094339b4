/**
 * The claim values of a step's own text, read from the provenance claims already extracted for it
 * rather than by scanning the text again (on a 100k-step run a second scan of every input of the
 * outcome step costs as much as the stage that asks for it).
 */
import type { EngineGraph } from "../build-graph";
import { isAgentToolCall, type StepClaims } from "./provenance";

/**
 * The values `extractClaimValues(stepText(step))` would give, duplicates allowed: every claim of a
 * step's text is asserted or observed, except on an agent's tool call, whose asserted claims come
 * from its arguments and whose observed claims are its whole text.
 */
export function stepTextValues(g: EngineGraph, claims: readonly StepClaims[], v: number): string[] {
  const c = claims[v];
  const out = c.observed.map((x) => x.value);
  if (!isAgentToolCall(g, v)) for (const x of c.asserted) out.push(x.value);
  return out;
}
