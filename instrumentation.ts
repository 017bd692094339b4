/**
 * Next runs `register` once when a server starts: parse the configuration there, so a bad
 * environment value stops `next start` at once with one clear message (lib/server/config.ts)
 * instead of failing the first request that reads it.
 */
export async function register() {
  // NEXT_RUNTIME is Next's own marker of the runtime this copy of the file runs in, not configuration.
  if (process.env.NEXT_RUNTIME === "nodejs") (await import("./lib/server/config")).config();
}
