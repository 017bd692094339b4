import "server-only";
import { readStoredReport, readStoredStepReport } from "../read-report";
import type { TEdge, TStep } from "@/lib/trace/schema";
import { loadTrace } from "../load-trace";
import { db } from "../db";
import { toViewEdges } from "@/lib/view/view-edges";
import { summarizeReport, summarizeStep } from "@/lib/view/summarize-run";
import { ImmutableCache } from "./immutable-cache";
import { compressOnce } from "../http/compress";
import type { ContentCoding } from "../http/content-coding.mjs";
import type { Run } from "@/lib/generated/prisma/client";
import { pickRunFields, RUN_DETAIL_FIELDS, type RunDetailField } from "@/lib/view/run-row";
import type {
  AgentLink,
  AnalysisStatus,
  RunPageBody,
  RunPageData,
  RunPageFocus,
  RunPageShell,
  RunViewData,
  StepDetail,
  ViewAnalysis,
  ViewEdge,
  ViewLabel,
  ViewRun,
  ViewStep,
} from "@/lib/view/types";
export type { RunPageFocus } from "@/lib/view/types";
import { buildDensity, chooseStepWindow, densityBinSize, PAGE_ALL_STEPS_MAX, trimReportToWindow } from "@/lib/view/step-window";
import { config } from "../config";
import { pool } from "../pg-pool";

/**
 * The id of run `r`'s newest finished analysis (SQL, for a query over `runs r`): the version of
 * everything immutable on a run page (its body, its step details).
 */
const NEWEST_DONE_ANALYSIS_ID = `(SELECT a.id FROM analyses a WHERE a."runId" = r.id AND a.status = 'done' ORDER BY a."createdAt" DESC LIMIT 1)`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text fields longer than this are clipped before they go to the browser (the exports keep everything). */
function clipLimit(stepCount: number): number {
  return stepCount > 2000 ? 4_000 : 100_000;
}

/** True for strings that can be a run id; anything else is a 404 without touching the database. */
export function isRunId(value: string): boolean {
  return UUID_RE.test(value);
}

/**
 * Everything the run page renders, in one plain object: the trace, the newest analysis (any
 * status, for progress) and the newest finished report, and the labels. Undefined for an unknown run.
 */
export async function getRunView({ runId }: { runId: string }): Promise<RunViewData | undefined> {
  if (!isRunId(runId)) return undefined;
  const prisma = db();
  const [run, trace, latest, done, labels] = await Promise.all([
    prisma.run.findUnique({ where: { id: runId } }),
    loadTrace(runId),
    prisma.analysis.findFirst({ where: { runId }, orderBy: { createdAt: "desc" }, select: VIEW_ANALYSIS_COLUMNS }),
    prisma.analysis.findFirst({ where: { runId, status: "done" }, orderBy: { createdAt: "desc" }, select: { result: true } }),
    prisma.humanLabel.findMany({ where: { runId }, orderBy: { createdAt: "asc" } }),
  ]);
  if (!run || !trace) return undefined;
  const limit = clipLimit(trace.steps.length);
  return {
    run: toViewRun(run),
    agents: trace.agents,
    steps: trace.steps.map((s) => clipStep(s, limit)),
    edges: toViewEdges(trace.steps, trace.edges),
    analysis: latest ? toViewAnalysis(latest) : null,
    report: readStoredReport(done?.result)?.report ?? null,
    labels: labels.map(toViewLabel),
  };
}

/** Characters of step text fetched for the page (previews need the start only). */
const SUMMARY_TEXT_CHARS = 400;
/** Edge evidence is a sentence; anything longer is cut for the page. */
const EDGE_EVIDENCE_CHARS = 300;

type StepSummaryRow = {
  stepId: string;
  agent: string;
  kind: string;
  name: string | null;
  content: string;
  toolName: string | null;
  toolResult: string | null;
  stateOp: string | null;
  stateKey: string | null;
  target: string | null;
  status: string;
  errorType: string | null;
  errorMessage: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
};
type EdgeRow = { idx: number; fromIdx: number; toIdx: number; kind: string; key: string | null; evidence: string; confidence: number };

