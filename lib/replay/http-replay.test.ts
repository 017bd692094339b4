import { afterEach, describe, expect, it } from "vitest";
import { httpReplay, parseReplayBody } from "./http-replay";
import { ReplayError } from "./replay-error";
import { ReplaySession } from "./replay-session";
import { startTestEndpoint, deadEndpointUrl, json, type TestEndpoint } from "./test-endpoints";
import { minimalTrace } from "../trace/test-traces";

const run = { traceIds: ["abc"], attributes: {} };
const open: TestEndpoint[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});
async function endpoint(handler: Parameters<typeof startTestEndpoint>[0]) {
  const e = await startTestEndpoint(handler);
  open.push(e);
  return e;
}
async function replayError(p: Promise<unknown>): Promise<ReplayError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReplayError);
  return err as ReplayError;
}

describe("httpReplay failure modes", () => {
  it("names a refused connection after bounded retries", async () => {
    const err = await replayError(httpReplay({ endpoint: await deadEndpointUrl(), run, retries: 2, backoffMs: 5 })([]));
    expect(err.code).toBe("unreachable");
    expect(err.message).toMatch(/Cannot reach the replay endpoint .*ECONNREFUSED.*\(after 3 attempts\)/);
  });

  it("times out a slow endpoint, retrying a bounded number of times", async () => {
    const e = await endpoint(() => {}); // never answers
    const started = Date.now();
    const err = await replayError(httpReplay({ endpoint: e.url, run, timeoutMs: 150, retries: 1, backoffMs: 10 })([]));
    expect(err.code).toBe("timeout");
    expect(err.message).toMatch(/did not answer within 150 ms/);
    expect(e.requests()).toBe(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("does not retry garbage and says what came back", async () => {
    const e = await endpoint((_q, res) => json(res, 200, "<html>oops</html>"));
    const err = await replayError(httpReplay({ endpoint: e.url, run, retries: 3, backoffMs: 5 })([]));
    expect(err.code).toBe("bad_response");
    expect(err.message).toMatch(/did not answer JSON: <html>oops<\/html>/);
    expect(e.requests()).toBe(1);
  });

  it("rejects JSON that is neither an outcome nor a trace", async () => {
    const e = await endpoint((_q, res) => json(res, 200, { outcome: "maybe" }));
    const err = await replayError(httpReplay({ endpoint: e.url, run })([]));
    expect(err.code).toBe("bad_response");
    expect(err.message).toMatch(/outcome/);
  });

  it("recovers from transient 503s with backoff", async () => {
    const e = await endpoint((_q, res, n) =>
      n < 3 ? json(res, 503, { error: "busy" }) : json(res, 200, { outcome: "success" }),
    );
    const r = await httpReplay({ endpoint: e.url, run, retries: 2, backoffMs: 5 })([]);
    expect(r.outcome).toBe("success");
    expect(e.requests()).toBe(3);
  });

  it("does not retry a 4xx refusal", async () => {
    const e = await endpoint((_q, res) => json(res, 422, { error: "Unknown agent" }));
    const err = await replayError(
      httpReplay({ endpoint: e.url, run, retries: 3, backoffMs: 5 })([{ agent: "x", mode: "resample" }]),
    );
    expect(err.code).toBe("bad_response");
    expect(err.message).toMatch(/HTTP 422.*Unknown agent/);
    expect(e.requests()).toBe(1);
  });

  it("cancels an attempt in flight", async () => {
    const e = await endpoint(() => {});
    const controller = new AbortController();
    const p = httpReplay({ endpoint: e.url, run, timeoutMs: 10_000, signal: controller.signal })([]);
    setTimeout(() => controller.abort(), 50);
    expect((await replayError(p)).code).toBe("cancelled");
  });

  it("rejects a bad endpoint URL before any request", () => {
    expect(() => httpReplay({ endpoint: "ftp://x", run })).toThrow(/must be an http\(s\) URL/);
    expect(() => httpReplay({ endpoint: "not a url", run })).toThrow(/not a valid URL/);
  });
});

describe("parseReplayBody", () => {
  it("takes the outcome of a returned trace in any supported format", () => {
    const trace = minimalTrace({ outcome: "success" });
    expect(parseReplayBody(JSON.stringify({ trace }))).toMatchObject({ outcome: "success" });
  });
  it("prefers the stated outcome and refuses a trace without one", () => {
    const trace = minimalTrace({ outcome: "unknown" });
    expect(parseReplayBody(JSON.stringify({ trace, outcome: "failure" })).outcome).toBe("failure");
    expect(() => parseReplayBody(JSON.stringify({ trace }))).toThrow(/states no outcome/);
  });
});

describe("ReplaySession", () => {
  it("enforces the budget, de-duplicates repeats and uses the cache", async () => {
    let calls = 0;
    const stored = new Map<string, "success" | "failure">();
    const cache = {
      get: async (k: string) => stored.get(k),
      set: async (k: string, _i: unknown, o: "success" | "failure") => void stored.set(k, o),
    };
    const session = new ReplaySession({
      call: async () => (calls++, { outcome: "failure", durationMs: 1 }),
      budget: 2,
      cache,
    });
    const fn = session.fn("t");
    await fn([{ agent: "A", mode: "resample" }]);
    await fn([{ agent: "A", mode: "resample" }]); // repeat: free
    await fn([{ agent: "B", mode: "resample" }]);
    await expect(fn([{ agent: "C", mode: "resample" }])).rejects.toMatchObject({ code: "budget_exhausted" });
    expect(calls).toBe(2);
    expect(session.log.map((e) => e.source)).toEqual(["replay", "session", "replay"]);
    const again = new ReplaySession({
      call: async () => (calls++, { outcome: "success", durationMs: 1 }),
      budget: 0,
      cache,
    });
    expect(await again.fn("t")([{ agent: "B", mode: "resample" }])).toBe("failure");
    expect(again.cacheHits).toBe(1);
    expect(calls).toBe(2);
  });
});
