import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helpers without types (run by node before Next loads)
import { staticFileCache } from "./static-files.mjs";
// @ts-expect-error plain ESM helper without types
import { loadShedder } from "./load-shed.mjs";
// @ts-expect-error plain ESM helper without types
import { translatePrecompressedHeader } from "./precompressed.mjs";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A real loopback server running `handler`; returns its base URL. */
async function serve(handler: Handler): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A raw GET (node:http does not decode bodies, unlike fetch). */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("static build files served compressed once (decision 0023)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "culprit-static-"));
  fs.mkdirSync(path.join(dir, "static/chunks"), { recursive: true });
  const js = Buffer.from(`console.log(${JSON.stringify("chunk ".repeat(2000))});`);
  fs.writeFileSync(path.join(dir, "static/chunks/abc123.js"), js);
  fs.writeFileSync(path.join(dir, "static/chunks/font.woff2"), Buffer.from([1, 2, 3]));
  fs.writeFileSync(path.join(dir, "secret.js"), "secret");

  async function front() {
    const cache = staticFileCache({ root: path.join(dir, "static") });
    return serve((req, res) => {
      void cache.serve(req, res).then((served: boolean) => {
        if (!served) res.writeHead(299).end("next"); // stands for Next's handler
      });
    });
  }

  it("answers brotli or gzip by Accept-Encoding, immutable, with Vary and a per-coding ETag", async () => {
    const base = await front();
    const br = await get(`${base}/_next/static/chunks/abc123.js`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(js.length / 10);
    expect(brotliDecompressSync(br.body).equals(js)).toBe(true);

    const gz = await get(`${base}/_next/static/chunks/abc123.js?dpl=x`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(js)).toBe(true);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const again = await get(`${base}/_next/static/chunks/abc123.js`, {
      "accept-encoding": "br",
      "if-none-match": br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(`${base}/_next/static/chunks/abc123.js`, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("leaves to Next what it cannot serve compressed: identity, other kinds, missing files, other paths", async () => {
    const base = await front();
    expect((await get(`${base}/_next/static/chunks/abc123.js`, { "accept-encoding": "identity" })).status).toBe(299);
    expect((await get(`${base}/_next/static/chunks/abc123.js`)).status).toBe(299);
    expect((await get(`${base}/_next/static/chunks/font.woff2`, { "accept-encoding": "br" })).status).toBe(299);
    expect((await get(`${base}/_next/static/chunks/none.js`, { "accept-encoding": "br" })).status).toBe(299);
    expect((await get(`${base}/runs/abc123.js`, { "accept-encoding": "br" })).status).toBe(299);
    expect((await get(`${base}/_next/static/chunks/abc123.js`, { "accept-encoding": "br" }, "POST")).status).toBe(299);
  });

  it("never reads outside the static directory", async () => {
    const base = await front();
    for (const p of [
      "/_next/static/../secret.js",
      "/_next/static/%2e%2e/secret.js",
      "/_next/static/chunks/%2E%2E%2F..%2Fsecret.js",
      "/_next/static/%00.js",
      "/_next/static/%E0%A4%A.js",
    ]) {
      const res = await get(`${base}${p}`, { "accept-encoding": "br" });
      expect(res.status, p).toBe(299);
    }
  });
});

describe("load shedding (decision 0023)", () => {
  it("refuses beyond maxInFlight with 503 + Retry-After, never the health check, and admits again once requests finish", async () => {
    const shed = loadShedder({ maxInFlight: 2, maxLagMs: 0 });
    const release: (() => void)[] = [];
    const base = await serve((req, res) => {
      if (!shed.admit(req, res)) return;
      if (req.url === "/api/health") return res.end("ok");
      release.push(() => res.end("done"));
    });
    const held = [get(`${base}/a`), get(`${base}/b`)];
    while (release.length < 2) await new Promise((r) => setTimeout(r, 5));
    const refused = await get(`${base}/c`);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect((await get(`${base}/api/health`)).status).toBe(200);
    release.splice(0).forEach((f) => f());
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    const after = get(`${base}/d`);
    while (release.length < 1) await new Promise((r) => setTimeout(r, 5));
    release.splice(0).forEach((f) => f());
    expect((await after).status).toBe(200);
    shed.stop();
  });

  it("refuses while the event loop is late", async () => {
    const shed = loadShedder({ maxInFlight: 0, maxLagMs: 200, sampleMs: 10 });
    const fakeReq = { url: "/" } as http.IncomingMessage;
    const statuses: number[] = [];
    const fakeRes = {
      writeHead: (s: number) => statuses.push(s),
      end: () => {},
      once: () => {},
    } as unknown as http.ServerResponse;
    // An idle loop admits (polled: on a busy machine one timer may itself be late).
    let admitted = false;
    for (let i = 0; i < 100 && !admitted; i++) {
      await new Promise((r) => setTimeout(r, 20));
      admitted = shed.admit(fakeReq, fakeRes);
    }
    expect(admitted).toBe(true);
    statuses.length = 0;
    // Block the loop like a long synchronous task. The lag it then reports is at least the block
    // less one sampling period (250 - 10 > 200): just past the bound, so a bound read too loosely
    // fails here (a 500 ms block burnt twice the CPU and let a bound of up to 490 ms pass).
    const until = Date.now() + 250;
    while (Date.now() < until);
    expect(shed.admit(fakeReq, fakeRes)).toBe(false);
    expect(shed.admit({ url: "/api/health" } as http.IncomingMessage, fakeRes)).toBe(true);
    expect(statuses).toEqual([503]);
    shed.stop();
  });
});

describe("a route's pre-compressed body let through (decision 0023)", () => {
  it("turns the route's coding header into Content-Encoding and drops unknown codings", async () => {
    const raw = Buffer.from("{".padEnd(5000, " ") + "}");
    const base = await serve((req, res) => {
      translatePrecompressedHeader(res);
      const coding = req.url === "/bad" ? "evil" : "gzip";
      // Next's send-response copies a route's headers with appendHeader.
      res.appendHeader("x-culprit-content-encoding", coding);
      res.appendHeader("content-type", "application/json");
      res.end(req.url === "/bad" ? raw : gzipSync(raw));
    });
    const ok = await get(`${base}/ok`, { "accept-encoding": "gzip" });
    expect(ok.headers["content-encoding"]).toBe("gzip");
    expect(ok.headers["x-culprit-content-encoding"]).toBeUndefined();
    expect(gunzipSync(ok.body).equals(raw)).toBe(true);
    const bad = await get(`${base}/bad`);
    expect(bad.headers["content-encoding"]).toBeUndefined();
    expect(bad.headers["x-culprit-content-encoding"]).toBeUndefined();
    expect(bad.body.equals(raw)).toBe(true);
  });
});