/**
 * What the run page ships to the browser: step summaries (ids, kinds, previews), edges, the
 * report's summary and the labels. Long texts never leave the database (SQL `left()`); the
 * inspector loads one full step at a time (`getStepDetail`). Runs above `PAGE_ALL_STEPS_MAX` steps
 * ship a window of `PAGE_WINDOW_STEPS` steps (the brushed `range`, else around the selected or
 * decisive step) and a binned whole-run density, so the payload is bounded whatever the run's size.
 * Undefined for an unknown run. The page itself renders the shell (`getRunPageShell`) and the
 * browser fetches the body (`getRunPageBodyJson`, decision 0019); this joins the two.
 */
export async function getRunPageView({ runId, focus }: { runId: string; focus?: RunPageFocus }): Promise<RunPageData | undefined> {
  const shell = await getRunPageShell({ runId });
  const body = shell ? await locateRunPageBody({ runId, focus }) : undefined;
  if (!shell || !body) return undefined;
  return { ...shell.shell, ...(await body.load()) };
}

/**
 * What can change on a run page, read on every request: the run row (it may be deleted), the newest
 * analysis (status, progress) and the labels; plus the newest finished analysis's id, the version of
 * the page's body. Undefined for an unknown run.
 */
export async function getRunPageShell({ runId }: { runId: string }): Promise<{ shell: RunPageShell; bodyVersion: string; hasReport: boolean } | undefined> {
  if (!isRunId(runId)) return undefined;
  // One query, not one per part: a run page is requested often and each round trip costs both this
  // process and Postgres CPU. `timestamp without time zone` columns hold UTC (Prisma writes them so):
  // `AT TIME ZONE 'UTC'` makes them instants whatever the process's time zone, and the labels' JSON
  // carries them as ISO strings.
  const {
    rows: [row],
  } = await pool().query<ShellRow>(
    `SELECT ${RUN_DETAIL_FIELDS.map((f) => (f === "createdAt" ? `r."createdAt" AT TIME ZONE 'UTC' AS "createdAt"` : `r."${f}"`)).join(", ")}, r.warnings,
            latest.id AS "latestId", latest.status AS "latestStatus", latest.progress AS "latestProgress", latest.error AS "latestError",
            latest."createdAt" AT TIME ZONE 'UTC' AS "latestCreatedAt", latest."finishedAt" AT TIME ZONE 'UTC' AS "latestFinishedAt",
            ${NEWEST_DONE_ANALYSIS_ID} AS "doneId",
            (SELECT coalesce(json_agg(json_build_object('id', l.id, 'agent', l.agent, 'stepId', l."stepId", 'note', l.note, 'author', l.author,
                                                        'imported', l.imported, 'createdAt', to_char(l."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                                      ORDER BY l."createdAt", l.id), '[]'::json)
             FROM human_labels l WHERE l."runId" = r.id) AS labels
     FROM runs r
     LEFT JOIN LATERAL (SELECT id, status, progress, error, "createdAt", "finishedAt" FROM analyses WHERE "runId" = r.id ORDER BY "createdAt" DESC LIMIT 1) latest ON true
     WHERE r.id = $1::uuid`,
    [runId],
  );
  if (!row) return undefined;
  const analysis =
    row.latestId === null
      ? null
      : toViewAnalysis({
          id: row.latestId,
          status: row.latestStatus!,
          progress: row.latestProgress!,
          error: row.latestError,
          createdAt: row.latestCreatedAt!,
          finishedAt: row.latestFinishedAt,
        });
  return {
    shell: { run: toViewRun(row), analysis, labels: row.labels },
    bodyVersion: row.doneId ?? "none",
    hasReport: row.doneId !== null,
  };
}

