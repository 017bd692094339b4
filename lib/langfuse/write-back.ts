import type { LangfuseClient } from "./langfuse-client";
import { LangfuseError } from "./langfuse-host";
import { checkTraceId } from "./fetch-traces";
import { summarizeVerdict, type ReportLike } from "../verdict/verdict-summary";

/** Langfuse limits a comment to 5000 characters and a text score to 500. */
const MAX_COMMENT = 5000;
const MAX_SCORE_COMMENT = 500;
export const SCORE_NAME = "culprit";

export interface WriteBackTarget {
  traceId: string;
  /** The run on a Culprit server, linked from the score and the comment. */
  runUrl?: string;
}

/**
 * `POST /api/public/scores` body: a categorical score named "culprit" whose value is the decisive
 * agent (or "none"/"undetermined"), attached to the decisive observation when the report names
 * one, with step, confidence and the run link in its metadata.
 */
export function verdictScore(report: ReportLike, target: WriteBackTarget) {
  const v = summarizeVerdict(report);
  return {
    traceId: checkTraceId(target.traceId),
    ...(v.sourceRef ? { observationId: v.sourceRef } : {}),
    name: SCORE_NAME,
    dataType: "CATEGORICAL" as const,
    value: v.agent ?? (report.outcome === "success" ? "none" : "undetermined"),
    comment: `${v.headline}${target.runUrl ? ` — ${target.runUrl}` : ""}`.slice(0, MAX_SCORE_COMMENT),
    source: "API" as const,
    metadata: {
      agent: v.agent,
      step: v.stepNumber,
      confidence: v.confidence,
      outcome: v.outcome,
      engineVersion: report.engineVersion,
      ...(target.runUrl ? { runUrl: target.runUrl } : {}),
    },
  };
}

/** The comment on the trace (Markdown, as Langfuse renders it): the verdict in a few lines. */
export function verdictComment(report: ReportLike, target: WriteBackTarget, projectId: string) {
  const v = summarizeVerdict(report);
  const lines = [`**${v.headline}**`, "", v.verdict];
  if (target.runUrl) lines.push("", `Run in Culprit: ${target.runUrl}`);
  lines.push("", `_culprit engine ${report.engineVersion}_`);
  return {
    projectId,
    objectType: "trace",
    objectId: checkTraceId(target.traceId),
    content: lines.join("\n").slice(0, MAX_COMMENT),
  };
}

/** The project the keys belong to (`GET /api/public/projects`): comments must name it. */
export async function projectIdOf(client: LangfuseClient): Promise<string> {
  const reply = (await client.get("/api/public/projects")) as { data?: Array<{ id?: unknown }> } | null;
  const id = reply?.data?.[0]?.id;
  if (typeof id !== "string")
    throw new LangfuseError("bad_reply", "GET /api/public/projects named no project for these keys.");
  return id;
}

/** Posts the score and the comment; returns the ids Langfuse gave them. */
export async function writeBackVerdict(
  client: LangfuseClient,
  report: ReportLike,
  target: WriteBackTarget,
  projectId?: string,
) {
  const score = (await client.post("/api/public/scores", verdictScore(report, target))) as { id?: string } | null;
  const comment = (await client.post(
    "/api/public/comments",
    verdictComment(report, target, projectId ?? (await projectIdOf(client))),
  )) as {
    id?: string;
  } | null;
  return { scoreId: score?.id ?? null, commentId: comment?.id ?? null };
}
