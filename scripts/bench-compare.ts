/**
 * Compare benchmark (`npx tsx scripts/bench-compare.ts`, `npm run bench:compare`): aligning two
 * 5k-step runs. Target: under 1 s for two runs of one system that differ here and there (1% of
 * steps changed, inserted or deleted, spread over the whole run so prefix/suffix trimming cannot
 * shortcut it). Also reports the worst case (two unrelated runs: Hirschberg over the full matrix)
 * and the peak heap growth. Generated runs are seeded, so numbers are comparable across runs.
 */
import { ZTrace, type TTrace } from "../lib/trace/schema";
import { alignRuns } from "../lib/compare/align-runs";
import { reportBench } from "./lib/bench-result.mjs";
import { mulberry32 } from "../lib/attribution/prng";

const STEPS = 5_000;
const TARGET_MS = 1_000;
const WORDS =
  "plan search result table price total rows verified report check code output value agent answer page click file".split(
    " ",
  );

function generate(n: number, seed: number): TTrace {
  const rand = mulberry32(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const steps = Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 14 }, () => pick(WORDS));
    words.push(String(Math.floor(rand() * 100000)));
    const isTool = rand() < 0.2;
    return {
      id: `s${i}`,
      agent: isTool ? "tool" : `agent${Math.floor(rand() * 8)}`,
      kind: isTool ? "tool_result" : "message",
      content: words.join(" "),
    };
  });
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].sort().map((name) => ({ name })),
    steps,
  });
}

/** A copy of `base` with `rate` of its steps edited: a value changed, a step inserted, or a step dropped. */
function edited(base: TTrace, rate: number, seed: number): TTrace {
  const rand = mulberry32(seed);
  const steps: TTrace["steps"] = [];
  for (const step of base.steps) {
    const r = rand();
    if (r < rate / 3) continue;
    if (r < (2 * rate) / 3)
      steps.push({ ...step, content: step.content.replace(/\d+$/, String(Math.floor(rand() * 100000))) });
    else steps.push(step);
    if (r >= (2 * rate) / 3 && r < rate)
      steps.push({ ...step, id: `${step.id}-extra`, content: `extra check ${Math.floor(rand() * 1e6)}` });
  }
  return { ...base, steps };
}

function measure(label: string, a: TTrace, b: TTrace, repeats = 3) {
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let best = Infinity;
  let result = alignRuns(a, b);
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    result = alignRuns(a, b);
    best = Math.min(best, performance.now() - t0);
  }
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 1e6;
  console.log(
    `${label.padEnd(34)} ${a.steps.length}×${b.steps.length} steps  ${best.toFixed(0).padStart(5)} ms  (${(best / TARGET_MS).toFixed(2)}× of the ${TARGET_MS} ms target)  ` +
      `method ${result.method}, ${result.rows.length} rows, ${result.rows.filter((r) => r.divergent).length} divergent, heap +${heapMb.toFixed(0)} MB`,
  );
  return best;
}

const base = generate(STEPS, 1);
const similar = measure("same system, 1% of steps edited", base, edited(base, 0.01, 2));
measure("same system, 10% of steps edited", base, edited(base, 0.1, 3));
measure("identical runs", base, generate(STEPS, 1));
measure("unrelated runs (worst case)", base, generate(STEPS, 99), 1);
reportBench({
  bench: "compare",
  metric: "align two 5k-step runs (1% edited)",
  value: Math.round(similar),
  unit: "ms",
  limit: TARGET_MS,
});
console.log(
  `\nheadline: ${similar.toFixed(0)} ms for two 5k-step runs (target < ${TARGET_MS} ms, ratio ${(similar / TARGET_MS).toFixed(2)})`,
);
process.exit(similar < TARGET_MS ? 0 : 1);
