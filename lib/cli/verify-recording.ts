/**
 * `culprit verify <recording> [options] -- <command...>`: verifies the offline verdict of a
 * recorded run by re-running the command through the proxy in replay mode, once per intervention
 * set the strategies ask for (same strategies, report and agreement statement as `culprit verify`
 * against a replay endpoint).
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { TraceInputError } from "../trace/errors";
import { ReplaySession } from "../replay/replay-session";
import { ReplayError } from "../replay/replay-error";
import { verifyByReplay, REPLAY_METHODS, DEFAULT_REPLAY_METHODS, type ReplayMethod } from "../replay/verify-by-replay";
import { formatVerification } from "../replay/format-verification";
import { RECORDING_FILE } from "../record/recording-format";
import type { ProxyReplayDetail } from "../record/proxy-replay";
import type { UpstreamBudget } from "../record/upstream-budget";
import { prepareRecordingReplay } from "./recording-replay";
import {
  checkFlags,
  parseCommandFlags,
  PROXY_OPTIONS_HELP,
  splitCommand,
  DEFAULT_RUN_TIMEOUT_MS,
  type ProxyFlags,
} from "./proxy-options";
import { shellQuote } from "./shell-quote";
import { postVerificationToApp } from "./post-verification";

export const VERIFY_RECORDING_USAGE = `Usage: culprit verify <recording.json or its folder> [--budget N] [--strategy ${REPLAY_METHODS.join(",")}] [options] [--json] -- <command...>

Re-runs the recorded command through the record/replay proxy with the interventions the engine asks
for: other agents' calls are answered from the recording, the intervened agent's calls go upstream
(resample) or get a given answer. The command is required: commands stored in a recording are
never run on their own, and the recorded upstream is used only when it is this machine (else pass
--upstream again).
  --budget N                at most N replays (default 20)
  --strategy LIST           comma-separated strategies, or "all" (default ${DEFAULT_REPLAY_METHODS.join(",")}); also --methods
${PROXY_OPTIONS_HELP}
  --app URL                 also store the result in the Culprit app at URL (uploads the trace, then the verification)
  --api-key KEY             the app's CULPRIT_API_KEY (default $CULPRIT_API_KEY)
  --json                    one JSON object`;

interface Args extends ProxyFlags {
  file: string;
  budget: number;
  methods: ReplayMethod[];
  json: boolean;
  app?: string;
  apiKey?: string;
  command?: string[];
}

/** True when `verify` is asked to verify a recording rather than a trace against an endpoint. */
export function isRecordingVerify(argv: readonly string[]): boolean {
  if (argv.includes("--")) return true;
  const file = argv.find((a) => !a.startsWith("-"));
  if (!file) return false;
  try {
    const path = statSync(file).isDirectory() ? join(file, RECORDING_FILE) : file;
    const head = readFileSync(path, "utf8").slice(0, 200);
    return head.includes('"culprit.recording/v1"');
  } catch {
    return false;
  }
}

function parseArgs(argv: string[]): Args | string {
  const { args, command } = splitCommand(argv);
  const out: Partial<Args> & ProxyFlags & { files: string[] } = {
    files: [],
    budget: 20,
    methods: DEFAULT_REPLAY_METHODS,
    json: false,
    timeoutMs: DEFAULT_RUN_TIMEOUT_MS,
    limits: {},
  };
  const stop = parseCommandFlags(args, out, (flag, value, arg) => {
    if (flag === "--help" || flag === "-h") return VERIFY_RECORDING_USAGE;
    if (flag === "--json") out.json = true;
    else if (flag === "--app") out.app = value();
    else if (flag === "--api-key") out.apiKey = value();
    else if (flag === "--budget") {
      const v = value();
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 10_000) return `--budget must be an integer from 1 to 10000, got "${v}"`;
      out.budget = n;
    } else if (flag === "--strategy" || flag === "--methods") {
      const v = value();
      const list =
        v === "all"
          ? [...REPLAY_METHODS]
          : v
              .split(",")
              .map((m) => m.trim())
              .filter(Boolean);
      const bad = list.filter((m) => !(REPLAY_METHODS as readonly string[]).includes(m));
      if (bad.length || list.length === 0)
        return `Unknown strategy "${bad.join(", ") || v}". Use "all" or some of: ${REPLAY_METHODS.join(", ")}.`;
      out.methods = list as ReplayMethod[];
    } else if (flag.startsWith("--"))
      return `Unknown option "${flag}" (the command goes after --).\n\n${VERIFY_RECORDING_USAGE}`;
    else out.files.push(arg);
    return true;
  });
  if (stop !== undefined) return stop;
  if (out.files.length !== 1) return `Give exactly one recording.\n\n${VERIFY_RECORDING_USAGE}`;
  if (command && command.length === 0) return `No command after --.\n\n${VERIFY_RECORDING_USAGE}`;
  return checkFlags(out) ?? { ...(out as Args), file: out.files[0], command };
}

