import { describe, expect, it } from "vitest";
import { ImmutableCache } from "./immutable-cache";

describe("ImmutableCache", () => {
  it("loads once per key, shares concurrent misses, and evicts least recently used past the weight budget", async () => {
    const cache = new ImmutableCache<string>(10);
    const loads: string[] = [];
    const load = (key: string, weight: number) => async () => {
      loads.push(key);
      return { value: key.toUpperCase(), weight };
    };
    expect(await Promise.all([cache.get("a", load("a", 4)), cache.get("a", load("a", 4))])).toEqual(["A", "A"]);
    await cache.get("b", load("b", 4));
    await cache.get("a", load("a", 4)); // a is now the most recently used
    await cache.get("c", load("c", 4)); // 12 > 10: evicts b
    await cache.get("a", load("a", 4));
    await cache.get("b", load("b", 4));
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });

  it("does not keep failed loads or values heavier than the whole budget", async () => {
    const cache = new ImmutableCache<number>(5);
    let calls = 0;
    await expect(
      cache.get("x", async () => {
        calls++;
        throw new Error("db down");
      }),
    ).rejects.toThrow("db down");
    expect(await cache.get("x", async () => ({ value: ++calls, weight: 1 }))).toBe(2);
    expect(await cache.get("big", async () => ({ value: ++calls, weight: 6 }))).toBe(3);
    expect(await cache.get("big", async () => ({ value: ++calls, weight: 6 }))).toBe(4);
  });

  it("forgets an entry on request, so its next get loads again and its weight is freed", async () => {
    const cache = new ImmutableCache<number>(2);
    let calls = 0;
    const load = async () => ({ value: ++calls, weight: 2 });
    expect(await cache.get("x", load)).toBe(1);
    cache.forget("x");
    expect(await cache.get("y", load)).toBe(2);
    expect(await cache.get("y", load)).toBe(2); // fits: x's weight was given back
    expect(await cache.get("x", load)).toBe(3);
  });
});
