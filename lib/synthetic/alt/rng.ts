/**
 * The alternative generator's own seeded randomness (independent of `../prng.ts`): a string seed
 * hashed with a 32-bit multiply-xorshift into a SplitMix32 stream. Same seed, same sequence.
 */
export interface AltRng {
  /** Uniform in [0, 1). */
  float(): number;
  /** Integer in [lo, hi], both ends included. */
  between(lo: number, hi: number): number;
  one<T>(items: readonly T[]): T;
  coin(p?: number): boolean;
  mix<T>(items: readonly T[]): T[];
  /** A child stream for one concern (names, values, phrasing), so adding draws to one leaves the others unchanged. */
  fork(label: string): AltRng;
}

function seedOf(text: string): number {
  let h = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h >>> 0;
}

export function altRng(seed: string): AltRng {
  let state = seedOf(seed);
  const float = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return ((z ^ (z >>> 15)) >>> 0) / 4294967296;
  };
  const between = (lo: number, hi: number) => lo + Math.floor(float() * (hi - lo + 1));
  return {
    float,
    between,
    one: (items) => {
      if (!items.length) throw new Error("one() of an empty list");
      return items[between(0, items.length - 1)];
    },
    coin: (p = 0.5) => float() < p,
    mix: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = between(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    fork: (label) => altRng(`${seed}/${label}`),
  };
}
