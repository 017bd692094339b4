/**
 * What `culprit verify <recording>` and `culprit fix <recording>` share before their first replay:
 * the recording read and analysed offline, its steps mapped to recorded calls, the command and the
 * upstreams checked against the trust rules (replay-trust.ts), and a proxy replay with one budget.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { importTrace } from "../importers/index";
import { analyzeTrace } from "../attribution/index";
import type { AnalysisReport } from "../attribution/types";
import type { TTrace } from "../trace/schema";
import { TraceInputError } from "../trace/errors";
import { isRecording, RECORDING_FILE, type Recording } from "../record/recording-format";
import { recordingTrace } from "../record/recording-trace";
import { proxyReplay, type ProxyReplayDetail } from "../record/proxy-replay";
import { UpstreamBudget } from "../record/upstream-budget";
import { replayCommand, replayUpstreams } from "./replay-trust";
import type { ProxyFlags } from "./proxy-options";

const MAX_RECORDING_BYTES = 1024 * 1024 * 1024;

export function readRecording(file: string): Recording {
  const path = existsSync(file) && statSync(file).isDirectory() ? join(file, RECORDING_FILE) : file;
  let value: unknown;
  try {
    const size = statSync(path).size;
    if (size > MAX_RECORDING_BYTES)
      throw new Error(`${size} bytes, more than the ${MAX_RECORDING_BYTES / 1024 / 1024} MB a recording may have`);
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new TraceInputError(
      "bad_input",
      `cannot read the recording ${path}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (!isRecording(value)) throw new TraceInputError("bad_input", `${path} is not a culprit.recording/v1 file`);
  return value;
}

export interface RecordingReplay {
  recording: Recording;
  traceJson: string;
  trace: TTrace;
  report: AnalysisReport;
  command: string[];
  budget: UpstreamBudget;
  replay: ReturnType<typeof proxyReplay>;
}

/** A replay-ready recording, or a message (with a code) saying why there is nothing to replay. */
export function prepareRecordingReplay(
  args: ProxyFlags & { file: string; command?: string[] },
  what: string,
  signal?: AbortSignal,
  onReplay?: (d: ProxyReplayDetail) => void,
): RecordingReplay | { error: string; code?: string } {
  const recording = readRecording(args.file);
  if (recording.calls.length === 0) return { error: `the recording holds no LLM call: nothing to ${what}` };
  const traceJson = JSON.stringify(recordingTrace(recording));
  const { trace } = importTrace(traceJson, { format: "otlp", fileName: args.file });
  const report = analyzeTrace(trace);
  if (!report.analyzedAsFailure)
    return {
      error: `the recorded run's outcome is ${recording.outcome} and the engine found no failure: nothing to ${what}`,
    };
  const spanToCall = new Map(recording.calls.map((c) => [c.spanId, c.index]));
  const stepToCall = new Map<string, number>();
  for (const s of trace.steps)
    if (s.sourceRef && spanToCall.has(s.sourceRef)) stepToCall.set(s.id, spanToCall.get(s.sourceRef)!);
  const run = replayCommand(recording, args.command, args.check);
  if (typeof run === "string") return { error: run, code: "not_configured" };
  const upstream = replayUpstreams(recording, args, process.env);
  if (typeof upstream === "string") return { error: upstream, code: "not_configured" };
  const budget = new UpstreamBudget(args.limits);
  const replay = proxyReplay({
    recording: { ...recording, upstream },
    command: run.command,
    check: run.check,
    cwd: process.cwd(),
    env: process.env,
    timeoutMs: args.timeoutMs,
    budget,
    stepToCall,
    signal,
    onReplay,
  });
  return { recording, traceJson, trace, report, command: run.command, budget, replay };
}
