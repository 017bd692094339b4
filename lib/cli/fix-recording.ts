/**
 * `culprit fix <recording> [--agent NAME] [--instruction TEXT | --instruction-file F] [--runs N]
 * [--control NAME|auto] [--judge] [--json] -- <command...>`: proves a corrective instruction by
 * replay (lib/replay/try-fix.ts). Same proxy, budgets, key handling and trust rules as
 * `culprit verify <recording>`.
 */
import { readFileSync } from "node:fs";
import { TraceInputError } from "../trace/errors";
import { ReplayError } from "../replay/replay-error";
import { MAX_INSTRUCTION } from "../replay/protocol";
import { DEFAULT_FIX_RUNS, MAX_FIX_RUNS, fixCandidates, tryFix, type FixCandidate } from "../replay/try-fix";
import { judgeConfigFromEnv } from "../judge/judge-config";
import { rewriteFixes } from "../judge/rewrite-fixes";
import {
  checkFlags,
  parseCommandFlags,
  PROXY_OPTIONS_HELP,
  splitCommand,
  DEFAULT_RUN_TIMEOUT_MS,
  type ProxyFlags,
} from "./proxy-options";
import { prepareRecordingReplay } from "./recording-replay";
import { formatFixResult } from "./format-fix";
import { postFixTrialToApp } from "./post-fix-trial";
import { shellQuote } from "./shell-quote";

export const FIX_USAGE = `Usage: culprit fix <recording.json or its folder> [--agent NAME] [--instruction TEXT | --instruction-file F] [--runs N] [--control NAME|auto] [--judge] [--json] -- <command...>

Replays the recorded command N times with a corrective instruction appended to one agent's system
prompt; every other agent is answered from the recording while the run follows it (upstream after a
divergence). Reports how many replays now pass and a 95% interval of the flip rate.
  --agent NAME              the agent to fix (default: the first of the offline culprits whose fix flips a screening replay)
  --instruction TEXT        the instruction to append (default: the agent's suggested fix, docs/fixes.md)
  --instruction-file F      the same, read from a file
  --runs N                  replays of the fix (default ${DEFAULT_FIX_RUNS}, at most ${MAX_FIX_RUNS})
  --control NAME|auto       also try that agent's own fix N times: what a fix that is not the cure looks like
  --judge                   let the optional judge (CULPRIT_JUDGE_*) rewrite the suggested instruction
${PROXY_OPTIONS_HELP}
  --app URL                 also store the result in the Culprit app at URL (uploads the trace, then the trial)
  --api-key KEY             the app's CULPRIT_API_KEY (default $CULPRIT_API_KEY)
  --json                    one JSON object`;

interface Args extends ProxyFlags {
  file: string;
  agent?: string;
  instruction?: string;
  runs: number;
  control?: string;
  judge: boolean;
  json: boolean;
  app?: string;
  apiKey?: string;
  command?: string[];
}

function parseArgs(argv: string[]): Args | string {
  const { args, command } = splitCommand(argv);
  const out: Partial<Args> & ProxyFlags & { files: string[] } = {
    files: [],
    runs: DEFAULT_FIX_RUNS,
    judge: false,
    json: false,
    timeoutMs: DEFAULT_RUN_TIMEOUT_MS,
    limits: {},
  };
  const stop = parseCommandFlags(args, out, (flag, value, arg) => {
    if (flag === "--help" || flag === "-h") return FIX_USAGE;
    if (flag === "--json") out.json = true;
    else if (flag === "--judge") out.judge = true;
    else if (flag === "--app") out.app = value();
    else if (flag === "--api-key") out.apiKey = value();
    else if (flag === "--agent") out.agent = value().slice(0, 256);
    else if (flag === "--control") out.control = value().slice(0, 256);
    else if (flag === "--instruction" || flag === "--instruction-file") {
      const v = value();
      let text: string;
      try {
        text = flag === "--instruction" ? v : readFileSync(v, "utf8");
      } catch (e) {
        return `cannot read ${v}: ${e instanceof Error ? e.message : String(e)}`;
      }
      if (!text.trim() || text.length > MAX_INSTRUCTION)
        return `the instruction must hold 1 to ${MAX_INSTRUCTION} characters`;
      out.instruction = text.trim();
    } else if (flag === "--runs") {
      const v = value();
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > MAX_FIX_RUNS)
        return `--runs must be an integer from 1 to ${MAX_FIX_RUNS}, got "${v}"`;
      out.runs = n;
    } else if (flag.startsWith("--")) return `Unknown option "${flag}" (the command goes after --).\n\n${FIX_USAGE}`;
    else out.files.push(arg);
    return true;
  });
  if (stop !== undefined) return stop;
  if (out.files.length !== 1) return `Give exactly one recording.\n\n${FIX_USAGE}`;
  if (command && command.length === 0) return `No command after --.\n\n${FIX_USAGE}`;
  return checkFlags(out) ?? { ...(out as Args), file: out.files[0], command };
}

