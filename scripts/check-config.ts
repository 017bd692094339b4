/**
 * `npm start` runs this before anything else: it parses the environment with the server's own
 * config module (lib/server/config.ts), so a bad value stops the start with one clear message
 * instead of a web server that a supervisor restarts forever.
 */
import { ConfigError, parseConfig } from "@/lib/server/config";

try {
  parseConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
