import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { cachedBodyCoding, jsonBodyResponse } from "./body-encoding";
import { PRECOMPRESSED_HEADER, markFrontServerPresent } from "./content-coding.mjs";
import { compressOnce } from "./compress";

const FLAG = Symbol.for("culprit.front-server");
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[FLAG];
});

describe("jsonBodyResponse", () => {
  it("answers the cached bytes as JSON with their byte length and the given headers", async () => {
    const raw = Buffer.from(JSON.stringify({ steps: ["ä", "b"] }), "utf8");
    const res = jsonBodyResponse(raw, "identity", { etag: '"v"' });
    expect(res.headers.get("etag")).toBe('"v"');
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("content-length")).toBe(String(raw.byteLength));
    expect(res.headers.get("vary")).toBe("accept-encoding");
    expect(res.headers.has(PRECOMPRESSED_HEADER)).toBe(false);
    expect(await res.json()).toEqual({ steps: ["ä", "b"] });
  });

  it("labels compressed bytes for the front server, which turns the label into Content-Encoding", async () => {
    const raw = Buffer.from(JSON.stringify({ steps: Array.from({ length: 200 }, (_, i) => `step ${i}`) }), "utf8");
    const packed = await compressOnce(raw, "gzip");
    expect(packed.length).toBeLessThan(raw.length);
    const res = jsonBodyResponse(packed, "gzip", {});
    expect(res.headers.get(PRECOMPRESSED_HEADER)).toBe("gzip");
    expect(res.headers.get("content-length")).toBe(String(packed.byteLength));
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).equals(raw)).toBe(true);
  });
});

describe("cachedBodyCoding", () => {
  const req = (acceptEncoding: string) =>
    new Request("http://127.0.0.1/api/runs/x/view", { headers: { "accept-encoding": acceptEncoding } });

  it("is identity without the front server: nobody would label the bytes, Next compresses instead", () => {
    expect(cachedBodyCoding(req("gzip, deflate, br"))).toBe("identity");
  });

  it("follows the client's Accept-Encoding when the front server is there", () => {
    markFrontServerPresent();
    expect(cachedBodyCoding(req("gzip, deflate, br, zstd"))).toBe("br");
    expect(cachedBodyCoding(req("gzip"))).toBe("gzip");
    expect(cachedBodyCoding(req("identity"))).toBe("identity");
  });
});
