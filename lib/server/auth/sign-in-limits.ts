import "server-only";
import { pool } from "../pg-pool";

/**
 * How many wrong passwords an account and a client address may send before each further try must
 * wait (security review H-1). Past the free tries the wait doubles with every failure (1 s, 2 s,
 * 4 s, …) up to 15 minutes, counted over the last hour, so one account gets about a hundred guesses
 * a day instead of hundreds of thousands. Failures are rows in Postgres (`sign_in_failures`): they
 * survive restarts, are shared by every instance, and are the owners' audit log (Settings).
 */
export const ACCOUNT_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 8;
const MAX_WAIT_S = 15 * 60;
const WINDOW_S = 60 * 60;
/** Rows older than this are deleted (now and then, on a failure). */
const KEEP_DAYS = 30;

/** Seconds the next try must wait after `failures` failures, the last `sinceLastS` seconds ago. */
export function waitSeconds(failures: number, free: number, sinceLastS: number): number {
  if (failures < free) return 0;
  const wait = Math.min(MAX_WAIT_S, 2 ** Math.min(failures - free, 20));
  return Math.max(0, Math.ceil(wait - sinceLastS));
}

/** Seconds until `email` may be tried again from `address` (0: now). */
export async function signInWait(email: string, address: string): Promise<number> {
  const { rows } = await pool().query<{ an: number; as: number | null; dn: number; ds: number | null }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS an,
            extract(epoch FROM now() - max(at) FILTER (WHERE email = $1))::float8 AS as,
            count(*) FILTER (WHERE address = $2)::int AS dn,
            extract(epoch FROM now() - max(at) FILTER (WHERE address = $2))::float8 AS ds
       FROM sign_in_failures
      WHERE reason = 'wrong-password' AND at > now() - make_interval(secs => $3) AND (email = $1 OR address = $2)`,
    [email, address, WINDOW_S],
  );
  const r = rows[0];
  return Math.max(
    waitSeconds(r.an, ACCOUNT_FREE_FAILURES, r.as ?? 0),
    waitSeconds(r.dn, ADDRESS_FREE_FAILURES, r.ds ?? 0),
  );
}

export type SignInFailureReason = "wrong-password" | "limited";

export async function recordSignInFailure(email: string, address: string, reason: SignInFailureReason): Promise<void> {
  await pool().query(`INSERT INTO sign_in_failures (email, address, reason) VALUES ($1, $2, $3)`, [
    email,
    address,
    reason,
  ]);
  if (Math.random() < 0.01)
    await pool().query(`DELETE FROM sign_in_failures WHERE at < now() - make_interval(days => $1)`, [KEEP_DAYS]);
}

export type SignInFailureSummary = { email: string; address: string; failures: number; limited: number; last: string };

/** The audit log for owners: failed and refused sign-ins of the last 7 days, by account and address. */
export async function recentSignInFailures(limit = 50): Promise<SignInFailureSummary[]> {
  const { rows } = await pool().query<{
    email: string;
    address: string;
    failures: number;
    limited: number;
    last: Date;
  }>(
    `SELECT email, address,
            count(*) FILTER (WHERE reason = 'wrong-password')::int AS failures,
            count(*) FILTER (WHERE reason = 'limited')::int AS limited,
            max(at) AS last
       FROM sign_in_failures WHERE at > now() - interval '7 days'
      GROUP BY email, address ORDER BY max(at) DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ ...r, last: r.last.toISOString() }));
}
