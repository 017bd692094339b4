/**
 * How `importTrace` time grows with the size of a text format (the printed-chat and ChatDev benchmarks):
 * each hostile shape at 2 MB and 16 MB (best of two each, after a warm-up), the worst shape's ms per MB
 * at 16 MB as the headline (a reader that grows faster than the text shows it many times over; the 2 MB
 * time is printed for the trend, too short to divide by), then 20 MB of a real file repeated.
 */
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "../../lib/importers";
import { TraceInputError } from "../../lib/trace/errors";
import { reportBench } from "./bench-result.mjs";

export const MB = 1_000_000;

/** A real fixture of `lib/importers/fixtures/`. */
export const importerFixture = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, "..", "..", "lib", "importers", "fixtures", name), "utf8");

/** About `bytes` characters of whole copies of `block`. */
export const grow = (block: string, bytes: number) => block.repeat(Math.max(1, Math.round(bytes / block.length)));

export type Shape = [name: string, build: (bytes: number) => string];

export interface ScalingBench {
  /** The `reportBench` name, and the text format's name in the printed lines and metrics. */
  bench: string;
  what: string;
  fileName: string;
  shapes: readonly Shape[];
  /** 20 MB of what: the real file repeated. */
  real: { label: string; block: string };
}

export function runScalingBench({ bench, what, fileName, shapes, real }: ScalingBench): void {
  const time = (text: string): number => {
    const t0 = performance.now();
    try {
      importTrace(text, { fileName });
    } catch (err) {
      if (!(err instanceof TraceInputError)) throw err;
    }
    return performance.now() - t0;
  };
  console.log(`${what} import: ms at 2 MB and at 16 MB, and ms per MB at 16 MB`);
  let worst = 0;
  for (const [name, shape] of shapes) {
    const small = shape(2 * MB);
    const large = shape(16 * MB);
    time(small);
    const t2 = Math.min(time(small), time(small));
    const t16 = Math.min(time(large), time(large));
    worst = Math.max(worst, t16 / 16);
    console.log(
      `${name.padEnd(42)} ${t2.toFixed(0).padStart(6)} ms ${t16.toFixed(0).padStart(7)} ms  ${(t16 / 16).toFixed(0)} ms/MB`,
    );
  }
  reportBench({
    bench,
    metric: "import ms per MB at 16 MB, worst hostile shape",
    value: Math.round(worst),
    unit: "ms/MB",
    limit: 250,
  });
  const text = grow(real.block, 20 * MB);
  time(grow(real.block, MB));
  const t20 = time(text);
  console.log(`20 MB of ${real.label}: ${t20.toFixed(0)} ms (${(t20 / 20).toFixed(0)} ms/MB)`);
  reportBench({ bench, metric: `import of 20 MB of ${real.label}`, value: Math.round(t20), unit: "ms", limit: 10_000 });
}
