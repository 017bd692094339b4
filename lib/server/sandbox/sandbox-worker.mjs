/**
 * Entry of a sandbox worker thread (see sandbox-pool.ts). Plain .mjs so that `next start` can load
 * it from the source tree without bundling: it registers tsx and runs the TypeScript tasks. The
 * thread runs with a heap cap (`resourceLimits`) and is terminated at its deadline, so a hostile
 * input costs at most one thread, never the web server's event loop.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

// Imports and analyses yield the CPU to the web server's event loop: on Linux this thread's own id
// (/proc/thread-self → <pid>/task/<tid>) can be reniced alone. On a busy 2-core machine the event loop
// otherwise waits its turn behind these threads, and /api/health with it (review checks 22, 42).
// Relative to the process (default +5, about a third of the CPU share of its event loop on a contended
// core; CULPRIT_SANDBOX_NICE, 0–19, 0 = the process's own): a server started at a raised priority keeps
// its imports ahead of unrelated work on the machine.
const asked = Number.parseInt(process.env.CULPRIT_SANDBOX_NICE ?? "", 10);
const NICE_OFFSET = Number.isInteger(asked) && asked >= 0 && asked <= 19 ? asked : 5;
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), Math.min(19, getPriority() + NICE_OFFSET));
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

register();
const { runTask, transferablesOf } = await import("./sandbox-tasks.ts");

parentPort.on("message", async ({ id, kind, input }) => {
  try {
    const output = await runTask(kind, input);
    // Encoded rows are moved, not copied: the web server receives them without deserializing anything big.
    parentPort.postMessage({ id, ok: true, output }, transferablesOf(kind, output));
  } catch (err) {
    const e = err && typeof err === "object" ? err : { message: String(err) };
    parentPort.postMessage({
      id,
      ok: false,
      error: {
        name: e.name,
        message: e.message ?? String(err),
        code: e.code,
        issues: e.issues,
        location: e.location,
        status: e.status,
      },
    });
  }
});
parentPort.postMessage({ ready: true });