type ShellRow = Pick<Run, RunDetailField | "warnings"> & {
  latestId: string | null;
  latestStatus: string | null;
  latestProgress: number | null;
  latestError: string | null;
  latestCreatedAt: Date | null;
  latestFinishedAt: Date | null;
  doneId: string | null;
  labels: ViewLabel[];
};

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
  // Straight through the pool: this runs on every body request, and the cached answer is otherwise free.
  const {
    rows: [row],
  } = await pool().query<{ stepCount: number; edgeCount: number; analysisId: string | null }>(
    `SELECT r."stepCount", r."edgeCount",
            ${NEWEST_DONE_ANALYSIS_ID} AS "analysisId"
     FROM runs r WHERE r.id = $1::uuid`,
    [runId],
  );
  if (!row) return undefined;
  const version = row.analysisId ?? "none";
  const cached = row.analysisId ? await reportSummary(row.analysisId) : null;
  const report = cached?.summary ?? null;
  const base = { reportStale: cached?.stale ?? null };

  // Small runs ship whole, from the immutable cache (steps, edges and agents never change after ingest).
  if (row.stepCount <= PAGE_ALL_STEPS_MAX) return { version, lo: 0, hi: row.stepCount - 1, load: async () => ({ ...base, ...(await runBody(runId)), report }) };

  // Large runs: a window of steps around the focus, plus a whole-run density (bounded payload).
  // Both never change (runs are immutable after ingest), so both are cached: the density and agent
  // links scan the whole run, and a busy 100k-step run page must not repeat that per request.
  const focusStepId = focus?.stepId ?? report?.decisive?.stepId ?? null;
  const focusIdx = focusStepId && !focus?.range ? await stepIndexOf(runId, focusStepId) : null;
  const [lo, hi] = chooseStepWindow(row.stepCount, { range: focus?.range ?? null, focusIdx });
  const load = async (): Promise<RunPageBody> => {
    const [overview, body] = await Promise.all([runOverview(runId, row.stepCount, row.edgeCount > 0), windowBody(runId, lo, hi, row.edgeCount > 0)]);
    return {
      ...base,
      agents: overview.agents,
      steps: body.steps,
      edges: body.edges,
      report: report ? trimReportToWindow(report, new Set(body.steps.map((s) => s.id)), new Set(body.edges.map((e) => e.id))) : null,
      window: { offset: lo, total: row.stepCount, density: overview.density, agentLinks: overview.agentLinks },
    };
  };
  return { version, lo, hi, load };
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

/** Bytes of served page bodies kept in memory (a 100k-step run's window is about 1.2 MB). */
const PAGE_BODY_CACHE_BYTES = 64 * 1024 * 1024;
const bodyBytesCache = new ImmutableCache<Buffer>(PAGE_BODY_CACHE_BYTES);

type RunOverview = Pick<RunPageData, "agents"> & Pick<NonNullable<RunPageData["window"]>, "density" | "agentLinks">;

/** A large run's agents, whole-run density and agent links (cached per run: they never change). */
function runOverview(runId: string, stepCount: number, statedEdges: boolean): Promise<RunOverview> {
  return cached<RunOverview>(`overview:${runId}`, async () => {
    const prisma = db();
    const agents = await prisma.agent.findMany({ where: { runId }, orderBy: { idx: "asc" } });
    const agentList = agents.map((a) => ({ name: a.name, ...(a.role ? { role: a.role } : {}), ...(a.description ? { description: a.description } : {}) }));
    const binSize = densityBinSize(stepCount, agents.length);
    const [densityRows, agentLinks] = await Promise.all([
      prisma.$queryRaw<{ agent: string; bin: number; steps: number; errors: number }[]>`
        SELECT agent, (idx / ${binSize}::int)::int AS bin, count(*)::int AS steps, (count(*) FILTER (WHERE status = 'error'))::int AS errors
        FROM steps WHERE "runId" = ${runId}::uuid GROUP BY 1, 2`,
      agentLinkRows(runId, statedEdges),
    ]);
    const value = {
      agents: agentList,
      density: buildDensity(
        agentList.map((a) => a.name),
        stepCount,
        binSize,
        densityRows,
      ),
      agentLinks,
    };
    // Weighed like steps: one unit per density cell and agent link.
    return { value, weight: densityRows.length + agentLinks.length + agentList.length + 1 };
  });
}