/** The candidates to try: the named agent (with the given or its own instruction), else all, in order. */
function pickCandidates(all: FixCandidate[], args: Args, decisive: string | null): FixCandidate[] | string {
  const name = args.agent ?? (args.instruction ? decisive : undefined);
  if (!name) return all;
  const own = all.find((c) => c.agent === name);
  if (!own) return `no agent "${name}" in the recording; agents: ${all.map((c) => c.agent).join(", ")}`;
  return [args.instruction ? { ...own, instruction: args.instruction, author: "user" } : own];
}

async function judged(
  candidates: FixCandidate[],
  prepared: { trace: Parameters<typeof rewriteFixes>[1] },
  signal?: AbortSignal,
) {
  const config = judgeConfigFromEnv();
  if (!config) throw new TraceInputError("bad_input", "--judge needs CULPRIT_JUDGE_BASE_URL and CULPRIT_JUDGE_MODEL");
  const asFixes = candidates.map((c) => ({
    ...c,
    role: "decisive" as const,
    author: "template" as const,
    stepIds: [],
  }));
  const out = await rewriteFixes(asFixes, prepared.trace, config, signal);
  return candidates.map((c, i) =>
    c.author === "user" ? c : { ...c, instruction: out[i].instruction, author: out[i].author },
  );
}

export async function runFixRecording(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  signal?: AbortSignal,
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === "string") {
    (args === FIX_USAGE ? out : err)(args);
    return args === FIX_USAGE ? 0 : 2;
  }
  const fail = (message: string, code?: string) => {
    if (args.json) out(JSON.stringify({ file: args.file, ok: false, ...(code ? { code } : {}), error: message }));
    else err(`${args.file}: ${message}`);
    return 1;
  };
  try {
    const prepared = prepareRecordingReplay(
      args,
      "fix",
      signal,
      args.json ? undefined : (d) => err(`  replay ${d.interventions[0]?.agent ?? "unchanged"}: ${d.outcome}`),
    );
    if ("error" in prepared) return fail(prepared.error, prepared.code);
    const replayOutcome = async (ivs: Parameters<typeof prepared.replay.call>[0]) =>
      (await prepared.replay.call(ivs)).outcome;
    const all = fixCandidates(prepared.report, prepared.trace);
    const picked = pickCandidates(all, args, prepared.report.decisive?.agent ?? null);
    if (typeof picked === "string") return fail(picked);
    const candidates = args.judge ? await judged(picked, prepared, signal) : picked;
    const control =
      args.control === undefined
        ? undefined
        : args.control === "auto"
          ? undefined
          : all.find((c) => c.agent === args.control);
    if (args.control && args.control !== "auto" && !control) return fail(`no agent "${args.control}" for --control`);
    const result = await tryFix(replayOutcome, prepared.report, candidates, {
      runs: args.runs,
      search: !args.agent && !args.instruction,
      signal,
      control,
    });
    const auto =
      args.control === "auto" && result.trial ? all.filter((c) => c.agent !== result.trial!.agent).at(-1) : undefined;
    if (auto)
      result.control =
        (await tryFix(replayOutcome, prepared.report, [auto], { runs: args.runs, search: false, signal })).trial ??
        undefined;
    const upstream = { calls: prepared.budget.calls, tokens: prepared.budget.tokens, costUsd: prepared.budget.costUsd };
    if (!result.trial)
      return fail(
        result.baseline === "success"
          ? "the recorded failure does not reproduce: the unchanged replay succeeded"
          : "no agent to fix",
      );
    const { outcomes: _o, ...trial } = result.trial;
    const stored = args.app
      ? await postFixTrialToApp({
          app: args.app,
          apiKey: args.apiKey ?? process.env.CULPRIT_API_KEY,
          traceJson: prepared.traceJson,
          result,
          signal,
        })
      : undefined;
    if (args.json)
      out(
        JSON.stringify({
          file: args.file,
          ok: true,
          command: shellQuote(prepared.command),
          ...trial,
          baseline: result.baseline,
          offlineAgent: result.offlineAgent,
          screened: result.screened,
          ...(result.control ? { control: result.control } : {}),
          ...(stored ? { app: stored.url } : {}),
          proxyReplays: prepared.replay.details,
          upstream,
        }),
      );
    else out(formatFixResult(args.file, result, upstream) + (stored ? `\n  stored in the app: ${stored.url}` : ""));
    return 0;
  } catch (e) {
    if (e instanceof ReplayError) return fail(e.message, e.code);
    if (e instanceof TraceInputError) return fail(e.message);
    return fail(`${e instanceof Error ? e.message : String(e)}`);
  }
}
