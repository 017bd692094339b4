/**
 * `culprit pull langfuse`: lists (or takes) trace ids, downloads each trace with its observations,
 * imports it with the Langfuse importer, analyzes it locally or on a Culprit server, and writes
 * the verdict back to Langfuse and/or OTLP when asked. One trace failing never stops the others;
 * every trace done is recorded in the state file, so a rerun resumes.
 */
import { importTraces } from "../importers/index";
import { analyzeTrace } from "../attribution/index";
import { createLangfuseClient, type LangfuseClient } from "../langfuse/langfuse-client";
import { fetchTraceDownload, listTraceIds, type LangfuseDownload } from "../langfuse/fetch-traces";
import { projectIdOf, writeBackVerdict } from "../langfuse/write-back";
import { summarizeVerdict, type ReportLike } from "../verdict/verdict-summary";
import { createCulpritServer, waitForReport, type CulpritServer } from "./culprit-server";
import { emitVerdictOtlp } from "./emit-otlp";
import { parsePullArgs, PULL_USAGE, sinceToIso, type Env, type PullOptions } from "./pull-args";
import { PullState } from "./pull-state";

type Out = (line: string) => void;

interface Context {
  opts: PullOptions;
  langfuse: LangfuseClient;
  server?: CulpritServer;
  state: PullState;
  projectId?: string;
  out: Out;
}

export async function runPull(argv: string[], out: Out, err: Out, env: Env = process.env): Promise<number> {
  const opts = parsePullArgs(argv, env);
  if (typeof opts === "string") {
    (opts === PULL_USAGE ? out : err)(opts);
    return opts === PULL_USAGE ? 0 : 2;
  }
  let ctx: Context;
  try {
    const langfuse = createLangfuseClient({
      host: opts.host ?? "",
      publicKey: env.LANGFUSE_PUBLIC_KEY ?? "",
      secretKey: env.LANGFUSE_SECRET_KEY ?? "",
    });
    const server = opts.server ? createCulpritServer(opts.server, env.CULPRIT_API_KEY) : undefined;
    ctx = { opts, langfuse, server, state: new PullState(opts.stateFile, langfuse.baseUrl), out };
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return 2;
  }
  let failures = 0;
  let seen = 0;
  try {
    for await (const traceId of traceIdsOf(ctx)) {
      seen++;
      const error = await pullOne(ctx, traceId).then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      if (error === undefined) continue;
      failures++;
      if (opts.json) out(JSON.stringify({ traceId, ok: false, error }));
      else err(`${traceId}: ${error}`);
    }
  } catch (e) {
    err(`listing traces failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  if (!opts.json) out(`${seen} trace(s) seen, ${failures} failed.`);
  return failures > 0 ? 1 : 0;
}

async function* traceIdsOf(ctx: Context): AsyncGenerator<string> {
  if (ctx.opts.traceIds.length > 0) {
    yield* ctx.opts.traceIds.slice(0, ctx.opts.max);
    return;
  }
  yield* listTraceIds(ctx.langfuse, { fromTimestamp: sinceToIso(ctx.opts.since), max: ctx.opts.max });
}

/** Langfuse's own verdict on the trace: a failing score or an ERROR observation. */
function looksFailed(download: LangfuseDownload, outcome: string): boolean {
  return (
    outcome === "failure" || download.observations.some((o) => (o as { level?: unknown } | null)?.level === "ERROR")
  );
}

async function pullOne(ctx: Context, traceId: string): Promise<void> {
  const { opts, out } = ctx;
  if (!opts.force && ctx.state.has(traceId)) {
    if (opts.json) out(JSON.stringify({ traceId, ok: true, skipped: "already-pulled", ...ctx.state.get(traceId) }));
    return;
  }
  const download = await fetchTraceDownload(ctx.langfuse, traceId);
  const text = JSON.stringify(download);
  const [imported] = importTraces(text, { format: "langfuse", fileName: `langfuse-${traceId}.json` });
  if (opts.failedOnly && !looksFailed(download, imported.trace.run.outcome)) {
    // Not recorded in the state: Langfuse may score the trace as failed later, and a rerun should see it.
    if (opts.json) out(JSON.stringify({ traceId, ok: true, skipped: "not-failed" }));
    return;
  }
  const { report, runId, runUrl } = await analyze(ctx, text, imported.trace, traceId);
  let wroteBack = false;
  if (opts.writeBack) {
    ctx.projectId ??= await projectIdOf(ctx.langfuse);
    await writeBackVerdict(ctx.langfuse, report, { traceId, runUrl }, ctx.projectId);
    wroteBack = true;
  }
  if (opts.emitOtlp) await emitVerdictOtlp(opts.emitOtlp, report, { traceId, runUrl });
  ctx.state.record(traceId, { at: new Date().toISOString(), runId, wroteBack });
  const v = summarizeVerdict(report);
  if (opts.json)
    out(
      JSON.stringify({
        traceId,
        ok: true,
        runId,
        runUrl,
        outcome: v.outcome,
        agent: v.agent,
        step: v.stepNumber,
        confidence: v.confidence,
        wroteBack,
      }),
    );
  else
    out(
      [`${traceId}  [outcome ${v.outcome}]  ${v.headline}`, runUrl, wroteBack ? "(written back)" : undefined]
        .filter(Boolean)
        .join("  "),
    );
}

async function analyze(ctx: Context, text: string, trace: Parameters<typeof analyzeTrace>[0], traceId: string) {
  if (!ctx.server) return { report: analyzeTrace(trace) as ReportLike, runId: undefined, runUrl: undefined };
  const [run] = await ctx.server.upload(text, { name: `langfuse-${traceId}.json`, format: "langfuse" });
  const runUrl = ctx.server.runUrl(run.runId);
  // The server's own analysis is the verdict shown and written back (it may use a judge the CLI has not).
  const report = (await waitForReport(ctx.server, run.runId)) as ReportLike;
  return { report, runId: run.runId, runUrl };
}
