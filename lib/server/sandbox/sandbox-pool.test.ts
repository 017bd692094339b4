import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { reloadConfig } from "../config";
import { runInSandbox, SandboxLimitError, sandboxProcessIds } from "./sandbox-pool";

// A JSON array of 2 million small objects: 16 MB of text, well over 64 MB of heap once parsed,
// far under the default cap. It is no trace, so under the default cap the import refuses it.
const BIG = new TextEncoder().encode(`[${'{"a":1},'.repeat(2_000_000)}{"a":1}]`);
const importBig = () =>
  runInSandbox(
    "import",
    { bytes: BIG.slice(), format: "auto", maxSteps: 10, maxAgents: 10 },
    { timeoutMs: 30_000 },
  ).then(
    () => "imported",
    (err: unknown) => (err instanceof SandboxLimitError ? `${err.limit} limit` : "refused as no trace"),
  );

afterAll(() => {
  delete process.env.CULPRIT_JOB_MEMORY_MB;
  reloadConfig();
});

describe("sandbox pool", () => {
  it("keeps its children warm, and starts new ones when the configured heap cap changed", {
    timeout: 60_000,
  }, async () => {
    // The children started with the default cap: the input fits.
    expect(await importBig()).toBe("refused as no trace");
    // The environment changed (as a test, or the next test file in the same process, may change it):
    // the idle children are replaced by ones with the new cap, so the same input now exceeds it.
    process.env.CULPRIT_JOB_MEMORY_MB = "64";
    reloadConfig();
    expect(await importBig()).toBe("memory limit");
  });

  it("answers the next task after a child ran out of heap, the caller's process untouched", {
    timeout: 60_000,
  }, async () => {
    process.env.CULPRIT_JOB_MEMORY_MB = "64";
    reloadConfig();
    // Each time a child dies of its heap cap; this process (the web server's) keeps running.
    for (let i = 0; i < 3; i++) expect(await importBig()).toBe("memory limit");
    const small = await runInSandbox(
      "import",
      { bytes: new TextEncoder().encode("{}"), maxSteps: 10, maxAgents: 10 },
      { timeoutMs: 30_000 },
    ).catch((err: Error) => err.message);
    expect(small).toMatch(/Unrecognized trace format/);
  });

  it("answers a child that cannot start with an error, and starts the next one afresh", {
    timeout: 60_000,
  }, async () => {
    const importTiny = () =>
      runInSandbox(
        "import",
        { bytes: new TextEncoder().encode("{}"), maxSteps: 10, maxAgents: 10 },
        { timeoutMs: 30_000 },
      ).catch((err: Error) => err.message);
    // No sandbox entry under this root: the child exits before it is ready.
    const root = process.env.CULPRIT_ROOT;
    process.env.CULPRIT_ROOT = "/nonexistent-culprit-root";
    reloadConfig();
    expect(await importTiny()).toMatch(/sandbox process exited while starting/);
    expect(await importTiny()).toMatch(/sandbox process exited while starting/);
    if (root === undefined) delete process.env.CULPRIT_ROOT;
    else process.env.CULPRIT_ROOT = root;
    reloadConfig();
    expect(await importTiny()).toMatch(/Unrecognized trace format/);
  });

  it.runIf(process.platform === "linux")(
    "runs its children 5 nice levels below the process, the event loop's thread at its own",
    async () => {
      delete process.env.CULPRIT_JOB_MEMORY_MB;
      reloadConfig();
      await runInSandbox(
        "import",
        { bytes: new TextEncoder().encode("{}"), maxSteps: 10, maxAgents: 10 },
        {
          timeoutMs: 30_000,
        },
      ).catch(() => {});
      // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's niceness.
      const nice = (pid: number | string, tid: string) => {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      };
      const pids = sandboxProcessIds();
      expect(pids.length).toBeGreaterThanOrEqual(1);
      for (const pid of pids) {
        const threads = fs.readdirSync(`/proc/${pid}/task`).map((tid) => nice(pid, tid));
        expect(new Set(threads)).toEqual(new Set([Math.min(19, os.getPriority() + 5)]));
      }
      expect(nice(process.pid, String(process.pid))).toBe(os.getPriority());
    },
  );
});
