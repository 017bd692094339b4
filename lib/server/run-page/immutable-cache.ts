import "server-only";

/**
 * A small in-process LRU for values that never change once written: a run's steps, edges and
 * agents (runs are immutable after ingest) and a finished analysis's report (keyed by analysis
 * id). Bounded by a total weight (e.g. steps), so memory stays within a fixed budget whatever is
 * browsed. Concurrent misses for one key share a single load.
 */
export class ImmutableCache<V> {
  private entries = new Map<string, { value: Promise<V>; weight: number }>();
  private total = 0;

  constructor(private readonly maxWeight: number) {}

  get(key: string, load: () => Promise<{ value: V; weight: number }>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // re-insert: most recently used last
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: undefined as unknown as Promise<V>, weight: 0 };
    entry.value = load().then(
      ({ value, weight }) => {
        if (this.entries.get(key) === entry) {
          entry.weight = weight;
          this.total += weight;
          if (weight > this.maxWeight) this.delete(key);
          this.evict();
        }
        return value;
      },
      (err) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw err;
      },
    );
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Drops one entry (e.g. a load that found nothing worth keeping). */
  forget(key: string) {
    this.delete(key);
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.total -= e.weight;
    this.entries.delete(key);
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxWeight) break;
      this.delete(key);
    }
  }
}
