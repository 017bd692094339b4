import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper without types
import { dbOutageGate } from "./db-outage.mjs";

/** A minimal response double that records what the gate wrote (the gate only calls these two). */
const response = () => {
  const out: { status?: number; headers?: Record<string, string>; body?: string } = {};
  return {
    out,
    writeHead(status: number, headers: Record<string, string>) {
      out.status = status;
      out.headers = headers;
    },
    end(body: string) {
      out.body = body;
    },
  };
};

describe("pages while the database is down (review M-5)", () => {
  it("answers 503 with Retry-After after a failed probe, lets health through, and recovers after a good probe", async () => {
    let up = true;
    const gate = dbOutageGate({
      probe: () => (up ? Promise.resolve() : Promise.reject(new Error("ECONNREFUSED"))),
      everyMs: 0,
    });
    expect(gate.admit({ url: "/" }, response())).toBe(true);
    await gate.settled();
    up = false;
    gate.admit({ url: "/" }, response());
    await gate.settled();
    const refused = response();
    expect(gate.admit({ url: "/runs/x" }, refused)).toBe(false);
    expect(refused.out.status).toBe(503);
    expect(refused.out.headers?.["retry-after"]).toBe("5");
    expect(gate.admit({ url: "/api/health" }, response())).toBe(true);
    await gate.settled();
    up = true;
    gate.admit({ url: "/" }, response());
    await gate.settled();
    expect(gate.admit({ url: "/" }, response())).toBe(true);
  });

  it("gives the first request after the database died its 503, not a failed page", async () => {
    let up = true;
    const gate = dbOutageGate({
      probe: () => (up ? Promise.resolve() : Promise.reject(new Error("ECONNREFUSED"))),
      everyMs: 0,
    });
    expect(await gate.admitSoon({ url: "/" }, response())).toBe(true);
    up = false;
    const first = response();
    expect(await gate.admitSoon({ url: "/runs/x" }, first)).toBe(false);
    expect(first.out.status).toBe(503);
    // A hung database does not hold requests: past waitMs they go on.
    const hung = dbOutageGate({ probe: () => new Promise(() => {}), everyMs: 0, waitMs: 10 });
    expect(await hung.admitSoon({ url: "/" }, response())).toBe(true);
  });
});
