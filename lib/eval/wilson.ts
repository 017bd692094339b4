/**
 * Wilson score interval for a binomial proportion (95 % by default). Preferred over the normal
 * approximation because our subsets are small (29–72 records) and accuracies can sit near 0 or 1,
 * where p ± 1.96·√(p(1−p)/n) leaves [0, 1] or collapses to a point.
 */
export function wilson(successes: number, n: number, z = 1.959963984540054): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
