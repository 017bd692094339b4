import { describe, expect, it } from "vitest";
import {
  clientAddressFrom,
  normalizeAddress,
  parseTrustedProxies,
  resolveClientAddress,
  stampClientAddress,
} from "./client-address.mjs";

describe("client address (the socket's, or a trusted proxy's X-Forwarded-For)", () => {
  const proxies = parseTrustedProxies("10.0.0.2, ::1");

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(resolveClientAddress("::ffff:127.0.0.1", "203.0.113.7", new Set())).toBe("127.0.0.1");
    expect(resolveClientAddress("198.51.100.4", "203.0.113.7", proxies)).toBe("198.51.100.4");
  });

  it("behind a trusted proxy takes the right-most hop that is not itself trusted", () => {
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 203.0.113.7", proxies)).toBe("203.0.113.7");
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 203.0.113.7, ::1", proxies)).toBe("203.0.113.7");
    expect(resolveClientAddress("[::1]", "not-an-ip", proxies)).toBe("::1");
  });

  it("normalizes mapped IPv4, brackets and ports; refuses anything else", () => {
    expect(normalizeAddress("::FFFF:10.1.2.3")).toBe("10.1.2.3");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("10.1.2.3:8080")).toBe("10.1.2.3");
    expect(normalizeAddress("evil.example")).toBeNull();
  });

  it("stamping overwrites a forged header and strips forwarding headers from untrusted peers", () => {
    const req = {
      socket: { remoteAddress: "192.0.2.5" },
      headers: { "x-forwarded-for": "10.9.9.9", "x-culprit-client-ip": "10.9.9.9", "x-real-ip": "10.9.9.9" } as Record<
        string,
        string
      >,
    };
    stampClientAddress(req as never, new Set());
    expect(req.headers).toEqual({ "x-culprit-client-ip": "192.0.2.5" });
    expect(clientAddressFrom(new Headers(req.headers))).toBe("192.0.2.5");
  });
});
