/**
 * Runs the user's command as its own process group, so a timeout, a budget stop or Ctrl-C ends
 * the whole tree it started (a Python script's subprocesses too), not just the shell on top.
 */
import { spawn } from "node:child_process";

export interface CommandResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Why the run was stopped from outside (budget, cancellation), if it was. */
  stopped?: string;
  /** The last few KB of output, when the output was captured rather than shown. */
  tail?: string;
}

export interface RunCommandOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs: number;
  /** "inherit": the child talks to this terminal; "capture": keep only the tail (replays). */
  stdio: "inherit" | "capture";
  signal?: AbortSignal;
}

const TAIL_BYTES = 4096;
const KILL_GRACE_MS = 2000;

export interface RunningCommand {
  done: Promise<CommandResult>;
  stop(reason: string): void;
}

export function startCommand(argv: readonly string[], options: RunCommandOptions): RunningCommand {
  const child = spawn(argv[0], argv.slice(1), {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: options.stdio === "inherit" ? ["inherit", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-TAIL_BYTES);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let timedOut = false;
  let stopped: string | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  const killGroup = (sig: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  const stop = (reason: string) => {
    if (stopped || child.exitCode !== null) return;
    stopped = reason;
    killGroup("SIGTERM");
    killTimer = setTimeout(() => killGroup("SIGKILL"), KILL_GRACE_MS);
    killTimer.unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop(`the run timed out after ${options.timeoutMs} ms`);
  }, options.timeoutMs);
  const onAbort = () => stop("cancelled");
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const done = new Promise<CommandResult>((resolve) => {
    const finish = (exitCode: number | null, signal: string | null) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener("abort", onAbort);
      // Whatever the child left running in its group goes with it.
      killGroup("SIGKILL");
      resolve({
        exitCode,
        signal,
        timedOut,
        ...(stopped ? { stopped } : {}),
        ...(options.stdio === "capture" ? { tail } : {}),
      });
    };
    child.once("error", (err) => {
      tail += `\n${err.message}`;
      finish(127, null);
    });
    child.once("exit", (code, sig) => finish(code, sig));
  });
  return { done, stop };
}

/** `--check` runs through the shell, like a test command in CI. */
export function checkArgv(check: string): string[] {
  return ["/bin/sh", "-c", check];
}
