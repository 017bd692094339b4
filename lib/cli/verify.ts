/**
 * `culprit verify <file> [--endpoint <url>] [--budget N] [--methods a,b] [--timeout ms] [--retries n] [--json]`
 * Analyzes a failed run offline, then checks the verdict by real replays against the system's
 * replay endpoint (docs/replay-protocol.md). No database: replays are cached for this run only.
 */
import { readFileSync } from "node:fs";
import { importTrace } from "../importers/index";
import { TraceInputError } from "../trace/errors";
import { analyzeTrace } from "../attribution/index";
import { httpReplay, DEFAULT_REPLAY_RETRIES, DEFAULT_REPLAY_TIMEOUT_MS } from "../replay/http-replay";
import { ReplaySession } from "../replay/replay-session";
import { ReplayError } from "../replay/replay-error";
import { resolveReplayEndpoint, systemEnvName } from "../replay/replay-endpoints";
import { replayRunOf } from "../replay/replay-run";
import { verifyByReplay, REPLAY_METHODS, DEFAULT_REPLAY_METHODS, type ReplayMethod } from "../replay/verify-by-replay";
import { formatVerification } from "../replay/format-verification";
import { judgeConfigFromEnv, JudgeError } from "../judge/judge-config";
import { judgeTrace, type JudgeVerdict } from "../judge/judge-trace";

export const VERIFY_USAGE = `Usage: culprit verify <file> [--endpoint <url>] [--budget N] [--methods ${REPLAY_METHODS.join(",")}] [--timeout ms] [--retries n] [--json]

Checks the offline verdict of a failed run by replaying it with interventions.
  --endpoint  the system's replay endpoint (default: CULPRIT_REPLAY_<SYSTEM>_URL or CULPRIT_REPLAY_ENDPOINTS)
  --budget    at most this many real replays (default 20)
  --methods   comma-separated strategies, or "all" (default ${DEFAULT_REPLAY_METHODS.join(",")})
  --timeout   per replay, in ms (default ${DEFAULT_REPLAY_TIMEOUT_MS})
  --retries   extra attempts on unreachable/timeout/5xx (default ${DEFAULT_REPLAY_RETRIES}, at most 5)
  --judge     also ask the LLM judge (CULPRIT_JUDGE_BASE_URL, CULPRIT_JUDGE_MODEL[, CULPRIT_JUDGE_API_KEY]) and fuse its verdict as a detector
  --json      one JSON object`;

interface VerifyArgs {
  file: string;
  endpoint?: string;
  budget: number;
  methods: ReplayMethod[];
  timeoutMs: number;
  retries: number;
  json: boolean;
  judge: boolean;
}

function parseVerifyArgs(argv: string[]): VerifyArgs | string {
  const args: Partial<VerifyArgs> & { files: string[] } = {
    files: [],
    budget: 20,
    methods: DEFAULT_REPLAY_METHODS,
    timeoutMs: DEFAULT_REPLAY_TIMEOUT_MS,
    retries: DEFAULT_REPLAY_RETRIES,
    json: false,
    judge: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] =
      a.startsWith("--") && a.includes("=")
        ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
        : [a, undefined];
    const value = () => inline ?? argv[++i];
    const int = (name: string, min: number, max: number) => {
      const v = value();
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max)
        throw `--${name} must be an integer from ${min} to ${max}, got "${v ?? ""}"`;
      return n;
    };
    try {
      if (flag === "--json") args.json = true;
      else if (flag === "--judge") args.judge = true;
      else if (flag === "--help" || flag === "-h") return VERIFY_USAGE;
      else if (flag === "--endpoint") args.endpoint = value();
      else if (flag === "--budget") args.budget = int("budget", 1, 10_000);
      else if (flag === "--timeout") args.timeoutMs = int("timeout", 1, 3_600_000);
      else if (flag === "--retries") args.retries = int("retries", 0, 5);
      else if (flag === "--methods") {
        const v = value() ?? "";
        const list =
          v === "all"
            ? [...REPLAY_METHODS]
            : v
                .split(",")
                .map((m) => m.trim())
                .filter(Boolean);
        const bad = list.filter((m) => !(REPLAY_METHODS as readonly string[]).includes(m));
        if (bad.length || list.length === 0)
          return `Unknown method(s) "${bad.join(", ") || v}". Use "all" or some of: ${REPLAY_METHODS.join(", ")}.`;
        args.methods = list as ReplayMethod[];
      } else if (flag.startsWith("--")) return `Unknown option "${flag}".\n\n${VERIFY_USAGE}`;
      else args.files.push(a);
    } catch (msg) {
      return String(msg);
    }
  }
  if (args.files.length !== 1) return `Give exactly one trace file.\n\n${VERIFY_USAGE}`;
  if (args.endpoint === undefined && argv.includes("--endpoint")) return "--endpoint needs a URL";
  return { ...(args as VerifyArgs), file: args.files[0] };
}

