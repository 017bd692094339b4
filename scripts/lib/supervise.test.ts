import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper without types
import { supervise } from "./supervise.mjs";

describe("supervise (npm start keeps the web server and worker running)", () => {
  it("restarts a crashing child with growing backoff and stops restarting on shutdown", {
    timeout: 30_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "culprit-supervise-"));
    const counter = path.join(dir, "starts");
    // Each start appends a line, then the child dies like an out-of-memory abort would.
    const script = `require("fs").appendFileSync(${JSON.stringify(counter)}, "x\\n"); process.abort();`;
    const children = new Set<ChildProcess>();
    const logs: string[] = [];
    let stopping = false;
    supervise({
      name: "crasher",
      cmd: process.execPath,
      args: ["-e", script],
      cwd: dir,
      env: process.env,
      children,
      isStopping: () => stopping,
      log: (m: string) => logs.push(m),
      minBackoffMs: 100,
      maxBackoffMs: 400,
      stdio: "ignore",
    });
    const starts = () =>
      fs.existsSync(counter) ? fs.readFileSync(counter, "utf8").split("\n").filter(Boolean).length : 0;
    const deadline = Date.now() + 20_000;
    while (starts() < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(starts()).toBeGreaterThanOrEqual(4);
    expect(logs[0]).toMatch(/crasher stopped \(SIGABRT\); restarting it in 0.1 s/);
    expect(logs[1]).toMatch(/in 0.2 s/);
    expect(logs[2]).toMatch(/in 0.4 s/);
    stopping = true;
    await new Promise((r) => setTimeout(r, 1000));
    const after = starts();
    await new Promise((r) => setTimeout(r, 1000));
    expect(starts()).toBe(after);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(process.platform === "linux")("starts a background child at the niceness it is given", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "culprit-supervise-"));
    const out = path.join(dir, "nice");
    // The child writes its own niceness (field 19 of /proc/self/stat), then waits to be stopped.
    const script = `setTimeout(() => { const f = require("fs").readFileSync("/proc/self/stat", "utf8");
      require("fs").writeFileSync(${JSON.stringify(out)}, f.slice(f.lastIndexOf(")") + 2).split(" ")[16]); }, 300);
      setTimeout(() => {}, 10000);`;
    const children = new Set<ChildProcess>();
    let stopping = false;
    supervise({
      name: "background",
      cmd: process.execPath,
      args: ["-e", script],
      cwd: dir,
      env: process.env,
      children,
      isStopping: () => stopping,
      log: () => {},
      stdio: "ignore",
      niceness: 10,
    });
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    stopping = true;
    for (const child of children) child.kill();
    expect(fs.readFileSync(out, "utf8")).toBe("10");
  });
});
