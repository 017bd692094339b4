/**
 * How sure a number of replays makes us that a fix cures a failure: the Wilson score interval
 * (95%) of the flip rate, and a verdict. "Too few runs to tell" when the interval holds one half:
 * the replays cannot say whether the fix cures most runs or fails most of them (4 of 5 passing is
 * still consistent with a 38% cure rate).
 */
const Z95 = 1.959963984540054;

export type FlipVerdict = "cures" | "does-not-cure" | "too-few-runs";

export function wilsonInterval(successes: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const round = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 10_000) / 10_000;
  return [round(centre - half), round(centre + half)];
}

export function flipVerdict([lo, hi]: readonly [number, number]): FlipVerdict {
  if (lo > 0.5) return "cures";
  if (hi < 0.5) return "does-not-cure";
  return "too-few-runs";
}

export const FLIP_VERDICT_TEXT: Record<FlipVerdict, string> = {
  cures: "the fix cures the failure",
  "does-not-cure": "the fix is not the cure",
  "too-few-runs": "too few runs to tell",
};
