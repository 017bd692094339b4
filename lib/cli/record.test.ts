import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runRecord } from "./record";
import { isRecordingVerify, runVerifyRecording } from "./verify-recording";
import { splitCommand } from "./proxy-options";
import { shellQuote } from "./shell-quote";

async function run(fn: typeof runRecord, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await fn(argv, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("culprit record / verify <recording>: arguments", () => {
  it("needs a command after --", async () => {
    const r = await run(runRecord, ["--out", "x"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/No command: give it after --/);
  });

  it("refuses --max-cost without prices, bad numbers, non-http upstreams and flags without values", async () => {
    expect((await run(runRecord, ["--max-cost", "1", "--", "true"])).err).toMatch(/--max-cost needs --price/);
    expect((await run(runRecord, ["--max-tokens", "-3", "--", "true"])).err).toMatch(/--max-tokens must be an integer ≥ 0/);
    expect((await run(runRecord, ["--upstream", "file:///etc/passwd", "--", "true"])).err).toMatch(/must be an http\(s\) URL/);
    expect((await run(runRecord, ["--upstream", "http://user:pw@example.com/v1", "--", "true"])).err).toMatch(/must not hold credentials/);
    expect((await run(runRecord, ["--upstream", "--out", "x", "--", "true"])).err).toMatch(/--upstream needs a value/);
  });

  it("prints its usage with --help and exits 0", async () => {
    const r = await run(runRecord, ["--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: culprit record/);
  });

  it("routes verify to the proxy when a command follows -- or the file is a recording", () => {
    const dir = mkdtempSync(join(tmpdir(), "culprit-verify-route-"));
    writeFileSync(join(dir, "recording.json"), JSON.stringify({ format: "culprit.recording/v1", calls: [] }));
    writeFileSync(join(dir, "trace.json"), JSON.stringify({ resourceSpans: [] }));
    expect(isRecordingVerify([dir])).toBe(true);
    expect(isRecordingVerify([join(dir, "recording.json")])).toBe(true);
    expect(isRecordingVerify([join(dir, "trace.json"), "--endpoint", "http://x"])).toBe(false);
    expect(isRecordingVerify([join(dir, "trace.json"), "--", "python3", "a.py"])).toBe(true);
  });

  it("says so when the file is no recording or holds no call", async () => {
    const dir = mkdtempSync(join(tmpdir(), "culprit-verify-bad-"));
    writeFileSync(join(dir, "empty.json"), JSON.stringify({ format: "culprit.recording/v1", calls: [] }));
    writeFileSync(join(dir, "other.json"), "{}");
    expect((await run(runVerifyRecording, [join(dir, "empty.json"), "--", "true"])).err).toMatch(/holds no LLM call/);
    expect((await run(runVerifyRecording, [join(dir, "other.json"), "--", "true"])).err).toMatch(/is not a culprit.recording\/v1 file/);
  });

  it("splits the command at the first -- and quotes it for display", () => {
    expect(splitCommand(["--out", "x", "--", "python3", "-c", "print(1) -- 2"])).toEqual({ args: ["--out", "x"], command: ["python3", "-c", "print(1) -- 2"] });
    expect(shellQuote(["python3", "-c", "print('a b')"])).toBe(`python3 -c 'print('\\''a b'\\'')'`);
  });
});
