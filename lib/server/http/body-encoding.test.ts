import { describe, expect, it } from "vitest";
import { gunzipSync, gzipSync } from "node:zlib";
import { acceptsGzip, jsonBodyResponse } from "./body-encoding";

describe("acceptsGzip", () => {
  it("takes gzip when named or *, not when refused with q=0 or absent", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip; q=0.0, br")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("x-gzip-like")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});

describe("jsonBodyResponse", () => {
  const raw = Buffer.from(JSON.stringify({ steps: ["ä", "b"] }));
  const body = { raw, gzip: gzipSync(raw) };
  it("serves the gzip copy with Content-Encoding to clients that take it, the raw bytes to others", async () => {
    const gz = jsonBodyResponse(new Request("http://x/", { headers: { "accept-encoding": "gzip" } }), body, { etag: '"v"' });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toBe("accept-encoding");
    expect(gz.headers.get("etag")).toBe('"v"');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8"))).toEqual({ steps: ["ä", "b"] });
    const plain = jsonBodyResponse(new Request("http://x/"), body, {});
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(raw.length));
    expect(await plain.json()).toEqual({ steps: ["ä", "b"] });
  });
});
