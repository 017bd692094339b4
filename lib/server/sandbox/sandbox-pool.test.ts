import fs from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { reloadConfig } from "../config";
import { runInSandbox, SandboxLimitError } from "./sandbox-pool";

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
  it("keeps its threads warm, and starts new ones when the configured heap cap changed", {
    timeout: 60_000,
  }, async () => {
    // The threads started with the default cap: the input fits.
    expect(await importBig()).toBe("refused as no trace");
    // The environment changed (as a test, or the next test file in the same process, may change it):
    // the idle threads are replaced by ones with the new cap, so the same input now exceeds it.
    process.env.CULPRIT_JOB_MEMORY_MB = "64";
    reloadConfig();
    expect(await importBig()).toBe("memory limit");
  });

  it.runIf(process.platform === "linux")(
    "runs its threads 5 nice levels below the process, the event loop's thread at its own",
    async () => {
      await runInSandbox(
        "import",
        { bytes: new TextEncoder().encode("{}"), maxSteps: 10, maxAgents: 10 },
        {
          timeoutMs: 30_000,
        },
      ).catch(() => {});
      // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's niceness.
      const nice = (tid: string) => {
        const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      };
      const threads = fs.readdirSync("/proc/self/task").map(nice);
      expect(threads.filter((n) => n === Math.min(19, os.getPriority() + 5)).length).toBeGreaterThanOrEqual(1);
      expect(nice(String(process.pid))).toBe(os.getPriority());
    },
  );
});
