import "server-only";
import type { RunComparison } from "@/lib/compare";
import type { TOutcome, TSourceFormat } from "@/lib/trace/schema";
import type { RunViewData } from "@/lib/view/types";
import { getRunView } from "../run-page/full-view";
import { isRunId } from "../ids";
import { pool } from "../pg-pool";
import { runInSandbox, SandboxLimitError } from "../sandbox/sandbox-pool";
import { compareMaxCells, compareTimeoutMs } from "../limits";

export type CompareData =
  | { ok: true; a: RunViewData; b: RunViewData; comparison: RunComparison }
  | { ok: false; missing: ("a" | "b")[]; tooLarge?: string };

/**
 * Both runs as the run page sees them (so the canvases can be reused) and their comparison.
 * A run id that is malformed or unknown is reported as missing, never thrown.
 *
 * Bounded work for a GET: the alignment is at worst O(n·m) (Hirschberg), so pairs of runs whose
 * step counts multiply past CULPRIT_COMPARE_MAX_CELLS are refused before anything is loaded, and
 * the alignment itself runs in a sandbox process with a deadline, off the event loop.
 */
export async function getComparison({ a, b }: { a: string; b: string }): Promise<CompareData> {
  const ids = [a, b].filter(isRunId);
  const { rows } = ids.length
    ? await pool().query<{ id: string; stepCount: number }>(
        `SELECT id, "stepCount" FROM runs WHERE id = ANY($1::uuid[])`,
        [ids],
      )
    : { rows: [] };
  const count = new Map(rows.map((r) => [r.id, r.stepCount]));
  const missing = [...(count.has(a) ? [] : ["a" as const]), ...(count.has(b) ? [] : ["b" as const])];
  if (missing.length) return { ok: false, missing };
  const cells = count.get(a)! * count.get(b)!;
  if (cells > compareMaxCells()) {
    return {
      ok: false,
      missing: [],
      tooLarge: `These runs are too large to align here (${count.get(a)} × ${count.get(b)} steps; the limit is ${compareMaxCells().toLocaleString("en")} step pairs, set CULPRIT_COMPARE_MAX_CELLS to change it).`,
    };
  }
  const [viewA, viewB] = await Promise.all([getRunView({ runId: a }), getRunView({ runId: b })]);
  if (!viewA || !viewB)
    return { ok: false, missing: [...(viewA ? [] : ["a" as const]), ...(viewB ? [] : ["b" as const])] };
  const side = (id: string, view: RunViewData) => ({
    id,
    trace: {
      run: { outcome: view.run.outcome as TOutcome, sourceFormat: view.run.sourceFormat as TSourceFormat },
      agents: view.agents,
      steps: view.steps,
    },
    report: view.report,
  });
  try {
    const comparison = await runInSandbox(
      "compare",
      { a: side(a, viewA), b: side(b, viewB) },
      { timeoutMs: compareTimeoutMs() },
    );
    return { ok: true, a: viewA, b: viewB, comparison };
  } catch (err) {
    if (err instanceof SandboxLimitError)
      return {
        ok: false,
        missing: [],
        tooLarge: `Comparing these runs took too long or too much memory: ${err.message}.`,
      };
    throw err;
  }
}
