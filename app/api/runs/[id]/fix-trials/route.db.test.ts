/**
 * `culprit fix <recording> --app URL` end to end against the real route handlers and a real
 * Postgres: a Python program recorded against the reference model with worker_2 wrong until asked
 * to check its work, its fix proved by replays and posted; the run's newest trial shows it and its
 * pattern on /patterns counts it as verified.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POST as postRun } from "../../route";
import { POST as postTrial } from "./route";
import { pool } from "@/lib/server/pg-pool";
import { postCliResult, startCliResultServer } from "@/test/cli-result-server";
import { latestFixTrial } from "@/lib/server/fixes/fix-trial-rows";
import { getFailurePatterns } from "@/lib/server/queries/failure-patterns";
import { runRecord } from "@/lib/cli/record";
import { runFixRecording } from "@/lib/cli/fix-recording";
import { startReferenceModel } from "@/demo-mas/llm/reference-model";

const PY = join(import.meta.dirname, "../../../../../lib/record/test-programs/sum_of_squares.py");
const quiet = () => {};
let app: Awaited<ReturnType<typeof startCliResultServer>>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "culprit-app-fix-"));
  app = await startCliResultServer("fix-trials", postTrial, postRun);
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  await pool().end();
});

const post = (runId: string, body: unknown) => postCliResult(postTrial, "fix-trials", runId, body);

describe("POST /api/runs/:id/fix-trials (real Postgres)", () => {
  it("stores the CLI's proved fix beside the run and on its pattern", { timeout: 300_000 }, async () => {
    const python =
      execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim() || "python3";
    const model = await startReferenceModel({ wrong: "worker_2" });
    try {
      const out = join(dir, "rec");
      expect(await runRecord(["--upstream", model.url, "--out", out, "--json", "--", python, PY], quiet, quiet)).toBe(
        0,
      );
      const lines: string[] = [];
      expect(
        await runFixRecording(
          [out, "--runs", "5", "--json", "--app", app.url, "--", python, PY],
          (l) => lines.push(l),
          quiet,
        ),
      ).toBe(0);
      const r = JSON.parse(lines.at(-1)!) as { agent: string; flipped: number; app: string };
      expect(r).toMatchObject({ agent: "worker_2", flipped: 5 });
      const runId = /\/runs\/([0-9a-f-]{36})$/.exec(r.app)![1];
      const trial = await latestFixTrial(runId);
      expect(trial).toMatchObject({
        status: "done",
        agent: "worker_2",
        runs: 5,
        flipped: 5,
        result: { verdict: "cures", baseline: "failure" },
      });
      const { rows } = await pool().query<{ system: string }>(`SELECT system FROM runs WHERE id = $1`, [runId]);
      const pattern = (await getFailurePatterns({ system: rows[0].system })).patterns.find((p) =>
        p.runIds.includes(runId),
      );
      expect(pattern).toMatchObject({ agents: ["worker_2"], verified: { tried: 1, flipped: 1 } });
    } finally {
      await model.close();
    }
  });

  it("refuses a body that is no fix trial, and an unknown run", async () => {
    const runId = "00000000-0000-4000-8000-000000000000";
    expect((await post(runId, { agent: "a" })).status).toBe(422);
    const bad = {
      agent: "a",
      fixType: "check-own-output",
      instruction: "x",
      runs: 2,
      flipped: 3,
      interval: [0, 1],
      verdict: "cures",
      baseline: "failure",
      offlineAgent: null,
      screened: [],
    };
    expect((await post(runId, bad)).status).toBe(422);
    expect((await post(runId, { ...bad, flipped: 1 })).status).toBe(404);
  });
});
