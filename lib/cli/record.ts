/**
 * `culprit record [options] -- <command...>`: runs a multi-agent program with its LLM calls going
 * through a loopback proxy and writes the recording (every call in order) and its OTLP trace.
 * Exits 0 once the recording is written, whatever the run's outcome: a failed run is what one
 * records to verify.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseAgentMap, type AgentMap } from "../record/agent-identity";
import { recordRun } from "../record/record-run";
import { UpstreamBudget } from "../record/upstream-budget";
import { shellQuote } from "./shell-quote";
import {
  checkFlags,
  defaultUpstreams,
  parseCommandFlags,
  PROXY_OPTIONS_HELP,
  splitCommand,
  DEFAULT_RUN_TIMEOUT_MS,
  type ProxyFlags,
} from "./proxy-options";

export const RECORD_USAGE = `Usage: culprit record [--out DIR] [--agents map.json] [--system NAME] [options] [--json] -- <command...>

Runs <command> with OPENAI_BASE_URL, OPENAI_API_BASE, ANTHROPIC_BASE_URL (…) pointed at a proxy on
127.0.0.1 that forwards to the real API and records every LLM call. Writes DIR/recording.json and
DIR/trace.otlp.json (import it, or verify: culprit verify DIR/recording.json -- <command...>).
  --out DIR                 where to write (default culprit-recordings/<time>)
  --agents FILE             JSON {"<system prompt prefix or sha256 prefix>": "agent name"}
  --system NAME             the trace's service.name (default: the script's name)
${PROXY_OPTIONS_HELP}
  --json                    print one JSON summary line`;

interface RecordArgs extends ProxyFlags {
  out?: string;
  agents?: string;
  system?: string;
  json: boolean;
  command: string[];
}

function parseRecordArgs(argv: string[]): RecordArgs | string {
  const { args, command } = splitCommand(argv);
  const out: RecordArgs = { json: false, timeoutMs: DEFAULT_RUN_TIMEOUT_MS, limits: {}, command: command ?? [] };
  const stop = parseCommandFlags(args, out, (flag, value, arg) => {
    if (flag === "--help" || flag === "-h") return RECORD_USAGE;
    if (flag === "--json") out.json = true;
    else if (flag === "--out") out.out = value();
    else if (flag === "--agents") out.agents = value();
    else if (flag === "--system") out.system = value();
    else return `Unknown option "${arg}" (the command goes after --).\n\n${RECORD_USAGE}`;
    return true;
  });
  if (stop !== undefined) return stop;
  if (out.command.length === 0)
    return `No command: give it after --, e.g. culprit record -- python3 agents.py\n\n${RECORD_USAGE}`;
  return checkFlags(out) ?? out;
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")
    .replace("T", "-");
}

export async function runRecord(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  signal?: AbortSignal,
): Promise<number> {
  const args = parseRecordArgs(argv);
  if (typeof args === "string") {
    (args === RECORD_USAGE ? out : err)(args);
    return args === RECORD_USAGE ? 0 : 2;
  }
  let agentMap: AgentMap | undefined;
  let upstream: { openai: string; anthropic: string };
  try {
    if (args.agents) agentMap = parseAgentMap(readFileSync(args.agents, "utf8"));
    upstream = defaultUpstreams(process.env, args);
  } catch (e) {
    err(`culprit record: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  const outDir = resolve(args.out ?? join("culprit-recordings", stamp(new Date())));
  const budget = new UpstreamBudget(args.limits);
  const { recording, recordingPath, tracePath } = await recordRun({
    command: args.command,
    check: args.check,
    cwd: process.cwd(),
    env: process.env,
    upstream,
    agentMap,
    budget,
    timeoutMs: args.timeoutMs,
    outDir,
    system: args.system,
    signal,
  });
  const perAgent = recording.agents.map((a) => ({
    agent: a.name,
    source: a.source,
    calls: recording.calls.filter((c) => c.agent === a.name).length,
  }));
  if (args.json) {
    out(
      JSON.stringify({
        ok: true,
        recording: recordingPath,
        trace: tracePath ?? null,
        outcome: recording.outcome,
        exitCode: recording.exitCode,
        calls: recording.calls.length,
        agents: perAgent,
        upstream: { calls: budget.calls, tokens: budget.tokens },
        notes: recording.notes,
      }),
    );
    return 0;
  }
  const lines = [
    `recorded ${recording.calls.length} LLM call(s) of ${recording.agents.length} agent(s); outcome ${recording.outcome} (${recording.aborted ?? (recording.timedOut ? "timed out" : `exit ${recording.exitCode ?? recording.signal}`)})`,
    ...perAgent.map((a) => `  ${a.agent.padEnd(24)} ${String(a.calls).padStart(4)} call(s)  (${a.source})`),
    `  recording: ${recordingPath}`,
    ...(tracePath ? [`  trace:     ${tracePath}`] : []),
    ...recording.notes.map((n) => `  note: ${n}`),
    `next: npx culprit verify ${shellQuote([recordingPath])}${args.upstream ? ` --upstream ${shellQuote([args.upstream])}` : ""}${args.check !== undefined ? ` --check ${shellQuote([args.check])}` : ""} -- ${shellQuote(args.command)}`,
  ];
  err(lines.join("\n")); // stderr: stdout stays the child's
  return 0;
}

export function mainRecord(argv: string[]): void {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  runRecord(argv, console.log, console.error, controller.signal).then((code) => {
    process.off("SIGINT", onSigint);
    process.exitCode = code;
  });
}
