import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "../config";

/**
 * The secret Better Auth signs cookies with: `BETTER_AUTH_SECRET` if set, else a random one kept in
 * `.data/auth-secret` (mode 0600) so sessions survive restarts without anyone having to invent one.
 */
export function authSecret(): string {
  const fromEnv = config().BETTER_AUTH_SECRET ?? config().CULPRIT_AUTH_SECRET;
  if (fromEnv) return fromEnv;
  const file = path.join(process.cwd(), ".data", "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process created it first
    }
  }
}
