import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper without types
import { listenConfig, setupToken } from "./listen-address.mjs";
import { isLoopbackAddress, signInRequired } from "@/lib/server/auth/auth-mode";
import { reloadConfig } from "@/lib/server/config";

describe("npm start's listen address and sign-in mode", () => {
  it("listens on loopback without sign-in by default", () => {
    expect(listenConfig({})).toEqual({ host: "127.0.0.1", signIn: false });
  });
  it("turns sign-in on beyond loopback or when asked, and refuses exposure with sign-in off", () => {
    expect(listenConfig({ CULPRIT_HOST: "0.0.0.0" })).toEqual({ host: "0.0.0.0", signIn: true });
    expect(listenConfig({ CULPRIT_AUTH: "required" })).toEqual({ host: "127.0.0.1", signIn: true });
    expect(listenConfig({ CULPRIT_HOST: "192.168.1.5", CULPRIT_AUTH: "off" }).error).toMatch(
      /Refusing to listen on 192\.168\.1\.5/,
    );
    expect(listenConfig({ CULPRIT_HOST: "::1", CULPRIT_AUTH: "off" })).toEqual({ host: "::1", signIn: false });
  });
  it("agrees with the server's own rule (lib/server/auth/auth-mode.ts)", () => {
    for (const host of [
      "127.0.0.1",
      "127.1.2.3",
      "localhost",
      "::1",
      "[::1]",
      "0.0.0.0",
      "::",
      "10.0.0.1",
      "culprit.example.org",
    ]) {
      const saved = process.env.CULPRIT_HOST;
      process.env.CULPRIT_HOST = host;
      reloadConfig();
      try {
        expect(signInRequired(), host).toBe(listenConfig({ CULPRIT_HOST: host }).signIn);
        expect(isLoopbackAddress(host), host).toBe(!listenConfig({ CULPRIT_HOST: host }).signIn);
      } finally {
        if (saved === undefined) delete process.env.CULPRIT_HOST;
        else process.env.CULPRIT_HOST = saved;
        reloadConfig();
      }
    }
  });
  it("makes a fresh 192-bit setup token unless one is given", () => {
    expect(setupToken({})).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(setupToken({})).not.toBe(setupToken({}));
    expect(setupToken({ CULPRIT_SETUP_TOKEN: "given" })).toBe("given");
  });
});
