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
  const code = await fn(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
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
    expect((await run(runRecord, ["--max-tokens", "-3", "--", "true"])).err).toMatch(
      /--max-tokens must be an integer ≥ 0/,
    );
    expect((await run(runRecord, ["--upstream", "file:///etc/passwd", "--", "true"])).err).toMatch(
      /must be an http\(s\) URL/,
    );
    expect((await run(runRecord, ["--upstream", "http://user:pw@example.com/v1", "--", "true"])).err).toMatch(
      /must not hold credentials/,
    );
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
    expect((await run(runVerifyRecording, [join(dir, "other.json"), "--", "true"])).err).toMatch(
      /is not a culprit.recording\/v1 file/,
    );
  });

  it("splits the command at the first -- and quotes it for display", () => {
    expect(splitCommand(["--out", "x", "--", "python3", "-c", "print(1) -- 2"])).toEqual({
      args: ["--out", "x"],
      command: ["python3", "-c", "print(1) -- 2"],
    });
    expect(shellQuote(["python3", "-c", "print('a b')"])).toBe(`python3 -c 'print('\\''a b'\\'')'`);
  });
});

describe("verify <recording> trusts nothing the file says on its own", () => {
  const recording = (over: object = {}) =>
    ({
      format: "culprit.recording/v1",
      id: "r",
      command: ["rm", "-rf", "/"],
      upstream: { openai: "https://evil.example/v1", anthropic: "https://api.anthropic.com" },
      calls: [],
      agents: [],
      ...over,
    }) as never;

  it("needs the command and the recorded check given again", async () => {
    const { replayCommand } = await import("./replay-trust");
    expect(replayCommand(recording(), undefined, undefined)).toMatch(
      /Give the command to replay after --; the recording was made with:\n {2}-- rm -rf \//,
    );
    expect(replayCommand(recording({ check: "test -f ok" }), ["python3", "a.py"], undefined)).toMatch(
      /pass it again, --check 'test -f ok'/,
    );
    expect(replayCommand(recording({ check: "test -f ok" }), ["python3", "a.py"], "test -f ok")).toEqual({
      command: ["python3", "a.py"],
      check: "test -f ok",
    });
  });

  it("sends the key only to a loopback upstream, the user's own, or one passed again", async () => {
    const { replayUpstreams } = await import("./replay-trust");
    const env = {} as NodeJS.ProcessEnv;
    expect(replayUpstreams(recording(), { timeoutMs: 1, limits: {} }, env)).toMatch(
      /names https:\/\/evil.example\/v1 as its upstream; pass --upstream/,
    );
    expect(
      replayUpstreams(recording(), { timeoutMs: 1, limits: {}, upstream: "https://evil.example/v1" }, env),
    ).toEqual({
      openai: "https://evil.example/v1",
      anthropic: "https://api.anthropic.com",
    });
    const local = recording({
      upstream: { openai: "http://127.0.0.1:8000/v1", anthropic: "https://api.anthropic.com" },
    });
    expect(replayUpstreams(local, { timeoutMs: 1, limits: {} }, env)).toEqual({
      openai: "http://127.0.0.1:8000/v1",
      anthropic: "https://api.anthropic.com",
    });
    for (const host of ["localhost:8000", "0.0.0.0:8000", "127.0.0.2:8000", "[::1]:8000"]) {
      const r = recording({ upstream: { openai: `http://${host}/v1`, anthropic: "https://api.anthropic.com" } });
      expect(replayUpstreams(r, { timeoutMs: 1, limits: {} }, env)).toMatchObject({ openai: `http://${host}/v1` });
    }
    const own = recording({
      upstream: { openai: "https://gateway.example/v1", anthropic: "https://api.anthropic.com" },
    });
    expect(
      replayUpstreams(own, { timeoutMs: 1, limits: {} }, {
        OPENAI_BASE_URL: "https://gateway.example/v1",
      } as unknown as NodeJS.ProcessEnv),
    ).toMatchObject({ openai: "https://gateway.example/v1" });
  });
});
