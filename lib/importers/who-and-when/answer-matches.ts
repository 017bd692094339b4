/**
 * Whether a run's final answer gives the expected answer, compared after normalizing both: case,
 * Unicode width, punctuation, articles and spacing are ignored, numbers compare by value (commas,
 * currency signs and units around them do not matter). The expected answer may sit inside a longer
 * final answer as a whole-word sequence ("The answer is 42." gives "42"). Returns undefined when
 * either side is empty after normalizing.
 */
export function answerMatches(finalAnswer: string, groundTruth: string): boolean | undefined {
  const answer = words(finalAnswer);
  const truth = words(groundTruth);
  if (answer.length === 0 || truth.length === 0) return undefined;
  if (answer.join(" ") === truth.join(" ")) return true;
  // The word-sequence search costs answer × truth words: only for short expected answers.
  return truth.length <= MAX_TRUTH_WORDS && containsSequence(answer, truth);
}

/** Normalizing and comparing are linear; the sequence search is bounded by this (ground truths are a few words). */
const MAX_TRUTH_WORDS = 64;

const ARTICLES = new Set(["a", "an", "the"]);

function words(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      // 1,234.50 → 1234.50 (thousands separators), before punctuation goes
      .replace(/(\d),(?=\d{3}\b)/g, "$1")
      .replace(/[^\p{L}\p{N}.]+/gu, " ")
      // a dot is kept only inside numbers
      .replace(/(?<!\d)\.|\.(?!\d)/g, " ")
      .split(" ")
      .filter((w) => w !== "" && !ARTICLES.has(w))
      .map((w) => (/^\d+(?:\.\d+)?$/.test(w) ? String(Number(w)) : w))
  );
}

function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