/** Steps lo..hi of a large run and the edges among them (cached per window: they never change). */
function windowBody(runId: string, lo: number, hi: number, statedEdges: boolean): Promise<Pick<RunPageData, "steps" | "edges">> {
  return cached(`window:${runId}:${lo}:${hi}`, async () => {
    const [stepRows, edgeRows] = await Promise.all([stepSummaryRows(runId, lo, hi), statedEdges ? edgeRowsBetween(runId, lo, hi) : []]);
    const steps = stepRows.map((r) => summarizeStep(stepFromRow(r)));
    const edges: ViewEdge[] = statedEdges
      ? edgeRows.map((e) => ({ ...toViewEdges(steps, edgesFromRows([e], steps, lo))[0], id: `e${e.idx}` }))
      : // No stated edges: the engine's consecutive-message fallback, with its global ids.
        toViewEdges(steps, []).map((e, i) => ({ ...e, id: `inferred${lo + i + 1}` }));
    return { value: { steps, edges }, weight: steps.length + edges.length + 1 };
  });
}

/** Agent pairs that interact across the run, with how often per channel kind (the largest AGENT_LINKS_MAX). */
const AGENT_LINKS_MAX = 2000;
function agentLinkRows(runId: string, statedEdges: boolean): Promise<AgentLink[]> {
  if (statedEdges)
    return db().$queryRaw<AgentLink[]>`
      SELECT f.agent AS "from", t.agent AS "to", e.kind::text AS kind, count(*)::int AS count
      FROM edges e
      JOIN steps f ON f."runId" = e."runId" AND f.idx = e."fromIdx"
      JOIN steps t ON t."runId" = e."runId" AND t.idx = e."toIdx"
      WHERE e."runId" = ${runId}::uuid AND f.agent <> t.agent
      GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1, 2, 3 LIMIT ${AGENT_LINKS_MAX}`;
  // No stated edges: the engine's fallback links consecutive steps (see toViewEdges).
  return db().$queryRaw<AgentLink[]>`
      SELECT prev AS "from", agent AS "to", 'message' AS kind, count(*)::int AS count
      FROM (SELECT agent, lag(agent) OVER (ORDER BY idx) AS prev FROM steps WHERE "runId" = ${runId}::uuid) t
      WHERE prev IS NOT NULL AND prev <> agent
      GROUP BY 1, 2 ORDER BY 4 DESC, 1, 2 LIMIT ${AGENT_LINKS_MAX}`;
}

function stepSummaryRows(runId: string, lo: number, hi: number) {
  return db().$queryRaw<StepSummaryRow[]>`
      SELECT "stepId", agent, kind, name, left(content, ${SUMMARY_TEXT_CHARS}) AS content, "toolName",
             left("toolResult", ${SUMMARY_TEXT_CHARS}) AS "toolResult", "stateOp", "stateKey", target, status,
             "errorType", left("errorMessage", ${SUMMARY_TEXT_CHARS}) AS "errorMessage", "inputTokens", "outputTokens", "totalTokens"
      FROM steps WHERE "runId" = ${runId}::uuid AND idx BETWEEN ${lo}::int AND ${hi}::int ORDER BY idx`;
}

/** Edges with both ends among steps lo..hi (the (runId, toIdx) index bounds the scan). */
function edgeRowsBetween(runId: string, lo: number, hi: number) {
  return db().$queryRaw<EdgeRow[]>`
      SELECT idx, "fromIdx", "toIdx", kind::text AS kind, key, left(evidence, ${EDGE_EVIDENCE_CHARS}) AS evidence, confidence
      FROM edges WHERE "runId" = ${runId}::uuid AND "toIdx" BETWEEN ${lo}::int AND ${hi}::int AND "fromIdx" BETWEEN ${lo}::int AND ${hi}::int ORDER BY idx`;
}

function edgesFromRows(rows: EdgeRow[], steps: { id: string }[], offset: number): TEdge[] {
  return rows.map((e) => ({
    from: steps[e.fromIdx - offset].id,
    to: steps[e.toIdx - offset].id,
    kind: e.kind as TEdge["kind"],
    ...(e.key !== null ? { key: e.key } : {}),
    evidence: e.evidence,
    confidence: e.confidence,
  }));
}

