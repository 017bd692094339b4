/**
 * `culprit fix` end to end on a program in another language (Python, stdlib HTTP), agents known
 * only by their system prompts, against the reference model with one agent wrong on every call
 * until its system prompt asks it to check its work: for each wrong agent, `culprit record` yields
 * a failing recording, `culprit fix --runs 5 --json` names that agent and at least 4 of 5 replays
 * pass, and the same on an innocent agent (`--agent`) passes at most 1 of 5.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runRecord } from "../cli/record";
import { runFixRecording } from "../cli/fix-recording";
import { startReferenceModel } from "../../demo-mas/llm/reference-model";

const PY = join(import.meta.dirname, "test-programs", "sum_of_squares.py");
const quiet = () => {};
let dir: string;
let PROGRAM: string[];
beforeAll(() => {
  // The interpreter itself, not a version manager's shim (see record-verify.integration.test.ts).
  PROGRAM = [
    execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim() || "python3",
    PY,
  ];
  dir = mkdtempSync(join(tmpdir(), "culprit-fix-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface FixJson {
  ok: boolean;
  agent: string;
  fixType: string;
  instruction: string;
  runs: number;
  flipped: number;
  interval: [number, number];
  verdict: string;
  baseline: string;
}

async function fix(out: string, ...flags: string[]): Promise<FixJson> {
  const lines: string[] = [];
  expect(
    await runFixRecording([out, "--runs", "5", "--json", ...flags, "--", ...PROGRAM], (l) => lines.push(l), quiet),
  ).toBe(0);
  return JSON.parse(lines.at(-1)!) as FixJson;
}

describe("culprit fix on a Python program against the reference model", { timeout: 600_000 }, () => {
  it.each([
    ["planner", "worker_1"],
    ["worker_2", "planner"],
    ["aggregator", "worker_3"],
    ["verifier", "worker_2"],
  ])("%s wrong on every call: its fix passes, an innocent agent's (%s) does not", async (wrong, innocent) => {
    const model = await startReferenceModel({ wrong });
    try {
      const out = join(dir, wrong);
      const lines: string[] = [];
      expect(
        await runRecord(
          ["--upstream", model.url, "--out", out, "--json", "--", ...PROGRAM],
          (l) => lines.push(l),
          quiet,
        ),
      ).toBe(0);
      expect((JSON.parse(lines.at(-1)!) as { outcome: string }).outcome).toBe("failure");

      const cure = await fix(out);
      expect(cure).toMatchObject({ ok: true, agent: wrong, runs: 5, baseline: "failure" });
      expect(cure.flipped).toBeGreaterThanOrEqual(4);
      expect(cure.instruction.length).toBeGreaterThan(20);
      expect(cure.fixType).toMatch(/^[a-z-]+$/);

      const control = await fix(out, "--agent", innocent);
      expect(control.agent).toBe(innocent);
      expect(control.flipped).toBeLessThanOrEqual(1);
      expect(control.verdict).toBe("does-not-cure");
    } finally {
      await model.close();
    }
  });

  it("takes an instruction of the user's and says the fix is not the cure when it asks for nothing", async () => {
    const model = await startReferenceModel({ wrong: "worker_2" });
    try {
      const out = join(dir, "own-instruction");
      expect(await runRecord(["--upstream", model.url, "--out", out, "--json", "--", ...PROGRAM], quiet, quiet)).toBe(
        0,
      );
      const r = await fix(out, "--agent", "worker_2", "--instruction", "Be brief.");
      expect(r).toMatchObject({ agent: "worker_2", instruction: "Be brief.", flipped: 0 });
    } finally {
      await model.close();
    }
  });
});
