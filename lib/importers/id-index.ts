/**
 * Step/span id → index, for the lookups every import repeats per step (span tree, edge context,
 * validation). A `Map<string, number>` costs ~150 ns an operation on 10k fresh id strings; this
 * open-addressing table over an `Int32Array` hashes the characters itself and costs a fifth of
 * that. Probes are bounded: an id whose probe run is too long (a file crafted for collisions)
 * goes to an overflow `Map`, so the worst case stays linear. Lookups are exact, so results never
 * depend on the hash.
 */
export class IdIndex {
  /** Per slot: stored index + 1, 0 when empty. */
  private slots: Int32Array;
  /** Id of each stored index (indexes are usually dense, so this is a plain list). */
  private readonly keyOf: string[] = [];
  private mask: number;
  private count = 0;
  private overflow: Map<string, number> | undefined;

  /** `maxProbes` bounds each probe run (tests lower it to exercise the overflow). */
  constructor(
    expected = 16,
    private readonly maxProbes = MAX_PROBES,
  ) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Number of distinct ids. */
  get size(): number {
    return this.count;
  }

  /** Index stored for `id`, or -1. */
  get(id: string): number {
    const slots = this.slots;
    let slot = hash(id) & this.mask;
    for (let probe = 0; probe < this.maxProbes; probe++) {
      const stored = slots[slot];
      if (stored === 0) return -1;
      if (this.keyOf[stored - 1] === id) return stored - 1;
      slot = (slot + 1) & this.mask;
    }
    return this.overflow?.get(id) ?? -1;
  }

  has(id: string): boolean {
    return this.get(id) >= 0;
  }

  /**
   * Stores `index` (0 ≤ index < 2^31 - 1, each index for one id only) for `id` unless `id` is
   * already present; returns whether it was added.
   */
  add(id: string, index: number): boolean {
    if ((this.count + 1) * 2 > this.mask + 1) this.grow();
    const slots = this.slots;
    let slot = hash(id) & this.mask;
    for (let probe = 0; probe < this.maxProbes; probe++) {
      const stored = slots[slot];
      if (stored === 0) {
        slots[slot] = index + 1;
        this.keyOf[index] = id;
        this.count++;
        return true;
      }
      if (this.keyOf[stored - 1] === id) return false;
      slot = (slot + 1) & this.mask;
    }
    this.overflow ??= new Map();
    if (this.overflow.has(id)) return false;
    this.overflow.set(id, index);
    this.count++;
    return true;
  }

  private grow(): void {
    const old = this.slots;
    const overflow = this.overflow;
    const size = (this.mask + 1) * 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.count = 0;
    this.overflow = undefined;
    for (let s = 0; s < old.length; s++) if (old[s] !== 0) this.add(this.keyOf[old[s] - 1], old[s] - 1);
    if (overflow) for (const [key, index] of overflow) this.add(key, index);
  }
}

/** Probe run after which an id goes to the overflow map. */
const MAX_PROBES = 32;

/** FNV-1a over the UTF-16 code units. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h ^ (h >>> 15)) >>> 0;
}