async function stepIndexOf(runId: string, stepId: string): Promise<number | null> {
  if (stepId.length === 0 || stepId.length > 256) return null;
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

/**
 * Immutable run data the page ships (whole small runs, large runs' windows and overviews), in one
 * budget of CULPRIT_PAGE_CACHE_STEPS steps. Values of different shapes share it; each key's prefix
 * says which, and only `cached<T>` callers with that prefix read it back.
 */
const bodyCache = new ImmutableCache<unknown>(config().CULPRIT_PAGE_CACHE_STEPS);
function cached<T>(key: string, load: () => Promise<{ value: T; weight: number }>): Promise<T> {
  return bodyCache.get(key, load) as Promise<T>;
}
const reportCache = new ImmutableCache<{ summary: NonNullable<RunPageData["report"]>; stale: string | null } | null>(config().CULPRIT_PAGE_CACHE_REPORT_STEPS);

function runBody(runId: string) {
  return cached<Pick<RunPageData, "agents" | "steps" | "edges">>(`run:${runId}`, async () => {
    const prisma = db();
    const [agents, stepRows, edgeRows] = await Promise.all([
      prisma.agent.findMany({ where: { runId }, orderBy: { idx: "asc" } }),
      prisma.$queryRaw<StepSummaryRow[]>`
        SELECT "stepId", agent, kind, name, left(content, ${SUMMARY_TEXT_CHARS}) AS content, "toolName",
               left("toolResult", ${SUMMARY_TEXT_CHARS}) AS "toolResult", "stateOp", "stateKey", target, status,
               "errorType", left("errorMessage", ${SUMMARY_TEXT_CHARS}) AS "errorMessage", "inputTokens", "outputTokens", "totalTokens"
        FROM steps WHERE "runId" = ${runId}::uuid ORDER BY idx`,
      prisma.$queryRaw<EdgeRow[]>`
        SELECT "fromIdx", "toIdx", kind::text AS kind, key, left(evidence, ${EDGE_EVIDENCE_CHARS}) AS evidence, confidence
        FROM edges WHERE "runId" = ${runId}::uuid ORDER BY idx`,
    ]);
    const steps = stepRows.map((r) => summarizeStep(stepFromRow(r)));
    const stepIds = steps.map((s) => s.id);
    const edges: TEdge[] = edgeRows.map((e) => ({
      from: stepIds[e.fromIdx],
      to: stepIds[e.toIdx],
      kind: e.kind as TEdge["kind"],
      ...(e.key !== null ? { key: e.key } : {}),
      evidence: e.evidence,
      confidence: e.confidence,
    }));
    const value = {
      agents: agents.map((a) => ({ name: a.name, ...(a.role ? { role: a.role } : {}), ...(a.description ? { description: a.description } : {}) })),
      steps,
      edges: toViewEdges(steps, edges),
    };
    return { value, weight: steps.length + edges.length + 1 };
  });
}

function reportSummary(analysisId: string) {
  return reportCache.get(analysisId, async () => {
    const row = await db().analysis.findUnique({ where: { id: analysisId }, select: { result: true } });
    const stored = readStoredReport(row?.result);
    const value = stored ? { summary: summarizeReport(stored.report), stale: stored.stale } : null;
    return { value, weight: (stored?.report.steps.length ?? 0) + 1 };
  });
}

/**
 * A step detail as served (JSON text) and the version it belongs to: the newest finished analysis
 * (steps never change; findings change only with a new analysis). Undefined when the run or step is
 * unknown. Served from an in-process cache keyed by that version, so a busy step (or one on a 100k-step
 * run, whose findings live in a large report) is read once per analysis; the version doubles as the
 * HTTP ETag.
 */
export async function getStepDetailJson({ runId, stepId }: { runId: string; stepId: string }): Promise<{ json: string; version: string } | undefined> {
  if (!isRunId(runId) || stepId.length === 0 || stepId.length > 256) return undefined;
  // One indexed lookup per request: the run must still exist (a deleted run's cached steps are never served).
  const {
    rows: [row],
  } = await pool().query<{ analysisId: string | null }>(`SELECT ${NEWEST_DONE_ANALYSIS_ID} AS "analysisId" FROM runs r WHERE r.id = $1::uuid`, [runId]);
  if (!row) return undefined;
  const version = row.analysisId ?? "none";
  const json = await detailCache.get(`${runId}:${version}:${stepId}`, async () => {
    const detail = await getStepDetail({ runId, stepId });
    const text = detail === undefined ? null : JSON.stringify(detail);
    return { value: text, weight: (text?.length ?? 0) + 256 };
  });
  return json === null ? undefined : { json, version };
}

/** Characters of step-detail JSON kept in memory (a clipped step is at most a few hundred kB). */
const STEP_DETAIL_CACHE_CHARS = 32 * 1024 * 1024;
const detailCache = new ImmutableCache<string | null>(STEP_DETAIL_CACHE_CHARS);

/** One full step and the engine's findings on it (newest finished analysis); undefined when unknown. */
export async function getStepDetail({ runId, stepId }: { runId: string; stepId: string }): Promise<StepDetail | undefined> {
  if (!isRunId(runId) || stepId.length === 0 || stepId.length > 256) return undefined;
  const prisma = db();
  const [row, found] = await Promise.all([
    prisma.step.findUnique({ where: { runId_stepId: { runId, stepId } } }),
    // The report's steps follow the trace order, so the step's own index finds it directly; the
    // jsonpath fallback (still no row per report step) covers reports where the order differs.
    prisma.$queryRaw<{ report: unknown }[]>`
      WITH a AS (SELECT result->'steps' AS steps FROM analyses WHERE "runId" = ${runId}::uuid AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1),
           st AS (SELECT idx FROM steps WHERE "runId" = ${runId}::uuid AND "stepId" = ${stepId})
      SELECT CASE WHEN a.steps->(st.idx)->>'stepId' = ${stepId} THEN a.steps->(st.idx)
                  ELSE jsonb_path_query_first(a.steps, '$[*] ? (@.stepId == $id)', jsonb_build_object('id', ${stepId}::text)) END AS report
      FROM a, st`,
  ]);
  if (!row) return undefined;
  const step: TStep = {
    ...stepFromRow(row),
    ...(row.sourceRef ? { sourceRef: row.sourceRef } : {}),
    ...(row.input !== null ? { input: row.input } : {}),
    ...(row.stateOp && row.stateKey
      ? { state: { op: row.stateOp as "read" | "write", key: row.stateKey, ...(row.stateValue !== null ? { value: row.stateValue } : {}) } }
      : {}),
    ...(row.costUsd !== null ? { costUsd: row.costUsd } : {}),
    ...(row.startTime ? { startTime: row.startTime.toISOString() } : {}),
    ...(row.endTime ? { endTime: row.endTime.toISOString() } : {}),
    ...(row.attributes && typeof row.attributes === "object" && Object.keys(row.attributes).length > 0
      ? { attributes: row.attributes as Record<string, unknown> }
      : {}),
  };
  if (row.toolName)
    step.tool = {
      name: row.toolName,
      ...(row.toolArguments !== null ? { arguments: row.toolArguments } : {}),
      ...(row.toolResult !== null ? { result: row.toolResult } : {}),
    };
  return { step: clipStep(step, clipLimit(0)), report: readStoredStepReport(found[0]?.report) };
}

function stepFromRow(r: StepSummaryRow): TStep {
  const step: TStep = { id: r.stepId, agent: r.agent, kind: r.kind as TStep["kind"], content: r.content, status: r.status as TStep["status"] };
  if (r.name !== null) step.name = r.name;
  if (r.toolName) step.tool = { name: r.toolName, ...(r.toolResult !== null ? { result: r.toolResult } : {}) };
  if (r.stateOp && r.stateKey) step.state = { op: r.stateOp as "read" | "write", key: r.stateKey };
  if (r.target !== null) step.target = r.target;
  if (r.errorMessage !== null) step.error = { ...(r.errorType ? { type: r.errorType } : {}), message: r.errorMessage };
  if (r.inputTokens !== null || r.outputTokens !== null || r.totalTokens !== null)
    step.tokens = {
      ...(r.inputTokens !== null ? { input: r.inputTokens } : {}),
      ...(r.outputTokens !== null ? { output: r.outputTokens } : {}),
      ...(r.totalTokens !== null ? { total: r.totalTokens } : {}),
    };
  return step;
}

function toViewRun(run: Pick<Run, RunDetailField | "warnings">): ViewRun {
  return { ...pickRunFields(run, RUN_DETAIL_FIELDS), warnings: Array.isArray(run.warnings) ? (run.warnings as string[]) : [] };
}

function toViewLabel(l: {
  id: string;
  agent: string | null;
  stepId: string | null;
  note: string | null;
  author: string;
  imported: boolean;
  createdAt: Date;
}): ViewLabel {
  return { id: l.id, agent: l.agent, stepId: l.stepId, note: l.note, author: l.author, imported: l.imported, createdAt: l.createdAt.toISOString() };
}

/**
 * The columns a ViewAnalysis shows. Named, never "all but the report": an analysis row also holds
 * copied-out summaries (signature fields, agent figures) that reach hundreds of kB on large runs,
 * and reading them per page request or progress poll cost a 100k-step run page ~60 ms of CPU.
 */
const VIEW_ANALYSIS_COLUMNS = { id: true, status: true, progress: true, error: true, createdAt: true, finishedAt: true } as const;

/** The newest analysis of a run, for progress polling. */
export async function getLatestAnalysis({ runId }: { runId: string }): Promise<ViewAnalysis | null> {
  if (!isRunId(runId)) return null;
  const row = await db().analysis.findFirst({ where: { runId }, orderBy: { createdAt: "desc" }, select: VIEW_ANALYSIS_COLUMNS });
  return row ? toViewAnalysis(row) : null;
}

function toViewAnalysis(row: { id: string; status: string; progress: number; error: string | null; createdAt: Date; finishedAt: Date | null }): ViewAnalysis {
  return {
    id: row.id,
    status: row.status as AnalysisStatus,
    progress: row.progress,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function clipStep(step: ViewStep, limit: number): ViewStep {
  const clipped: string[] = [];
  const clip = (field: string, text: string | undefined) => {
    if (text === undefined || text.length <= limit) return text;
    clipped.push(field);
    return `${text.slice(0, limit)}\n… (${(text.length - limit).toLocaleString("en-US")} more characters; download the report for the full text)`;
  };
  const out: ViewStep = { ...step, content: clip("content", step.content) ?? "" };
  if (step.input !== undefined) out.input = clip("input", step.input);
  if (step.tool?.result !== undefined) out.tool = { ...step.tool, result: clip("tool result", step.tool.result) };
  if (clipped.length) out.clipped = clipped;
  return out;
}

export interface ShareLinkRow {
  token: string;
  createdAt: string;
  revokedAt: string | null;
  expiresAt: string | null;
}

/** Share links of a run, newest first (revoked ones too, so the owner sees what was revoked). */
export async function listShareLinks({ runId }: { runId: string }): Promise<ShareLinkRow[]> {
  if (!isRunId(runId)) return [];
  const rows = await db().shareLink.findMany({ where: { runId }, orderBy: { createdAt: "desc" } });
  return rows.map((r) => ({
    token: r.token,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

const TOKEN_RE = /^[A-Za-z0-9_-]{22,64}$/;

/** The run behind a live share link (and the view state it was created with); undefined when unknown, revoked or expired. */
export async function resolveShareToken({ token }: { token: string }): Promise<{ runId: string; viewState: string | null } | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const link = await db().shareLink.findUnique({ where: { token } });
  if (!link || link.revokedAt || (link.expiresAt && link.expiresAt.getTime() <= Date.now())) return undefined;
  return { runId: link.runId, viewState: typeof link.viewState === "string" ? link.viewState : null };
}
