import { describe, expect, it } from "vitest";
import { parsePullArgs, PULL_USAGE, sinceToIso } from "./pull-args";

describe("culprit pull arguments", () => {
  it("reads the flags, with the host from LANGFUSE_HOST unless --host says otherwise", () => {
    const o = parsePullArgs(["langfuse", "--trace", "a", "--trace=b", "--failed-only", "--write-back", "--max", "5"], {
      LANGFUSE_HOST: "https://cloud.langfuse.com",
    });
    expect(o).toMatchObject({
      host: "https://cloud.langfuse.com",
      traceIds: ["a", "b"],
      failedOnly: true,
      writeBack: true,
      max: 5,
    });
    expect(parsePullArgs(["langfuse", "--host", "http://127.0.0.1:3000"], { LANGFUSE_HOST: "x" })).toMatchObject({
      host: "http://127.0.0.1:3000",
    });
  });

  it("refuses what it cannot bound: other sources, --max out of range, a --since it cannot read", () => {
    expect(parsePullArgs(["langsmith"])).toContain('Unknown source "langsmith"');
    expect(parsePullArgs(["langfuse", "--max", "0"])).toContain("--max");
    expect(parsePullArgs(["langfuse", "--max", "1001"])).toContain("--max");
    expect(parsePullArgs(["langfuse", "--since", "yesterday"])).toContain("--since");
    expect(parsePullArgs(["langfuse", "--bogus"])).toContain('Unknown option "--bogus"');
    expect(parsePullArgs(["--help"])).toBe(PULL_USAGE);
  });

  it("turns durations into ISO times and keeps ISO dates", () => {
    const now = Date.parse("2026-12-01T12:00:00.000Z");
    expect(sinceToIso("24h", now)).toBe("2026-11-30T12:00:00.000Z");
    expect(sinceToIso("30m", now)).toBe("2026-12-01T11:30:00.000Z");
    expect(sinceToIso("7d", now)).toBe("2026-11-24T12:00:00.000Z");
    expect(sinceToIso("2026-11-01", now)).toBe("2026-11-01T00:00:00.000Z");
    expect(sinceToIso("12", now)).toBeUndefined();
  });
});
