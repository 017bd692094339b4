import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startDemoMas, type DemoMas } from "@/demo-mas/app";
import { deadEndpointUrl } from "../replay/test-endpoints";
import { runVerify } from "./verify";

let mas: DemoMas;
let file: string;
beforeAll(async () => {
  mas = await startDemoMas({ port: 0 });
  const res = await fetch(`${mas.url}/run`, {
    method: "POST",
    body: JSON.stringify({ fault: { agent: "aggregator", mode: "false_success" }, seed: "cli" }),
  });
  const { trace } = (await res.json()) as { trace: unknown };
  file = path.join(mkdtempSync(path.join(tmpdir(), "culprit-verify-")), "run.json");
  writeFileSync(file, JSON.stringify(trace));
});
afterAll(async () => {
  await mas.close();
});

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerify(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("culprit verify", () => {
  it("confirms the culprit by replay and prints JSON with the replay log", async () => {
    const { code, out } = await cli([file, "--endpoint", `${mas.url}/replay`, "--budget", "15", "--json"]);
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r).toMatchObject({ ok: true, confirmedAgent: "aggregator", baseline: { reproduced: true } });
    expect(r.log.length).toBeGreaterThanOrEqual(r.replays);
    expect(r.replays).toBeLessThanOrEqual(15);
  });

  it("prints a readable summary", async () => {
    const { code, out } = await cli([file, `--endpoint=${mas.url}/replay`, "--methods", "baseline,sequential"]);
    expect(code).toBe(0);
    expect(out).toMatch(/replay culprit: +aggregator/);
    expect(out).toMatch(/resample aggregator +→ success/);
  });

  it("reports a budget that runs out instead of failing", async () => {
    const { code, out } = await cli([file, "--endpoint", `${mas.url}/replay`, "--budget", "2", "--json"]);
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.replays).toBe(2);
    expect(r.incomplete[0].reason).toMatch(/budget \(2\) is used up/);
  });

  it("fails clearly when the endpoint is down", async () => {
    const { code, err } = await cli([file, "--endpoint", await deadEndpointUrl(), "--retries", "0"]);
    expect(code).toBe(1);
    expect(err).toMatch(/run\.json: Cannot reach the replay endpoint .*ECONNREFUSED/);
  });

  it("names the environment variable when no endpoint is given", async () => {
    const { code, err } = await cli([file]);
    expect(code).toBe(1);
    expect(err).toMatch(/CULPRIT_REPLAY_DEMO_MAS_URL/);
  });

  it("asks for the judge settings when --judge is given without them", async () => {
    delete process.env.CULPRIT_JUDGE_BASE_URL;
    const { code, err } = await cli([file, "--endpoint", `${mas.url}/replay`, "--judge"]);
    expect(code).toBe(1);
    expect(err).toMatch(/--judge needs CULPRIT_JUDGE_BASE_URL and CULPRIT_JUDGE_MODEL/);
  });

  it("rejects bad options with usage errors", async () => {
    expect((await cli([file, "--budget", "0"])).err).toMatch(/--budget must be an integer from 1/);
    expect((await cli([file, "--methods", "magic"])).err).toMatch(/Unknown method/);
    expect((await cli([])).code).toBe(2);
  });
});
