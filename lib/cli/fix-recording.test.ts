import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIX_USAGE, runFixRecording } from "./fix-recording";

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFixRecording(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("culprit fix arguments", () => {
  it("prints its usage", async () => {
    expect(await run(["--help"])).toMatchObject({ code: 0, out: FIX_USAGE });
  });

  it("refuses bad values before running anything", async () => {
    expect((await run(["rec", "--runs", "0", "--", "x"])).err).toMatch(/--runs must be an integer from 1 to 100/);
    expect((await run(["rec", "--instruction", "", "--", "x"])).err).toMatch(/1 to 4000 characters/);
    expect((await run(["rec", "--frobnicate"])).err).toMatch(/Unknown option "--frobnicate"/);
    expect((await run(["a", "b", "--", "x"])).err).toMatch(/exactly one recording/);
  });

  it("needs a readable recording that holds calls", async () => {
    const dir = mkdtempSync(join(tmpdir(), "culprit-fix-args-"));
    expect((await run([join(dir, "missing"), "--json", "--", "x"])).out).toMatch(
      /"ok":false.*cannot read the recording/,
    );
    const rec = { format: "culprit.recording/v1", id: "r", command: ["python", "a.py"], calls: [] };
    writeFileSync(join(dir, "recording.json"), JSON.stringify(rec));
    expect((await run([dir, "--json", "--", "x"])).out).toMatch(/holds no LLM call: nothing to fix/);
  });
});
