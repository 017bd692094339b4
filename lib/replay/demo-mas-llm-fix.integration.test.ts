/**
 * "Try this fix" without a command to run: demo-mas in its LLM mode replays its own runs through
 * the replay protocol, an `instruct` intervention appending the instruction to one agent's system
 * prompt. With worker_2 wrong until asked to check its work, the fix found by screening is
 * worker_2's and cures every replay; an innocent agent's cures none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoMas, type DemoMas } from "../../demo-mas/app";
import { importTrace } from "../importers/index";
import { analyzeTrace } from "../attribution/index";
import { httpReplay } from "./http-replay";
import { replayRunOf } from "./replay-run";
import { fixCandidates, tryFix } from "./try-fix";

let mas: DemoMas;
beforeAll(async () => {
  mas = await startDemoMas();
});
afterAll(async () => {
  await mas.close();
});

describe("demo-mas LLM mode through the replay protocol", { timeout: 120_000 }, () => {
  it("finds and proves worker_2's fix; the planner's is not the cure", async () => {
    const res = await fetch(`${mas.url}/run`, { method: "POST", body: JSON.stringify({ llm: { wrong: "worker_2" } }) });
    const run = (await res.json()) as { outcome: string; trace: unknown };
    expect(run.outcome).toBe("failure");
    const { trace } = importTrace(JSON.stringify(run.trace), { format: "otlp" });
    const report = analyzeTrace(trace);
    const call = httpReplay({ endpoint: `${mas.url}/replay`, run: replayRunOf(trace) });
    const replay = async (ivs: Parameters<typeof call>[0]) => (await call(ivs)).outcome;
    const candidates = fixCandidates(report, trace);
    const result = await tryFix(replay, report, candidates, { runs: 5, search: true });
    expect(result.baseline).toBe("failure");
    expect(result.trial).toMatchObject({ agent: "worker_2", runs: 5, flipped: 5 });
    const planner = candidates.find((c) => c.agent === "planner")!;
    const control = await tryFix(replay, report, [planner], { runs: 5, search: false });
    expect(control.trial).toMatchObject({ agent: "planner", flipped: 0, verdict: "does-not-cure" });
  });

  it("refuses instruct on a simulated run, which has no system prompts", async () => {
    const res = await fetch(`${mas.url}/run`, {
      method: "POST",
      body: JSON.stringify({ fault: { agent: "worker_2", mode: "wrong_value" } }),
    });
    const { trace: otlp } = (await res.json()) as { trace: unknown };
    const { trace } = importTrace(JSON.stringify(otlp), { format: "otlp" });
    const call = httpReplay({ endpoint: `${mas.url}/replay`, run: replayRunOf(trace), retries: 0 });
    await expect(call([{ agent: "worker_2", mode: "instruct", instruction: "Check your work." }])).rejects.toThrow(
      /no system prompt/,
    );
  });
});
