import "server-only";
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import type { Writable } from "node:stream";
import { TraceInputError } from "@/lib/trace/errors";
import { ApiError } from "../api-errors";
import { sandboxMemoryMb, sandboxThreads, sandboxQueueMax } from "../limits";
import type { SandboxTaskKind, SandboxTasks } from "./sandbox-tasks";
import { config } from "../config";
import { sandboxEnv } from "./sandbox-env";

/**
 * Runs import, OTLP decoding and analysis in child processes, each with a heap cap
 * (`--max-old-space-size`) and a deadline that kills it. So a hostile or just huge input can exhaust
 * one child, never the web server: it keeps answering and the caller gets an error naming the limit.
 * Not worker threads: a thread that runs out of heap at the wrong moment (while V8 compiles) aborts
 * the whole process, its `resourceLimits` notwithstanding (nodejs/node#47224). Children are kept warm
 * between jobs (loading the TypeScript takes ~1 s); one that hit a limit is replaced.
 *
 * The entry is a plain .mjs file read from the source tree at run time (`process.cwd()` is the
 * project root under `npm start`, `next start`, the worker and the tests), so Next's bundler
 * does not need to know about it. See docs/decisions/0009-resource-limits.md and 0085.
 */
export class SandboxLimitError extends ApiError {
  constructor(
    readonly task: SandboxTaskKind,
    readonly limit: "memory" | "time",
    readonly amount: string,
  ) {
    const what = task === "analyze" ? "analysis" : task === "import" ? "import" : "OTLP decoding";
    const env =
      limit === "memory"
        ? "CULPRIT_JOB_MEMORY_MB"
        : task === "analyze"
          ? "CULPRIT_ANALYSIS_TIMEOUT_SECONDS"
          : "CULPRIT_IMPORT_TIMEOUT_SECONDS";
    super(
      limit === "memory" ? 413 : 422,
      limit === "memory" ? "memory_limit" : "time_limit",
      `The ${what} exceeded ${amount} (set ${env} to change the limit)`,
      {
        limit,
      },
    );
  }
}

interface Slot {
  child?: ChildProcess;
  ready?: Promise<void>;
  /** The end of the child's stderr: V8 writes there why it aborted (out of heap, or another fatal error). */
  stderrTail: string;
}

interface Pool {
  /** The limits its children were started with (sandboxLimits). */
  limits: string;
  slots: Slot[];
  free: Slot[];
  waiting: Array<(slot: Slot) => void>;
}

const globalForPool = globalThis as unknown as { culpritSandbox?: Pool };

/** What the children are started with: their count, the heap cap and the entry file. */
const sandboxLimits = () => `${sandboxThreads()} children, ${sandboxMemoryMb()} MB, ${workerFile()}`;

/**
 * The process's pool, kept with its warm children while the limits stay the same. When they have
 * changed (a test reloaded the configuration; a server never does) and no task is running or
 * waiting, the old children are ended and new ones start with the new limits. The children hold no
 * other state: each task is input in, output out, no database, so several database test files run
 * one after another in one process share them (ADR 0021).
 */
function pool(): Pool {
  const limits = sandboxLimits();
  const current = globalForPool.culpritSandbox;
  const idle = current !== undefined && current.free.length === current.slots.length && current.waiting.length === 0;
  if (current && (current.limits === limits || !idle)) return current;
  for (const slot of current?.slots ?? []) slot.child?.kill("SIGKILL");
  const slots = Array.from({ length: sandboxThreads() }, () => ({ stderrTail: "" }) as Slot);
  globalForPool.culpritSandbox = { limits, slots, free: [...slots], waiting: [] };
  return globalForPool.culpritSandbox;
}

/** The process ids of the running sandbox children (for diagnostics and tests). */
export function sandboxProcessIds(): number[] {
  return (globalForPool.culpritSandbox?.slots ?? []).flatMap((s) => (s.child?.pid ? [s.child.pid] : []));
}

