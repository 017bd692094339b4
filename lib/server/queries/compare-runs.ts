import "server-only";
import { compareRuns, type RunComparison } from "@/lib/compare";
import type { TOutcome, TSourceFormat } from "@/lib/trace/schema";
import type { RunViewData } from "@/lib/view/types";
import { getRunView, isRunId } from "./get-run-view";

export type CompareData =
  | { ok: true; a: RunViewData; b: RunViewData; comparison: RunComparison }
  | { ok: false; missing: ("a" | "b")[] };

/**
 * Both runs as the run page sees them (so the canvases can be reused) and their comparison.
 * A run id that is malformed or unknown is reported as missing, never thrown.
 */
export async function getComparison({ a, b }: { a: string; b: string }): Promise<CompareData> {
  const [viewA, viewB] = await Promise.all([isRunId(a) ? getRunView({ runId: a }) : undefined, isRunId(b) ? getRunView({ runId: b }) : undefined]);
  if (!viewA || !viewB) return { ok: false, missing: [...(viewA ? [] : ["a" as const]), ...(viewB ? [] : ["b" as const])] };
  const side = (id: string, view: RunViewData) => ({
    id,
    trace: { run: { outcome: view.run.outcome as TOutcome, sourceFormat: view.run.sourceFormat as TSourceFormat }, agents: view.agents, steps: view.steps },
    report: view.report,
  });
  return { ok: true, a: viewA, b: viewB, comparison: compareRuns(side(a, viewA), side(b, viewB)) };
}
