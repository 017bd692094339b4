import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { TraceInputError } from "@/lib/trace/errors";
import { ApiError } from "../api-errors";
import { sandboxMemoryMb, sandboxThreads, sandboxQueueMax } from "../limits";
import type { SandboxTaskKind, SandboxTasks } from "./sandbox-tasks";
import { config } from "../config";

/**
 * Runs import, OTLP decoding and analysis in worker threads, each with a heap cap
 * (`resourceLimits.maxOldGenerationSizeMb`) and a deadline that terminates the thread. So a
 * hostile or just huge input can exhaust one thread, never the process: the web server keeps
 * answering and the caller gets an error naming the limit. Threads are kept warm between jobs
 * (loading the TypeScript takes ~1 s); a thread that hit a limit is replaced.
 *
 * The entry is a plain .mjs file read from the source tree at run time (`process.cwd()` is the
 * project root under `npm start`, `next start`, the worker and the tests), so Next's bundler
 * does not need to know about it. See docs/decisions/0009-resource-limits.md.
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
  worker?: Worker;
  ready?: Promise<void>;
}

interface Pool {
  /** The limits its threads were started with (sandboxLimits). */
  limits: string;
  slots: Slot[];
  free: Slot[];
  waiting: Array<(slot: Slot) => void>;
}

const globalForPool = globalThis as unknown as { culpritSandbox?: Pool };

/** What the threads are started with: the thread count, the heap cap and the entry file. */
const sandboxLimits = () => `${sandboxThreads()} threads, ${sandboxMemoryMb()} MB, ${workerFile()}`;

/**
 * The process's pool, kept with its warm threads while the limits stay the same. When they have
 * changed (a test reloaded the configuration; a server never does) and no task is running or
 * waiting, the old threads are ended and new ones start with the new limits. The threads hold no
 * other state: each task is input in, output out, no database, so several database test files run
 * one after another in one process share them (ADR 0021).
 */
function pool(): Pool {
  const limits = sandboxLimits();
  const current = globalForPool.culpritSandbox;
  const idle = current !== undefined && current.free.length === current.slots.length && current.waiting.length === 0;
  if (current && (current.limits === limits || !idle)) return current;
  for (const slot of current?.slots ?? []) void slot.worker?.terminate();
  const slots = Array.from({ length: sandboxThreads() }, () => ({}) as Slot);
  globalForPool.culpritSandbox = { limits, slots, free: [...slots], waiting: [] };
  return globalForPool.culpritSandbox;
}

// Resolved at run time and hidden from the bundler: Turbopack would otherwise follow the entry
// into tsx and esbuild's native binary and fail the build.
const WORKER_ENTRY = ["lib", "server", "sandbox", "sandbox-worker.mjs"];
const workerFile = () => path.resolve(config().CULPRIT_ROOT || process.cwd(), ...WORKER_ENTRY);

function spawn(slot: Slot): Worker {
  const worker = new Worker(/* turbopackIgnore: true */ /* webpackIgnore: true */ workerFile(), {
    // react-server: the task modules import "server-only", which throws under other conditions.
    execArgv: ["--conditions=react-server", "--no-warnings"],
    resourceLimits: { maxOldGenerationSizeMb: sandboxMemoryMb() },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  slot.worker = worker;
  slot.ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean }) => {
      if (m?.ready) {
        worker.off("message", onMessage);
        worker.off("error", reject);
        resolve();
      }
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });
  slot.ready.catch(() => {});
  worker.once("exit", () => {
    if (slot.worker === worker) slot.worker = undefined;
  });
  return worker;
}

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

/** Runs `kind` in a sandbox thread; rejects with the task's own error or a SandboxLimitError. */
export async function runInSandbox<K extends SandboxTaskKind>(
  kind: K,
  input: SandboxTasks[K]["input"],
  options: { timeoutMs: number; transfer?: ArrayBuffer[] },
): Promise<SandboxTasks[K]["output"]> {
  const slot = await acquire();
  try {
    if (!slot.worker) spawn(slot);
    const worker = slot.worker!;
    await slot.ready;
    const id = ++nextId;
    return await new Promise<SandboxTasks[K]["output"]>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      const kill = () => {
        slot.worker = undefined;
        void worker.terminate();
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
        if (m.id !== id) return;
        done();
        if (m.ok) resolve(m.output!);
        else reject(reviveError(m.error!));
      };
      const onError = (err: Error & { code?: string }) => {
        done();
        kill();
        if (err.code === "ERR_WORKER_OUT_OF_MEMORY")
          reject(new SandboxLimitError(kind, "memory", `${sandboxMemoryMb()} MB`));
        else reject(err);
      };
      const onExit = (code: number) => {
        done();
        kill();
        reject(new Error(`sandbox thread exited (code ${code}) during ${kind}`));
      };
      worker.on("message", onMessage);
      worker.once("error", onError);
      worker.once("exit", onExit);
      worker.postMessage({ id, kind, input }, options.transfer ?? []);
    });
  } finally {
    release(slot);
  }
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
