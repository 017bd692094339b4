import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * Which new passwords are refused (security review L-3): shorter than 12 characters, or guessable
 * by zxcvbn-ts (a maintained estimator with its list of common passwords, keyboard walks, repeats,
 * sequences, dates and l33t spellings; MIT) at a score below 3 of 4, also counting the person's own
 * name and email as known words. Only the first 64 characters are scored: the estimator's time
 * grows faster than linearly with length, and 64 characters that score 3 are strong anyway.
 */
export const MIN_PASSWORD_LENGTH = 12;
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** A plain sentence saying what is wrong with `password`, or null when it may be used. */
export function passwordProblem(password: string, personalWords: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `At least ${MIN_PASSWORD_LENGTH} characters.`;
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const words = personalWords
    .flatMap((w) => [w.toLowerCase(), ...w.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter((w) => w.length >= 3);
  const { score } = estimator.check(password.slice(0, 64), words.slice(0, 16));
  return score < MIN_SCORE
    ? "Too easy to guess (a common password, a pattern or a repeat); use a longer phrase."
    : null;
}
