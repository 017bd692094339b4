/**
 * Whether a reply puts forward an answer of its own, in the forms debates write them: a stated
 * position ("My answer: 12"), a math solver's boxed answer (`\boxed{42}`, the form most debate
 * prompts ask for), or an option letter the reply opens with ("(B) Mitochondria").
 */
import { hasBoxedAnswer, statedPosition } from "../claims/stated-position";
import { readValue } from "../claims/stated-values";

/**
 * Whether a reply puts forward an answer: a stated position, a boxed answer, or an option letter it
 * opens with ("(B) Mitochondria"). A debater that keeps its answer round after round says the same
 * text each time, and each time it is a position taken on what the others said, as a repeated
 * verdict is a judgement: no stock reply.
 */
export function statesAnAnswer(text: string): boolean {
  return hasBoxedAnswer(text) || readValue(text.trimStart())?.kind === "option" || statedPosition(text) !== null;
}
