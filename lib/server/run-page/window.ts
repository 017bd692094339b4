import "server-only";
import type { RunPageData, ViewEdge } from "@/lib/view/types";
import { toViewEdges } from "@/lib/view/view-edges";
import { edgeId } from "@/lib/attribution/edge-ids";
import { buildDensity, densityBinSize } from "@/lib/view/step-window";
import { db } from "../db";
import { isStepId } from "../ids";
import { edgeFromRow } from "../trace-from-rows";
import { bodyCache, cached } from "./caches";
import { agentLinkRows, densityRows, edgeRowsOf, summaryStepRows } from "./rows";
import { pageAgent } from "./view-rows";

/**
 * A large run's page body in parts: a window of steps, and a whole-run overview (agents, density,
 * agent links). All of it is cached: runs are immutable after ingest, and the overview scans the
 * whole run, which a busy 100k-step run page must not repeat per request.
 */

type RunOverview = Pick<RunPageData, "agents"> & Pick<NonNullable<RunPageData["window"]>, "density" | "agentLinks">;

/** A large run's agents, whole-run density and agent links (cached per run: they never change). */
export function runOverview(runId: string, stepCount: number, statedEdges: boolean): Promise<RunOverview> {
  return cached<RunOverview>(`overview:${runId}`, async () => {
    const agents = await db().agent.findMany({ where: { runId }, orderBy: { idx: "asc" } });
    const agentList = agents.map(pageAgent);
    const binSize = densityBinSize(stepCount, agents.length);
    const [bins, agentLinks] = await Promise.all([densityRows(runId, binSize), agentLinkRows(runId, statedEdges)]);
    const density = buildDensity(
      agentList.map((a) => a.name),
      stepCount,
      binSize,
      bins,
    );
    // Weighed like steps: one unit per density cell and agent link.
    return {
      value: { agents: agentList, density, agentLinks },
      weight: bins.length + agentLinks.length + agentList.length + 1,
    };
  });
}

/** Steps lo..hi of a large run and the edges among them (cached per window: they never change). */
export function windowBody(
  runId: string,
  lo: number,
  hi: number,
  statedEdges: boolean,
): Promise<Pick<RunPageData, "steps" | "edges">> {
  return cached(`window:${runId}:${lo}:${hi}`, async () => {
    const [steps, edgeRows] = await Promise.all([
      summaryStepRows(runId, { lo, hi }),
      statedEdges ? edgeRowsOf(runId, { lo, hi }) : [],
    ]);
    const stepIds = steps.map((s) => s.id);
    const edges: ViewEdge[] = statedEdges
      ? edgeRows.map((e) => ({ ...toViewEdges(steps, [edgeFromRow(e, stepIds, lo)])[0], id: edgeId("stated", e.idx) }))
      : // No stated edges: the engine's consecutive-message fallback, with its global ids.
        toViewEdges(steps, []).map((e, i) => ({ ...e, id: edgeId("inferred", lo + i + 1) }));
    return { value: { steps, edges }, weight: steps.length + edges.length + 1 };
  });
}

/** The index of a step in its run, or null when unknown. */
export async function stepIndexOf(runId: string, stepId: string): Promise<number | null> {
  if (!isStepId(stepId)) return null;
  // A step's index never changes (runs are immutable after ingest), and a large run's body asks for
  // its focus step's on every request: cached, one unit of the budget each. Unknown ids are not
  // remembered (their key space is the caller's), they cost the query each time.
  const key = `stepidx:${runId}:${stepId}`;
  const known = await cached<number | null>(key, async () => {
    const row = await db().step.findUnique({ where: { runId_stepId: { runId, stepId } }, select: { idx: true } });
    return { value: row?.idx ?? null, weight: 1 };
  });
  if (known === null) bodyCache.forget(key);
  return known;
}
