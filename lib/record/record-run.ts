/**
 * `culprit record`: runs the command once through the proxy in record mode and writes the
 * recording and its OTLP trace into the output folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { redactArgv } from "../text/redact-secrets";
import { basename, join, resolve } from "node:path";
import { randomUUID } from "node:crypto";
import { AgentNamer, type AgentMap } from "./agent-identity";
import { RECORDING_FILE, RECORDING_FORMAT, TRACE_FILE, type Recording } from "./recording-format";
import { recordingTrace } from "./recording-trace";
import { runThroughProxy } from "./run-through-proxy";
import { UpstreamBudget } from "./upstream-budget";

export interface RecordOptions {
  command: string[];
  check?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  upstream: { openai: string; anthropic: string };
  agentMap?: AgentMap;
  budget: UpstreamBudget;
  timeoutMs: number;
  outDir: string;
  system?: string;
  signal?: AbortSignal;
}

export interface RecordResult {
  recording: Recording;
  recordingPath: string;
  tracePath?: string;
}

/** The script's name: the first argument that looks like a file (`agents.py`), else the program. */
export function systemName(command: readonly string[]): string {
  const file = command.find((a, i) => i > 0 && !a.startsWith("-") && /\.[A-Za-z0-9]+$/.test(basename(a)));
  const name = basename(file ?? command[0] ?? "run").replace(/\.[A-Za-z0-9]+$/, "");
  return name.slice(0, 128) || "run";
}

export async function recordRun(o: RecordOptions): Promise<RecordResult> {
  const id = randomUUID();
  const namer = new AgentNamer(o.agentMap);
  const run = await runThroughProxy({
    command: o.command,
    check: o.check,
    cwd: o.cwd,
    baseEnv: o.env,
    upstream: o.upstream,
    namer,
    budget: o.budget,
    spanSeed: id,
    timeoutMs: o.timeoutMs,
    stdio: "inherit",
    signal: o.signal,
  });
  const { calls, startedAt, endedAt, durationMs, exitCode, signal, timedOut, checkExitCode, outcome, aborted } = run;
  const summary = {
    startedAt,
    endedAt,
    durationMs,
    exitCode,
    signal,
    timedOut,
    ...(checkExitCode !== undefined ? { checkExitCode } : {}),
    outcome,
    ...(aborted ? { aborted } : {}),
  };
  const notes: string[] = [];
  if (calls.length === 0)
    notes.push("the command made no LLM call through the proxy: does it read OPENAI_BASE_URL (or ANTHROPIC_BASE_URL)?");
  const spoke = new Set(calls.map((c) => c.agent));
  const recording: Recording = {
    format: RECORDING_FORMAT,
    id,
    system: o.system ?? systemName(o.command),
    // Kept for people to read (verify takes the command again after --): secrets redacted.
    command: redactArgv(o.command),
    ...(o.check !== undefined ? { check: o.check } : {}),
    cwd: o.cwd,
    envNames: Object.keys(o.env).sort(),
    upstream: o.upstream,
    ...summary,
    agents: namer.agents().filter((a) => spoke.has(a.name)),
    calls,
    notes,
  };
  // Recordings hold every prompt and answer of the run: readable by their owner only.
  mkdirSync(o.outDir, { recursive: true, mode: 0o700 });
  const recordingPath = resolve(join(o.outDir, RECORDING_FILE));
  writeFileSync(recordingPath, JSON.stringify(recording, null, 1), { mode: 0o600 });
  let tracePath: string | undefined;
  if (calls.length) {
    tracePath = resolve(join(o.outDir, TRACE_FILE));
    writeFileSync(tracePath, JSON.stringify(recordingTrace(recording)), { mode: 0o600 });
  }
  return { recording, recordingPath, tracePath };
}
