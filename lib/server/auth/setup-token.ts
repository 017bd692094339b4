import "server-only";
import { timingSafeEqual } from "node:crypto";
import { config } from "../config";

/**
 * The one-time setup link (like Jupyter's token URL): `scripts/start.mjs` puts a random
 * `CULPRIT_SETUP_TOKEN` into the server's environment and prints `/setup?token=...` while no owner
 * exists. The link creates the first owner and is closed for good once any owner exists.
 */
export function setupTokenMatches(given: unknown): boolean {
  const expected = config().CULPRIT_SETUP_TOKEN;
  if (!expected || typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
