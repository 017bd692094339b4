/**
 * One format for benchmark figures: each bench script prints its readable table, then one
 * `BENCH_RESULT {...}` line per headline figure, which `npm run bench` collects into one table and
 * `bench/results.json` (so two commits can be compared).
 *
 * A figure: { bench, metric, value, unit, limit?, better: "lower" | "higher" }. `ratio` is value/limit
 * for lower-is-better figures and limit/value for higher-is-better ones, so ≤ 1 always means "met".
 */
export const RESULT_PREFIX = "BENCH_RESULT ";

export function reportBench(figure) {
  const { value, limit, better = "lower" } = figure;
  const ratio =
    limit === undefined || !Number.isFinite(value) || value === 0
      ? null
      : better === "lower"
        ? value / limit
        : limit / value;
  console.log(
    RESULT_PREFIX +
      JSON.stringify({ ...figure, better, ratio: ratio === null ? null : Math.round(ratio * 1000) / 1000 }),
  );
}

export function parseBenchResults(text) {
  const out = [];
  for (const line of text.split("\n"))
    if (line.startsWith(RESULT_PREFIX)) {
      try {
        out.push(JSON.parse(line.slice(RESULT_PREFIX.length)));
      } catch {
        // A malformed line is a bench bug; the bench's own output still shows it.
      }
    }
  return out;
}
