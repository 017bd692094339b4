/**
 * Where `npm start` listens and whether sign-in is on (mirrors lib/server/auth/auth-mode.ts, which the
 * server uses at request time). Loopback by default; beyond loopback only with sign-in.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

const isLoopback = (h) => {
  const x = h
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return x === "localhost" || x === "::1" || /^127(\.\d{1,3}){3}$/.test(x);
};

/** { host, signIn } or { error } when the configuration would expose data without sign-in. */
export function listenConfig(env) {
  const host = (env.CULPRIT_HOST ?? "127.0.0.1").trim() || "127.0.0.1";
  const auth = (env.CULPRIT_AUTH ?? "").trim().toLowerCase();
  if (auth === "off" && !isLoopback(host)) {
    return {
      error: `Refusing to listen on ${host} with CULPRIT_AUTH=off: anyone on the network could read every trace. Remove CULPRIT_AUTH=off (sign-in turns on by itself), or listen on 127.0.0.1.`,
    };
  }
  return { host, signIn: auth === "required" || !isLoopback(host) };
}

/** A one-time setup token for the server's environment (kept if the caller set one). */
export function setupToken(env) {
  return env.CULPRIT_SETUP_TOKEN || randomBytes(24).toString("base64url");
}

/** Prints the setup link while no owner exists (the link stops working once one does). */
export async function announceSetup({ databaseUrl, host, port, token, log }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(`SELECT 1 FROM users WHERE role = 'owner' LIMIT 1`);
    if (rowCount) return;
  } finally {
    await client.end();
  }
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  log(`No owner yet. Create the first one here (one-time link): http://${shown}:${port}/setup?token=${token}`);
}
