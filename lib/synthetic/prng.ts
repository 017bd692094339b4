/**
 * Seeded randomness for the synthetic-run generator. Pure: the same seed string gives the same
 * sequence on every platform (FNV-1a hash of the seed into mulberry32).
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [lo, hi], both ends included. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  /** Lowercase hex string of `bytes` random bytes (span and trace ids). */
  hex(bytes: number): string;
}

/** FNV-1a 32-bit hash: spreads similar seed strings ("run-1", "run-2") over unrelated states. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function createRng(seed: string): Rng {
  let a = hashSeed(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(0, items.length - 1)];
    },
    chance: (p) => next() < p,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    hex: (bytes) => {
      let s = "";
      for (let i = 0; i < bytes; i++) s += int(0, 255).toString(16).padStart(2, "0");
      // An all-zero id means "none" in OTLP; the chance is negligible but the fix is free.
      return /^0+$/.test(s) ? "1".padStart(bytes * 2, "0") : s;
    },
  };
}
