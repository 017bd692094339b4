import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, documentedVariables, parseConfig } from "./config";

/** The rows of README's "## Configuration" table as name → shown default ("`A`, `B` | 2, 32" gives two rows). */
function readmeVariables(): Map<string, string> {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 4 || !cells[1].startsWith("`")) continue;
    const names = [...cells[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const defaults = cells[2].split(", ");
    names.forEach((name, i) => {
      expect(rows.has(name), `${name} is listed twice`).toBe(false);
      rows.set(name, names.length > 1 && defaults.length === names.length ? defaults[i] : cells[2]);
    });
  }
  return rows;
}

describe("configuration", () => {
  it("README's table lists exactly the variables the config module declares, with their defaults", () => {
    const readme = readmeVariables();
    const declared = new Map(documentedVariables().map((v) => [v.name, v.shownDefault]));
    expect([...readme.keys()].sort()).toEqual([...declared.keys()].sort());
    for (const [name, shown] of declared) expect(readme.get(name), name).toBe(shown);
  });

  it("gives the declared defaults for an empty environment, and treats blank values as unset", () => {
    const c = parseConfig({ CULPRIT_MAX_STEPS: "  ", CULPRIT_HOST: "" });
    expect(c.CULPRIT_MAX_STEPS).toBe(200_000);
    expect(c.CULPRIT_HOST).toBe("127.0.0.1");
    expect(c.CULPRIT_AUTH).toBeUndefined();
    expect(c.CULPRIT_MAX_UPLOAD_MB).toBe(50);
  });

  it("coerces numbers and keeps replay and judge variables (per-system names included) for their resolvers", () => {
    const c = parseConfig({
      CULPRIT_MAX_UPLOAD_MB: "0.5",
      CULPRIT_JOB_QUEUE: "0",
      CULPRIT_AUTH: "Required",
      CULPRIT_REPLAY_DEMO_MAS_URL: "http://127.0.0.1:1/replay",
      CULPRIT_JUDGE_MODEL: "m",
      OTHER: "x",
    });
    expect(c.CULPRIT_MAX_UPLOAD_MB).toBe(0.5);
    expect(c.CULPRIT_JOB_QUEUE).toBe(0);
    expect(c.CULPRIT_AUTH).toBe("required");
    expect(c.replayEnv).toEqual({ CULPRIT_REPLAY_DEMO_MAS_URL: "http://127.0.0.1:1/replay" });
    expect(c.judgeEnv).toEqual({ CULPRIT_JUDGE_MODEL: "m" });
  });

  it("fails with one message naming every bad variable and its value", () => {
    let error: unknown;
    try {
      parseConfig({
        CULPRIT_MAX_UPLOAD_MB: "lots",
        CULPRIT_JOB_THREADS: "0",
        CULPRIT_AUTH: "maybe",
        CULPRIT_JUDGE_BASE_URL: "ftp://x",
        CULPRIT_JUDGE_MODEL: "m",
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/CULPRIT_MAX_UPLOAD_MB="lots": must be a number/);
    expect(message).toMatch(/CULPRIT_JOB_THREADS="0": must be at least 1/);
    expect(message).toMatch(/CULPRIT_AUTH="maybe": must be `required` or `off`/);
    expect(message).toMatch(/CULPRIT_JUDGE_BASE_URL "ftp:\/\/x" is not an http\(s\) URL/);
  });

  it("refuses a fractional count and an out-of-range port", () => {
    expect(() => parseConfig({ CULPRIT_MAX_STEPS: "1.5" })).toThrow(/CULPRIT_MAX_STEPS="1.5": must be a whole number/);
    expect(() => parseConfig({ PORT: "70000" })).toThrow(/PORT="70000": must be a port/);
  });
});
