import "server-only";
import type pg from "pg";
import { pool } from "./pg-pool";

/**
 * Runs `work` in one transaction on one pooled connection: COMMIT when it returns, ROLLBACK when
 * it throws (the error is rethrown). Used where a write mixes COPY and plain statements, which a
 * Prisma transaction cannot do.
 * A connection that dies meanwhile (server killed, backend terminated) emits "error" on the
 * client: caught here, never an uncaught exception that ends the process, and the broken
 * connection is destroyed instead of going back to the pool (security review M-1).
 */
export async function withTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  let broken: Error | undefined;
  const onError = (err: Error) => {
    broken ??= err;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    if (!broken) await client.query("ROLLBACK").catch((e: Error) => onError(e));
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken ?? false);
  }
}
