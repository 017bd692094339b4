import { describe, expect, it } from "vitest";
import { ApiError } from "./api-errors";
import type { Caller } from "./http/define-route";
import { callerKey, inCallerLane } from "./ingest-lanes";

const key = (id: string): Caller => ({
  kind: "api-key",
  role: "owner",
  userId: "u",
  name: "user-key",
  keyId: id,
  scope: "ingest",
});
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

describe("one upload in flight per caller (review M-2)", () => {
  it("names callers by key, person or the local user", () => {
    expect(callerKey(key("k1"))).toBe("key:k1");
    expect(callerKey({ kind: "user", role: "owner", userId: "p1", name: "P", email: "p@x" })).toBe("user:p1");
    expect(callerKey({ kind: "local", role: "owner", userId: null, name: "local user" })).toBe("local");
  });

  it("runs one caller's uploads one after another, and another caller's beside them", async () => {
    const order: string[] = [];
    const first = gate();
    const a1 = inCallerLane(key("a"), async () => {
      order.push("a1 start");
      await first.opened;
      order.push("a1 end");
    });
    const a2 = inCallerLane(key("a"), async () => void order.push("a2"));
    const b1 = inCallerLane(key("b"), async () => void order.push("b1"));
    await b1;
    expect(order).toEqual(["a1 start", "b1"]);
    first.open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(["a1 start", "b1", "a1 end", "a2"]);
  });

  it("answers 429 with Retry-After past 64 waiting uploads of one caller", async () => {
    const hold = gate();
    const waiting = Array.from({ length: 64 }, () => inCallerLane(key("c"), () => hold.opened));
    const refused = await inCallerLane(key("c"), async () => "ran").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).headers["retry-after"]).toBeDefined();
    hold.open();
    await Promise.all(waiting);
    expect(await inCallerLane(key("c"), async () => "ran")).toBe("ran");
  });

  it("lets at most two large uploads run at once across callers", async () => {
    const big = () =>
      new Request("http://h/api/runs", { method: "POST", headers: { "content-length": String(10 * 1024 * 1024) } });
    const hold = gate();
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await hold.opened;
      running--;
    };
    const all = ["d", "e", "f", "g"].map((id) => inCallerLane(key(id), work, big()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running).toBe(2);
    hold.open();
    await Promise.all(all);
    expect(most).toBe(2);
  });
});