// Resolved at run time and hidden from the bundler: Turbopack would otherwise follow the entry
// into tsx and esbuild's native binary and fail the build.
const WORKER_ENTRY = ["lib", "server", "sandbox", "sandbox-worker.mjs"];
const workerFile = () => path.resolve(config().CULPRIT_ROOT || process.cwd(), ...WORKER_ENTRY);
/** A child that has not loaded its tasks by then is broken (a missing file, a syntax error): it is killed. */
const START_TIMEOUT_MS = 60_000;
const STDERR_TAIL_CHARS = 4096;
/** File descriptor 4 of a child: the raw bytes of its task's byte fields (see sandbox-worker.mjs). */
const BYTES_FD = 4;

function spawn(slot: Slot): ChildProcess {
  const child = fork(/* turbopackIgnore: true */ /* webpackIgnore: true */ workerFile(), [], {
    // react-server: the task modules import "server-only", which throws under other conditions. The
    // parent's own flags (a debugger, a loader) are not passed on.
    execArgv: ["--conditions=react-server", "--no-warnings", `--max-old-space-size=${sandboxMemoryMb()}`],
    // The v8 serializer, as worker threads use: typed arrays, Maps and undefined survive.
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc", "pipe"],
    // Only what the tasks need: no database URL or secret reaches code that parses hostile input.
    env: sandboxEnv(process.env) as NodeJS.ProcessEnv,
  });
  slot.child = child;
  slot.stderrTail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    slot.stderrTail = (slot.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  // A child that died mid-write closes its end: the write fails, and the task fails on the child's exit.
  bytesPipe(child).on("error", () => {});
  // An idle child keeps no process alive (a test file, a script); a running task's deadline timer does.
  child.unref();
  unrefHandles(child);
  slot.ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`sandbox process did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const settle = (err?: Error) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("error", settle);
      child.off("exit", onExit);
      if (!err) return resolve();
      // A child that failed to start is not kept: the slot's next task starts another.
      if (slot.child === child) slot.child = undefined;
      child.kill("SIGKILL");
      reject(err);
    };
    const onMessage = (m: { ready?: boolean }) => {
      if (m?.ready) settle();
    };
    const onExit = (code: number | null, signal: string | null) =>
      settle(new Error(`sandbox process exited while starting (${signal ?? `code ${code}`}): ${lastLine(slot)}`));
    child.on("message", onMessage);
    child.once("error", settle);
    child.once("exit", onExit);
  });
  slot.ready.catch(() => {});
  child.once("exit", () => {
    if (slot.child === child) slot.child = undefined;
  });
  return child;
}

const bytesPipe = (child: ChildProcess) => child.stdio[BYTES_FD] as Writable;

function unrefHandles(child: ChildProcess): void {
  for (const h of [child.channel, child.stderr, child.stdio[BYTES_FD]])
    (h as { unref?: () => void } | null | undefined)?.unref?.();
}

/**
 * Calls `then` once the child's stderr has ended, so V8's last words are read, or after a second
 * (a grandchild that inherited the pipe could hold it open).
 */
function afterStderr(child: ChildProcess, then: () => void): void {
  const stderr = child.stderr;
  if (!stderr || stderr.readableEnded || stderr.destroyed) return then();
  let called = false;
  const finish = () => {
    if (called) return;
    called = true;
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(finish, 1000);
  stderr.once("end", finish);
  stderr.once("close", finish);
}

const lastLine = (slot: Slot) =>
  slot.stderrTail.trim().split("\n").filter(Boolean).slice(-1)[0]?.slice(0, 300) ?? "no output";

/** V8's words when a heap cap stops a process ("Reached heap limit", "JavaScript heap out of memory"). */
const OUT_OF_HEAP_RE = /heap out of memory|Reached heap limit/i;

async function acquire(): Promise<Slot> {
  const p = pool();
  const slot = p.free.pop();
  if (slot) return slot;
  if (p.waiting.length >= sandboxQueueMax())
    throw new ApiError(503, "busy", "Too many imports and analyses in progress; retry shortly", {
      retryAfterSeconds: 5,
    });
  return new Promise<Slot>((resolve) => p.waiting.push(resolve));
}

function release(slot: Slot): void {
  const p = pool();
  const next = p.waiting.shift();
  if (next) next(slot);
  else p.free.push(slot);
}

let nextId = 0;

/**
 * Runs `kind` in a sandbox process; rejects with the task's own error or a SandboxLimitError. Byte
 * fields of the input (an upload, an OTLP body) go down a pipe of their own, not the IPC channel: the
 * channel serializes a message on the event loop in one piece (a 100 MB buffer stalled it 0.5 s),
 * a pipe takes it in slices. The caller hands those bytes over and must not change them.
 */
export async function runInSandbox<K extends SandboxTaskKind>(
  kind: K,
  input: SandboxTasks[K]["input"],
  options: { timeoutMs: number },
): Promise<SandboxTasks[K]["output"]> {
  const slot = await acquire();
  try {
    if (!slot.child) spawn(slot);
    const child = slot.child!;
    await slot.ready;
    const id = ++nextId;
    const { fields, bytes } = splitBytes(input as Record<string, unknown>);
    return await new Promise<SandboxTasks[K]["output"]>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("error", onError);
        child.off("exit", onExit);
      };
      const kill = () => {
        slot.child = undefined;
        child.kill("SIGKILL");
      };
      const timer = setTimeout(() => {
        done();
        kill();
        reject(new SandboxLimitError(kind, "time", `${Math.round(options.timeoutMs / 1000)} s`));
      }, options.timeoutMs);
      const onMessage = (m: {
        id: number;
        ok: boolean;
        output?: SandboxTasks[K]["output"];
        error?: SerializedError;
      }) => {
        if (m?.id !== id) return;
        done();
        if (m.ok) resolve(m.output!);
        else reject(reviveError(m.error!));
      };
      const onError = (err: Error) => {
        done();
        kill();
        reject(err);
      };
      const onExit = (code: number | null, signal: string | null) => {
        done();
        kill();
        afterStderr(child, () =>
          reject(
            OUT_OF_HEAP_RE.test(slot.stderrTail)
              ? new SandboxLimitError(kind, "memory", `${sandboxMemoryMb()} MB`)
              : new Error(`sandbox process exited (${signal ?? `code ${code}`}) during ${kind}: ${lastLine(slot)}`),
          ),
        );
      };
      child.on("message", onMessage);
      child.once("error", onError);
      child.once("exit", onExit);
      child.send({ id, kind, input: fields }, (err) => {
        if (err) onError(err);
      });
      for (const b of bytes) bytesPipe(child).write(b);
    });
  } finally {
    release(slot);
  }
}

/**
 * The input with each top-level byte field replaced by its length (`{ sandboxBytes: n }`), and the
 * bytes in field order, for the child to read back from its byte pipe.
 */
function splitBytes(input: Record<string, unknown>): { fields: Record<string, unknown>; bytes: Uint8Array[] } {
  const fields: Record<string, unknown> = {};
  const bytes: Uint8Array[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value instanceof Uint8Array) {
      fields[key] = { sandboxBytes: value.byteLength };
      if (value.byteLength > 0) bytes.push(value);
    } else fields[key] = value;
  }
  return { fields, bytes };
}

interface SerializedError {
  name?: string;
  message: string;
  code?: string;
  issues?: TraceInputError["issues"];
  location?: TraceInputError["location"];
}

function reviveError(e: SerializedError): Error {
  if (e.name === "TraceInputError" && e.code)
    return new TraceInputError(e.code as TraceInputError["code"], e.message, {
      issues: e.issues,
      location: e.location,
    });
  // A RangeError from a deep recursion is the input's fault too; everything else is a bug.
  if (e.name === "RangeError")
    return new TraceInputError("bad_input", `The input is too deeply nested or too large to process: ${e.message}`);
  const err = new Error(e.message);
  err.name = e.name ?? "Error";
  return err;
}
