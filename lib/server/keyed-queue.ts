/**
 * Runs tasks one after another per key, in arrival order: a task waits for the earlier tasks of each
 * of its keys. The sign-in guard uses it so that concurrent guesses for one account or from one
 * address are checked against the limits one at a time (else ten parallel guesses would all see
 * "no failures yet"). Within one process; the limits themselves live in Postgres.
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async function run<T>(keys: string[], task: () => Promise<T>): Promise<T> {
    const earlier = keys.map((k) => tails.get(k));
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const k of keys) tails.set(k, mine);
    await Promise.all(earlier);
    try {
      return await task();
    } finally {
      release();
      for (const k of keys) if (tails.get(k) === mine) tails.delete(k);
    }
  };
}
