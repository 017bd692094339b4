/** The environment as the commands read it (a plain map in tests). */
export type Env = Record<string, string | undefined>;

/** Flags of `culprit pull langfuse`, parsed and bounded before anything is fetched. */
export const PULL_USAGE = `Usage: culprit pull langfuse [--host URL] [--since 24h|7d|ISO-date] [--trace ID]...
         [--failed-only] [--server URL] [--write-back] [--emit-otlp URL] [--state FILE] [--max N]
         [--force] [--json]

Imports traces and their observations from Langfuse's public API and finds which agent caused each failure.
  --host         Langfuse base URL (default: LANGFUSE_HOST); keys from LANGFUSE_PUBLIC_KEY / LANGFUSE_SECRET_KEY
  --since        only traces since then (default 24h) when no --trace is given
  --trace        a trace id (repeatable); skips the listing
  --failed-only  only traces Langfuse scored as failed or with an ERROR observation
  --server       upload to this Culprit server (API key from CULPRIT_API_KEY) instead of analyzing locally
  --write-back   post each verdict to Langfuse as a score "culprit" and a comment on the trace
  --emit-otlp    send each verdict as an OTLP gen_ai.evaluation.result event to this /v1/traces URL
  --state        resumable state file (default .culprit-langfuse-state.json); traces in it are skipped
  --max          at most N traces (default 100, at most 1000)
  --force        pull traces the state file already has`;

export interface PullOptions {
  host?: string;
  since: string;
  traceIds: string[];
  failedOnly: boolean;
  server?: string;
  writeBack: boolean;
  emitOtlp?: string;
  stateFile: string;
  max: number;
  force: boolean;
  json: boolean;
}

const MAX_TRACES = 1000;
const MAX_TRACE_FLAGS = 1000;

export function parsePullArgs(argv: string[], env: Env = process.env): PullOptions | string {
  const [source, ...rest] = argv;
  if (!source || source === "--help" || source === "-h") return PULL_USAGE;
  if (source !== "langfuse") return `Unknown source "${source}"; culprit pulls from: langfuse.\n\n${PULL_USAGE}`;
  const o: PullOptions = {
    host: env.LANGFUSE_HOST,
    since: "24h",
    traceIds: [],
    failedOnly: false,
    writeBack: false,
    stateFile: ".culprit-langfuse-state.json",
    max: 100,
    force: false,
    json: false,
  };
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].includes("=")
      ? [rest[i].slice(0, rest[i].indexOf("=")), rest[i].slice(rest[i].indexOf("=") + 1)]
      : [rest[i], undefined];
    const value = () => inline ?? rest[++i] ?? "";
    if (flag === "--failed-only") o.failedOnly = true;
    else if (flag === "--write-back") o.writeBack = true;
    else if (flag === "--force") o.force = true;
    else if (flag === "--json") o.json = true;
    else if (flag === "--host") o.host = value();
    else if (flag === "--since") o.since = value();
    else if (flag === "--trace") o.traceIds.push(value());
    else if (flag === "--server") o.server = value();
    else if (flag === "--emit-otlp") o.emitOtlp = value();
    else if (flag === "--state") o.stateFile = value();
    else if (flag === "--max") o.max = Number(value());
    else if (flag === "--help" || flag === "-h") return PULL_USAGE;
    else return `Unknown option "${rest[i]}".\n\n${PULL_USAGE}`;
  }
  if (!Number.isInteger(o.max) || o.max < 1 || o.max > MAX_TRACES)
    return `--max must be a whole number from 1 to ${MAX_TRACES}.`;
  if (o.traceIds.length > MAX_TRACE_FLAGS) return `At most ${MAX_TRACE_FLAGS} --trace ids.`;
  if (sinceToIso(o.since) === undefined) return `--since "${o.since}" is neither a duration (30m, 24h, 7d) nor a date.`;
  return o;
}

/** "24h" → the ISO time 24 hours ago; an ISO date stays as it is. */
export function sinceToIso(since: string, now = Date.now()): string | undefined {
  const m = /^(\d{1,6})([mhd])$/.exec(since);
  if (m)
    return new Date(
      now - Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "m" | "h" | "d"],
    ).toISOString();
  const t = Date.parse(since);
  return Number.isFinite(t) && /^\d{4}-\d{2}-\d{2}/.test(since) ? new Date(t).toISOString() : undefined;
}
