import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

/** What one pulled trace became: where it went and whether the verdict was written back. */
export interface PulledTrace {
  at: string;
  runId?: string;
  wroteBack?: boolean;
}

interface StateFile {
  version: 1;
  host: string;
  traces: Record<string, PulledTrace>;
}

/**
 * The resumable part of `culprit pull langfuse`: every trace done is recorded at once (written to
 * a temporary file and renamed, so an interrupted pull never leaves a half-written state), and a
 * later pull with the same state file skips them.
 */
export class PullState {
  private state: StateFile;

  constructor(
    private readonly file: string,
    host: string,
  ) {
    this.state = { version: 1, host, traces: {} };
    if (!existsSync(file)) return;
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<StateFile>;
    if (parsed.version !== 1 || typeof parsed.traces !== "object" || parsed.traces === null)
      throw new Error(`${file} is not a culprit pull state file (version 1)`);
    // A state file of another Langfuse host says nothing about this one's traces.
    if (parsed.host === host) this.state.traces = parsed.traces as Record<string, PulledTrace>;
  }

  has(traceId: string): boolean {
    return Object.hasOwn(this.state.traces, traceId);
  }

  get(traceId: string): PulledTrace | undefined {
    return this.has(traceId) ? this.state.traces[traceId] : undefined;
  }

  record(traceId: string, entry: PulledTrace): void {
    this.state.traces[traceId] = entry;
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.state, null, 2)}\n`);
    renameSync(tmp, this.file);
  }
}