export function formatProxyReplays(details: readonly ProxyReplayDetail[], budget: UpstreamBudget): string {
  const lines = ["  replays through the proxy:"];
  details.forEach((d, i) => {
    const what = d.interventions.length
      ? d.interventions.map((iv) => `${iv.mode} ${iv.agent}${iv.stepId ? `@${iv.stepId}` : ""}`).join(", ")
      : "no intervention";
    const answered = `${d.fromRecording} from the recording, ${d.upstream} upstream${d.replaced ? `, ${d.replaced} replaced` : ""}${d.dropped ? `, ${d.dropped} dropped` : ""}`;
    lines.push(
      `   ${String(i + 1).padStart(2)}. ${what.slice(0, 80)} → ${d.outcome} (${d.calls} call(s): ${answered})`,
    );
    if (d.divergence)
      lines.push(
        `       diverged at call ${d.divergence.index + 1}: ${d.divergence.reason}; later calls went upstream`,
      );
  });
  lines.push(
    `  upstream spent: ${budget.calls} call(s), ${budget.tokens} token(s)${budget.limits.pricePerMTok ? `, $${budget.costUsd.toFixed(4)}` : ""}`,
  );
  return lines.join("\n");
}

/** One line per replay while it runs: what was changed and how it ended. */
function describeReplay(d: ProxyReplayDetail): string {
  const what = d.interventions.length
    ? d.interventions
        .map((iv) => `${iv.mode} ${iv.agent}`)
        .join(", ")
        .slice(0, 60)
    : "unchanged";
  return `${what}: ${d.outcome}${d.divergence ? " (diverged)" : ""}`;
}

export async function runVerifyRecording(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  signal?: AbortSignal,
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === "string") {
    (args === VERIFY_RECORDING_USAGE ? out : err)(args);
    return args === VERIFY_RECORDING_USAGE ? 0 : 2;
  }
  const fail = (message: string, code?: string) => {
    if (args.json) out(JSON.stringify({ file: args.file, ok: false, ...(code ? { code } : {}), error: message }));
    else err(`${args.file}: ${message}`);
    return 1;
  };
  try {
    const prepared = prepareRecordingReplay(
      args,
      "verify",
      signal,
      args.json ? undefined : (d) => err(`  replay ${describeReplay(d)}`),
    );
    if ("error" in prepared) return fail(prepared.error, prepared.code);
    const { recording, traceJson, trace, report, replay, budget } = prepared;
    const session = new ReplaySession({ call: replay.call, budget: args.budget, signal });
    const result = await verifyByReplay(trace, report, session, { methods: args.methods });
    const command = shellQuote(prepared.command);
    let stored: { url: string } | undefined;
    if (args.app)
      stored = await postVerificationToApp({
        app: args.app,
        apiKey: args.apiKey ?? process.env.CULPRIT_API_KEY,
        traceJson,
        recordingId: recording.id,
        command,
        result,
        log: session.log,
        details: replay.details,
        budget: args.budget,
        signal,
      });
    if (args.json) {
      out(
        JSON.stringify({
          file: args.file,
          ok: true,
          mode: "record-replay",
          command,
          ...result,
          log: session.log,
          proxyReplays: replay.details,
          upstream: { calls: budget.calls, tokens: budget.tokens, costUsd: budget.costUsd },
          ...(stored ? { app: stored.url } : {}),
        }),
      );
    } else {
      out(
        formatVerification(args.file, result, session.log) +
          "\n" +
          formatProxyReplays(replay.details, budget) +
          (stored ? `\n  stored in the app: ${stored.url}` : ""),
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof ReplayError) return fail(e.message, e.code);
    if (e instanceof TraceInputError) return fail(e.message);
    return fail(`${e instanceof Error ? e.message : String(e)}`);
  }
}
