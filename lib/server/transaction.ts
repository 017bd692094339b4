import "server-only";
import type pg from "pg";
import { pool } from "./pg-pool";

/**
 * Runs `work` in one transaction on one pooled connection: COMMIT when it returns, ROLLBACK when
 * it throws (the error is rethrown). Used where a write mixes COPY and plain statements, which a
 * Prisma transaction cannot do.
 */
export async function withTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