export async function runVerify(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  signal?: AbortSignal,
): Promise<number> {
  const args = parseVerifyArgs(argv);
  if (typeof args === "string") {
    (args === VERIFY_USAGE ? out : err)(args);
    return args === VERIFY_USAGE ? 0 : 2;
  }
  const fail = (message: string, code?: string) => {
    if (args.json) out(JSON.stringify({ file: args.file, ok: false, ...(code ? { code } : {}), error: message }));
    else err(`${args.file}: ${message}`);
    return 1;
  };
  let text: string;
  try {
    text = readFileSync(args.file, "utf8");
  } catch {
    return fail("no such file (or not readable)");
  }
  try {
    const { trace } = importTrace(text, { fileName: args.file });
    let judge: JudgeVerdict | undefined;
    if (args.judge) {
      const config = judgeConfigFromEnv();
      if (!config) return fail("--judge needs CULPRIT_JUDGE_BASE_URL and CULPRIT_JUDGE_MODEL", "not_configured");
      judge = await judgeTrace(trace, config, signal);
    }
    const report = analyzeTrace(trace, judge ? { extraEvidence: judge.evidence } : {});
    if (!report.analyzedAsFailure)
      return fail(`the run's outcome is ${trace.run.outcome} and the engine found no failure: nothing to verify`);
    const endpoint = args.endpoint ?? resolveReplayEndpoint(trace.run.system);
    if (!endpoint)
      return fail(
        `no replay endpoint: pass --endpoint <url> or set ${trace.run.system ? systemEnvName(trace.run.system) : "CULPRIT_REPLAY_ENDPOINTS"}`,
        "not_configured",
      );
    const call = httpReplay({
      endpoint,
      run: replayRunOf(trace),
      timeoutMs: args.timeoutMs,
      retries: args.retries,
      signal,
    });
    const session = new ReplaySession({ call, budget: args.budget, signal });
    const result = await verifyByReplay(trace, report, session, { methods: args.methods });
    const judgeLine = judge
      ? `\n  LLM judge: ${judge.agent ?? "no agent"}${judge.stepId ? ` at step ${judge.stepId}` : ""} (${judge.calls} call(s)): ${judge.reason}`
      : "";
    out(
      args.json
        ? JSON.stringify({
            file: args.file,
            ok: true,
            endpoint,
            ...result,
            ...(judge ? { judge } : {}),
            log: session.log,
          })
        : formatVerification(args.file, result, session.log) + judgeLine,
    );
    return 0;
  } catch (e) {
    if (e instanceof ReplayError) return fail(e.message, e.code);
    if (e instanceof TraceInputError || e instanceof JudgeError) return fail(e.message);
    return fail(`internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Runs `verify` as the process's command: Ctrl-C cancels the replays in flight. */
export function mainVerify(argv: string[]): void {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  runVerify(argv, console.log, console.error, controller.signal).then((code) => {
    process.off("SIGINT", onSigint);
    process.exitCode = code;
  });
}
