import "server-only";
import type { RunPageBody, RunPageData, RunPageFocus } from "@/lib/view/types";
import { toViewEdges } from "@/lib/view/view-edges";
import { summarizeReport } from "@/lib/view/summarize-run";
import { chooseStepWindow, PAGE_ALL_STEPS_MAX, trimReportToWindow } from "@/lib/view/step-window";
import { compressOnce } from "../http/compress";
import type { ContentCoding } from "../http/content-coding.mjs";
import { readStoredReport } from "../read-report";
import { db } from "../db";
import { isRunId } from "../ids";
import { pool } from "../pg-pool";
import { edgeFromRow } from "../trace-from-rows";
import { bodyBytesCache, cached, reportCache } from "./caches";
import { edgeRowsOf, NEWEST_DONE_ANALYSIS_ID, summaryStepRows } from "./rows";
import { getRunPageShell } from "./shell";
import { pageAgent } from "./view-rows";
import { runOverview, stepIndexOf, windowBody } from "./window";

export type { RunPageFocus } from "@/lib/view/types";

/**
 * What the run page ships to the browser: step summaries (ids, kinds, previews), edges, the
 * report's summary and the labels. Long texts never leave the database (SQL `left()`); the
 * inspector loads one full step at a time (`getStepDetail`). Runs above `PAGE_ALL_STEPS_MAX` steps
 * ship a window of `PAGE_WINDOW_STEPS` steps (the brushed `range`, else around the selected or
 * decisive step) and a binned whole-run density, so the payload is bounded whatever the run's size.
 * Undefined for an unknown run. The page itself renders the shell (`getRunPageShell`) and the
 * browser fetches the body (`getRunPageBodyBytes`, decision 0019); this joins the two.
 */
export async function getRunPageView({
  runId,
  focus,
}: {
  runId: string;
  focus?: RunPageFocus;
}): Promise<RunPageData | undefined> {
  const shell = await getRunPageShell({ runId });
  const body = shell ? await locateRunPageBody({ runId, focus }) : undefined;
  if (!shell || !body) return undefined;
  return { ...shell.shell, ...(await body.load()) };
}

/**
 * The run page's body as served (UTF-8 JSON) and its version (newest finished analysis and window,
 * also the HTTP ETag). Serialized and encoded once per (run, analysis, window) and cached: a busy
 * page, small or 100k steps, then costs one indexed query and no serialization per request.
 * Undefined for an unknown run.
 */
export async function getRunPageBodyBytes({
  runId,
  focus,
  coding = "identity",
}: {
  runId: string;
  focus?: RunPageFocus;
  /** The body's bytes in this content coding (decision 0023): compressed once per cached body. */
  coding?: ContentCoding;
}): Promise<{ bytes: Buffer; version: string; coding: ContentCoding } | undefined> {
  const found = await locateRunPageBody({ runId, focus });
  if (!found) return undefined;
  const version = `${found.version}:${found.lo}-${found.hi}`;
  const key = `${runId}:${version}`;
  const raw = () =>
    bodyBytesCache.get(key, async () => {
      const bytes = Buffer.from(JSON.stringify(await found.load()), "utf8");
      return { value: bytes, weight: bytes.length };
    });
  if (coding === "identity") return { bytes: await raw(), version, coding };
  // Each coding is its own entry, weighed by its own size, so the byte budget covers them all.
  const bytes = await bodyBytesCache.get(`${key}:${coding}`, async () => {
    const packed = await compressOnce(await raw(), coding);
    return { value: packed, weight: packed.length };
  });
  return { bytes, version, coding };
}

/**
 * Where the immutable part of a run page is (steps, edges, agents, the finished report's summary, a
 * large run's window and overview): its version (the newest finished analysis), its window, and how
 * to load it. Steps, edges and agents never change after ingest and a finished report never changes:
 * all of it comes from in-process caches, so a busy run page does not re-read (and re-parse) them.
 */
async function locateRunPageBody({
  runId,
  focus,
}: {
  runId: string;
  focus?: RunPageFocus;
}): Promise<{ version: string; lo: number; hi: number; load: () => Promise<RunPageBody> } | undefined> {
  if (!isRunId(runId)) return undefined;
  // One indexed lookup per request: the run must still exist (a deleted run's cached body is never served).
  const {
    rows: [row],
  } = await pool().query<{ stepCount: number; edgeCount: number; analysisId: string | null }>(
    `SELECT r."stepCount", r."edgeCount", ${NEWEST_DONE_ANALYSIS_ID} AS "analysisId" FROM runs r WHERE r.id = $1::uuid`,
    [runId],
  );
  if (!row) return undefined;
  const version = row.analysisId ?? "none";
  const summary = row.analysisId ? await reportSummary(row.analysisId) : null;
  const report = summary?.summary ?? null;
  const base = { reportStale: summary?.stale ?? null };

  // Small runs ship whole, from the immutable cache (steps, edges and agents never change after ingest).
  if (row.stepCount <= PAGE_ALL_STEPS_MAX)
    return {
      version,
      lo: 0,
      hi: row.stepCount - 1,
      load: async () => ({ ...base, ...(await runBody(runId)), report }),
    };

  // Large runs: a window of steps around the focus, plus a whole-run density (bounded payload).
  const focusStepId = focus?.stepId ?? report?.decisive?.stepId ?? null;
  const focusIdx = focusStepId && !focus?.range ? await stepIndexOf(runId, focusStepId) : null;
  const [lo, hi] = chooseStepWindow(row.stepCount, { range: focus?.range ?? null, focusIdx });
  const load = async (): Promise<RunPageBody> => {
    const [overview, body] = await Promise.all([
      runOverview(runId, row.stepCount, row.edgeCount > 0),
      windowBody(runId, lo, hi, row.edgeCount > 0),
    ]);
    return {
      ...base,
      agents: overview.agents,
      steps: body.steps,
      edges: body.edges,
      report: report
        ? trimReportToWindow(report, new Set(body.steps.map((s) => s.id)), new Set(body.edges.map((e) => e.id)))
        : null,
      window: { offset: lo, total: row.stepCount, density: overview.density, agentLinks: overview.agentLinks },
    };
  };
  return { version, lo, hi, load };
}

/** A small run's whole body: agents, step summaries and edges (cached per run: they never change). */
function runBody(runId: string) {
  return cached<Pick<RunPageData, "agents" | "steps" | "edges">>(`run:${runId}`, async () => {
    const [agents, steps, edgeRows] = await Promise.all([
      db().agent.findMany({ where: { runId }, orderBy: { idx: "asc" } }),
      summaryStepRows(runId, undefined),
      edgeRowsOf(runId, undefined),
    ]);
    const stepIds = steps.map((s) => s.id);
    const edges = edgeRows.map((e) => edgeFromRow(e, stepIds));
    const value = { agents: agents.map(pageAgent), steps, edges: toViewEdges(steps, edges) };
    return { value, weight: steps.length + edges.length + 1 };
  });
}

/** A finished analysis's report as the page shows it, and whether it is stale (cached per analysis). */
function reportSummary(analysisId: string) {
  return reportCache.get(analysisId, async () => {
    const row = await db().analysis.findUnique({ where: { id: analysisId }, select: { result: true } });
    const stored = readStoredReport(row?.result);
    const value = stored ? { summary: summarizeReport(stored.report), stale: stored.stale } : null;
    return { value, weight: (stored?.report.steps.length ?? 0) + 1 };
  });
}
