import { describe, expect, it } from "vitest";
import { guardRequest, hostName, urlHasNul } from "./request-guard";

const ALLOWED = new Set(["localhost", "127.0.0.1", "[::1]", "culprit.example.org"]);
const req = (method: string, headers: Record<string, string>, pathname = "/runs/x") => ({
  method,
  pathname,
  headers: new Headers(headers),
});

describe("hostName", () => {
  it("strips the port, keeps IPv6 brackets, lower-cases, rejects junk", () => {
    expect(hostName("LocalHost:3000")).toBe("localhost");
    expect(hostName("[::1]:3000")).toBe("[::1]");
    expect(hostName("culprit.example.org.")).toBe("culprit.example.org");
    expect(hostName("evil.example@127.0.0.1")).toBeNull();
    expect(hostName("")).toBeNull();
  });
});

describe("guardRequest: DNS rebinding", () => {
  it("refuses a Host that is not this server, for reads too", () => {
    const v = guardRequest(req("GET", { host: "attacker.example:3000" }), ALLOWED);
    expect(v).toMatchObject({ ok: false, status: 403, code: "host_not_allowed" });
  });
  it("refuses a missing Host", () => {
    expect(guardRequest(req("GET", {}), ALLOWED).ok).toBe(false);
  });
  it("accepts loopback names and configured names on any port", () => {
    for (const host of ["localhost:3000", "127.0.0.1:1", "[::1]:80", "culprit.example.org"])
      expect(guardRequest(req("GET", { host }), ALLOWED).ok).toBe(true);
  });
});

describe("guardRequest: CSRF", () => {
  const host = "127.0.0.1:3000";
  it("refuses a POST whose Origin is another site, whatever its content type", () => {
    for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
      expect(
        guardRequest(req("POST", { host, origin: "http://evil.example", "content-type": type }, "/api/runs"), ALLOWED),
      ).toMatchObject({
        ok: false,
        code: "cross_origin",
      });
    }
  });
  it("refuses Origin null (sandboxed frames, file://) and another port of the same host", () => {
    expect(guardRequest(req("POST", { host, origin: "null" }), ALLOWED).ok).toBe(false);
    expect(guardRequest(req("POST", { host, origin: "http://127.0.0.1:4000" }), ALLOWED).ok).toBe(false);
  });
  it("refuses a cross-site browser request without Origin (Sec-Fetch-Site)", () => {
    expect(guardRequest(req("POST", { host, "sec-fetch-site": "cross-site" }), ALLOWED).ok).toBe(false);
    expect(guardRequest(req("DELETE", { host, "sec-fetch-site": "same-site" }), ALLOWED).ok).toBe(false);
  });
  it("accepts same-origin posts and non-browser clients (no Origin, no Sec-Fetch-Site)", () => {
    expect(guardRequest(req("POST", { host, origin: "http://127.0.0.1:3000" }), ALLOWED).ok).toBe(true);
    expect(guardRequest(req("POST", { host }), ALLOWED).ok).toBe(true);
  });
  it("exempts bearer-key machine posts to the ingestion endpoints only", () => {
    const h = { host, origin: "http://evil.example", authorization: "Bearer k" };
    expect(guardRequest(req("POST", h, "/api/runs"), ALLOWED).ok).toBe(true);
    expect(guardRequest(req("POST", h, "/v1/traces"), ALLOWED).ok).toBe(true);
    expect(guardRequest(req("POST", h, "/runs/abc"), ALLOWED).ok).toBe(false);
    expect(guardRequest(req("DELETE", h, "/api/runs/abc"), ALLOWED).ok).toBe(false);
  });
  it("lets reads through from anywhere (they change nothing; authentication decides)", () => {
    expect(guardRequest(req("GET", { host, origin: "http://evil.example" }), ALLOWED).ok).toBe(true);
  });
});

describe("NUL in the address (review L-7)", () => {
  it("finds %00 in the path, a query value or a query name; passes ordinary addresses", () => {
    expect(urlHasNul("http://h/api/runs/x/steps/%00")).toBe(true);
    expect(urlHasNul("http://h/patterns?system=%00")).toBe(true);
    expect(urlHasNul("http://h/patterns?a%00=1")).toBe(true);
    expect(urlHasNul("http://h/patterns?system=a%2500b")).toBe(false);
    expect(urlHasNul("http://h/runs/abc?tab=steps")).toBe(false);
  });
});
