/**
 * Entry of a sandbox child process (see sandbox-pool.ts). Plain .mjs so that `next start` can load
 * it from the source tree without bundling: it registers tsx and runs the TypeScript tasks. The
 * process runs with a heap cap (`--max-old-space-size`) and is killed at its deadline, so a hostile
 * input costs at most one child, never the web server.
 */
import { readdirSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import net from "node:net";
import { register } from "tsx/esm/api";

// Imports and analyses yield the CPU to the web server's event loop. On a busy 2-core machine the event
// loop otherwise waits its turn behind this process, and /api/health with it (review checks 22, 42).
// Relative to the parent (default +5, about a third of the CPU share of its event loop on a contended
// core; CULPRIT_SANDBOX_NICE, 0–19, 0 = the parent's own): a server started at a raised priority keeps
// its imports ahead of unrelated work on the machine. Linux sets niceness per thread, so every thread
// running now is reniced (V8's helpers started before this line); threads started later inherit it.
const asked = Number.parseInt(process.env.CULPRIT_SANDBOX_NICE ?? "", 10);
const NICE_OFFSET = Number.isInteger(asked) && asked >= 0 && asked <= 19 ? asked : 5;
const nice = Math.min(19, getPriority() + NICE_OFFSET);
try {
  for (const tid of readdirSync("/proc/self/task")) setPriority(Number(tid), nice);
} catch {
  try {
    setPriority(nice); // Not Linux: the process.
  } catch {
    // Not allowed: the process keeps the parent's priority.
  }
}

// The parent gone (killed, crashed), nothing is left to answer: end rather than linger.
process.on("disconnect", () => process.exit(0));

// File descriptor 4: the bytes of the task's byte fields, in field order (sandbox-pool.ts splitBytes).
const bytesIn = new net.Socket({ fd: 4, readable: true, writable: false });
const chunks = [];
let wanted = null;
bytesIn.on("data", (chunk) => {
  chunks.push(chunk);
  fill();
});

/** Resolves with the next `n` bytes of the byte pipe, copied into one array as they arrive. */
function readBytes(n) {
  return new Promise((resolve) => {
    wanted = { out: new Uint8Array(n), filled: 0, resolve };
    fill();
  });
}

function fill() {
  while (wanted && chunks.length) {
    const chunk = chunks[0];
    const take = Math.min(chunk.length, wanted.out.length - wanted.filled);
    wanted.out.set(chunk.subarray(0, take), wanted.filled);
    wanted.filled += take;
    if (take === chunk.length) chunks.shift();
    else chunks[0] = chunk.subarray(take);
    if (wanted.filled === wanted.out.length) {
      const { out, resolve } = wanted;
      wanted = null;
      resolve(out);
    }
  }
  if (wanted?.out.length === 0) {
    const { out, resolve } = wanted;
    wanted = null;
    resolve(out);
  }
}

async function withBytes(fields) {
  const input = {};
  for (const [key, value] of Object.entries(fields)) {
    const n = value && typeof value === "object" ? value.sandboxBytes : undefined;
    input[key] = typeof n === "number" ? await readBytes(n) : value;
  }
  return input;
}

register();
const { runTask } = await import("./sandbox-tasks.ts");

// One task at a time per child (the pool gives a child one job), so the byte pipe is read in order.
process.on("message", async ({ id, kind, input }) => {
  try {
    const output = await runTask(kind, await withBytes(input));
    process.send({ id, ok: true, output });
  } catch (err) {
    const e = err && typeof err === "object" ? err : { message: String(err) };
    process.send({
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
process.send({ ready: true });
