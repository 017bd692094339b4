/**
 * The recording `culprit record` writes (`recording.json`, format `culprit.recording/v1`): every LLM
 * call of one run in arrival order, the command, the names (never the values) of its environment,
 * and the outcome. Request bodies are stored; request headers never are, so the API key the child
 * sends cannot reach the file.
 */
import type { ApiKind, Json } from "./llm-api";

export const RECORDING_FORMAT = "culprit.recording/v1" as const;
export const RECORDING_FILE = "recording.json";
export const TRACE_FILE = "trace.otlp.json";

/** Where an answer came from: the real upstream, the recording (replay), or an intervention. */
export type CallSource = "upstream" | "recording" | "replace" | "drop" | "refused";

export interface RecordedResponse {
  status: number;
  /** The JSON body; for a stream, the body it assembles to. */
  body?: Json;
  /** A body that was not JSON (error pages), clipped. */
  text?: string;
  /** The raw event stream, as the child received it. */
  sse?: string;
  /** The body was larger than the recording keeps. */
  truncated?: boolean;
}

export interface RecordedCall {
  index: number;
  agent: string;
  /** This call's position among its agent's calls (0-based): the replay key with `agent` and `shape`. */
  agentCallIndex: number;
  api: ApiKind;
  path: string;
  model?: string;
  stream: boolean;
  /** sha256 of the request's content (model, messages, tools): equal shape = same question. */
  shape: string;
  /** The OTLP span id of this call in the trace beside the recording. */
  spanId: string;
  request: Json;
  response: RecordedResponse;
  startedAt: string;
  durationMs: number;
  tokens?: { input?: number; output?: number; total?: number };
  source: CallSource;
  error?: string;
}

export type AgentSource = "header" | "user" | "metadata" | "system-prompt" | "default";

export interface RecordingAgent {
  name: string;
  /** Identity key: `header:<v>`, `user:<v>`, `metadata:<v>`, `system:<sha256 prefix>` or `default`. */
  key: string;
  source: AgentSource;
  /** The first line of the system prompt (system-prompt agents), to recognise it in the file. */
  promptFirstLine?: string;
}

export type RunOutcome = "success" | "failure";

export interface RunSummary {
  startedAt: string;
  endedAt: string;
  durationMs: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  checkExitCode?: number | null;
  outcome: RunOutcome;
  /** Why the run was stopped early (budget), if it was. */
  aborted?: string;
}

export interface Recording extends RunSummary {
  format: typeof RECORDING_FORMAT;
  id: string;
  /** `service.name` of the trace: the script's name. */
  system: string;
  command: string[];
  check?: string;
  cwd: string;
  envNames: string[];
  upstream: { openai: string; anthropic: string };
  agents: RecordingAgent[];
  calls: RecordedCall[];
  notes: string[];
}

export function isRecording(v: unknown): v is Recording {
  return (
    !!v &&
    typeof v === "object" &&
    (v as { format?: unknown }).format === RECORDING_FORMAT &&
    Array.isArray((v as { calls?: unknown }).calls)
  );
}
