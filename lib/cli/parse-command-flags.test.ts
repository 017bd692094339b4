import { describe, expect, it } from "vitest";
import { DEFAULT_RUN_TIMEOUT_MS, parseCommandFlags, type ProxyFlags } from "./proxy-options";

const fresh = (): ProxyFlags => ({ timeoutMs: DEFAULT_RUN_TIMEOUT_MS, limits: {} });

describe("parseCommandFlags (the flag loop of record and verify <recording>)", () => {
  it("gives proxy flags to the proxy, the rest to the command, with inline and separate values", () => {
    const flags = fresh();
    const seen: string[] = [];
    const stop = parseCommandFlags(
      ["--timeout=5", "--out", "dir", "--json", "file.json", "--upstream", "http://127.0.0.1:9/v1", "--system=s"],
      flags,
      (flag, value, arg) => {
        seen.push(flag === "--out" || flag === "--system" ? `${flag}:${value()}` : arg);
        return true;
      },
    );
    expect(stop).toBeUndefined();
    expect(flags.timeoutMs).toBe(5);
    expect(flags.upstream).toBe("http://127.0.0.1:9/v1");
    expect(seen).toEqual(["--out:dir", "--json", "file.json", "--system:s"]);
  });

  it("stops at the first message the command returns", () => {
    const seen: string[] = [];
    const stop = parseCommandFlags(["--a", "--bad", "--c"], fresh(), (flag) => {
      seen.push(flag);
      return flag === "--bad" ? "Unknown option --bad" : true;
    });
    expect(stop).toBe("Unknown option --bad");
    expect(seen).toEqual(["--a", "--bad"]);
  });

  it("returns a proxy flag's complaint about its value instead of throwing", () => {
    expect(parseCommandFlags(["--max-tokens", "-1"], fresh(), () => true)).toMatch(
      /--max-tokens must be an integer ≥ 0/,
    );
    expect(parseCommandFlags(["--check"], fresh(), () => true)).toMatch(/--check needs a value/);
  });
});
