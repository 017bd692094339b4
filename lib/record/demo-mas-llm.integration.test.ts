/**
 * The reference system in LLM mode (demo-mas/llm) against its deterministic reference model:
 * a clean run succeeds; with a worker that errs on its first call, `culprit record` captures the
 * six agents by their system prompts and `culprit verify` confirms the worker by replay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { runRecord } from "../cli/record";
import { runVerifyRecording } from "../cli/verify-recording";
import { startReferenceModel } from "../../demo-mas/llm/reference-model";

const quiet = () => {};
let dir: string;
/**
 * The agents program, run by node as one JavaScript file bundled from `demo-mas/llm/agents.ts` once
 * per file. Under `node --import tsx` every run paid about 1.1 CPU-s more (tsx's loader hooks
 * transforming the program and zod module by module), and these tests run it 8 times; the program,
 * its process boundary and its calls through the proxy are the same.
 */
let AGENTS: string[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "culprit-demo-llm-"));
  const bundle = join(dir, "agents.mjs");
  await build({
    entryPoints: [join(import.meta.dirname, "../../demo-mas/llm/agents.ts")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "error",
  });
  AGENTS = [process.execPath, bundle];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function record(url: string, out: string) {
  const lines: string[] = [];
  expect(
    await runRecord(["--upstream", url, "--out", out, "--json", "--", ...AGENTS], (l) => lines.push(l), quiet),
  ).toBe(0);
  return JSON.parse(lines.at(-1)!) as { outcome: string; agents: { agent: string; calls: number }[] };
}

describe("demo-mas LLM mode through culprit record/verify", { timeout: 300_000 }, () => {
  it("succeeds when no agent errs", async () => {
    const model = await startReferenceModel();
    try {
      const rec = await record(model.url, join(dir, "clean"));
      expect(rec.outcome).toBe("success");
      expect(rec.agents.map((a) => a.agent)).toEqual([
        "planner",
        "worker_1",
        "worker_2",
        "worker_3",
        "aggregator",
        "verifier",
      ]);
    } finally {
      await model.close();
    }
  });

  it("confirms worker_2 when it errs on its first call", async () => {
    const model = await startReferenceModel({ err: "worker_2" });
    try {
      const out = join(dir, "worker_2");
      expect((await record(model.url, out)).outcome).toBe("failure");
      const lines: string[] = [];
      expect(
        await runVerifyRecording(
          [out, "--json", "--strategy", "baseline,sequential", "--", ...AGENTS],
          (l) => lines.push(l),
          quiet,
        ),
      ).toBe(0);
      const v = JSON.parse(lines.at(-1)!) as {
        confirmedAgent: string;
        replays: number;
        baseline: { reproduced: boolean };
      };
      expect(v.baseline.reproduced).toBe(true);
      expect(v.confirmedAgent).toBe("worker_2");
      expect(v.replays).toBeLessThanOrEqual(7); // baseline + at most one resample per agent
    } finally {
      await model.close();
    }
  });
});
