import { spawn } from "node:child_process";
import { setPriority } from "node:os";

/**
 * Keeps a child process running: when it dies (an out-of-memory abort, a crash), it is started
 * again after a backoff that doubles from `minBackoffMs` to `maxBackoffMs` and resets once the
 * child has stayed up for `stableMs`. Live children are kept in `children` (so shutdown can signal
 * them); nothing is restarted once `isStopping()` is true. `niceness` (0–19) lowers the child's CPU
 * priority, for background work that must not slow down the web server.
 */
export function supervise({
  name,
  cmd,
  args,
  cwd,
  env,
  children,
  isStopping,
  log,
  minBackoffMs = 1000,
  maxBackoffMs = 60_000,
  stableMs = 60_000,
  stdio = "inherit",
  niceness = 0,
}) {
  let backoffMs = minBackoffMs;
  const startChild = () => {
    if (isStopping()) return;
    const startedAt = Date.now();
    const child = spawn(cmd, args, { cwd, env, stdio });
    children.add(child);
    if (niceness && child.pid)
      try {
        setPriority(child.pid, niceness);
      } catch {
        // Not allowed here: it runs at the default priority.
      }
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (isStopping()) return;
      if (Date.now() - startedAt > stableMs) backoffMs = minBackoffMs;
      log(`The ${name} stopped (${signal ?? `exit ${code}`}); restarting it in ${backoffMs / 1000} s`);
      setTimeout(startChild, backoffMs);
      backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
    });
  };
  startChild();
}
