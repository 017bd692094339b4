import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoMas, type DemoMas } from "@/demo-mas/app";
import { DEFAULT_TASK } from "@/demo-mas/task";
import { supportedFaults } from "@/demo-mas/faults";
import { importValue } from "@/lib/importers";
import { analyzeTrace } from "@/lib/attribution";
import { httpReplay } from "./http-replay";
import { ReplaySession } from "./replay-session";
import { replayRunOf } from "./replay-run";
import { verifyByReplay, REPLAY_METHODS } from "./verify-by-replay";
import http from "node:http";

// The reference system over real HTTP on loopback: inject every supported single-agent fault,
// analyze the emitted OTLP trace offline, then verify by replay and require the injected culprit.
let mas: DemoMas;
beforeAll(async () => {
  mas = await startDemoMas({ port: 0 });
});
afterAll(async () => {
  await mas.close();
});

async function post(path: string, body: unknown) {
  const res = await fetch(`${mas.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("demo-mas reference system", () => {
  it("answers correctly without a fault, and the OTLP trace imports as a successful run with memory and agents", async () => {
    const { status, body } = await post("/run", { seed: "clean" });
    expect(status).toBe(200);
    expect(body.outcome).toBe("success");
    expect(body.finalAnswer).toBe("650");
    const { trace } = importValue(body.trace);
    expect(trace.run.outcome).toBe("success");
    expect(trace.agents.map((a) => a.name)).toEqual([
      "planner",
      "worker_1",
      "worker_2",
      "worker_3",
      "aggregator",
      "verifier",
    ]);
    expect(trace.steps.some((s) => s.state?.op === "write" && s.state.key === "partial/worker_2")).toBe(true);
    expect(trace.edges.some((e) => e.kind === "state")).toBe(true);
  });

  it("is deterministic for a seed", async () => {
    const a = await post("/run", { seed: "same", fault: { agent: "worker_1", mode: "drop" } });
    const b = await post("/run", { seed: "same", fault: { agent: "worker_1", mode: "drop" } });
    // Same ids, same content; only the wall-clock start differs.
    const strip = (t: unknown) => JSON.stringify(t).replace(/"(start|end|time)(TimeUnixNano|UnixNano)":"?\d+"?/g, "");
    expect(a.body.traceId).toBe(b.body.traceId);
    expect(strip(a.body.trace)).toBe(strip(b.body.trace));
    expect(strip(a.body.trace)).toContain("worker_1");
  });

  it("streams its spans with the OTLP/HTTP JSON exporter to a configured endpoint", async () => {
    const received: unknown[] = [];
    // A stand-in OTLP collector that keeps what the exporter sends.
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push({
        path: req.url,
        type: req.headers["content-type"],
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const live = await startDemoMas({ port: 0, exportUrl: `http://127.0.0.1:${port}/v1/traces` });
    try {
      const res = await fetch(`${live.url}/run`, {
        method: "POST",
        body: JSON.stringify({ fault: { agent: "verifier", mode: "skip_verification" } }),
      });
      const body = (await res.json()) as {
        exported: boolean;
        trace: { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] };
      };
      expect(body.exported).toBe(true);
      const count = (t: typeof body.trace) =>
        t.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)).length;
      const streamed = received.map((r) => (r as { body: typeof body.trace }).body).reduce((n, t) => n + count(t), 0);
      expect(
        received.every(
          (r) =>
            (r as { path: string; type: string }).path === "/v1/traces" && /json/.test((r as { type: string }).type),
        ),
      ).toBe(true);
      expect(streamed).toBe(count(body.trace));
    } finally {
      await live.close();
      server.close();
    }
  });

  it("rejects an unsupported fault with a message naming it", async () => {
    const { status, body } = await post("/run", { fault: { agent: "verifier", mode: "false_success" } });
    expect(status).toBe(422);
    expect(body.error).toMatch(/verifier's verify action supports .*not false_success/);
  });

  it("rejects a replay for a run it never executed", async () => {
    const { status, body } = await post("/replay", {
      protocol: "culprit.replay/v1",
      run: { traceIds: ["0".repeat(32)] },
      interventions: [],
    });
    expect(status).toBe(404);
    expect(body.error).toMatch(/Unknown run/);
  });

  it("agrees across strategies: leave-one-out and replay Shapley single out the injected agent", async () => {
    const { body } = await post("/run", { fault: { agent: "worker_3", mode: "wrong_value" }, seed: "all-methods" });
    const { trace } = importValue(body.trace);
    const session = new ReplaySession({
      call: httpReplay({ endpoint: `${mas.url}/replay`, run: replayRunOf(trace) }),
      budget: 60,
    });
    const r = await verifyByReplay(trace, analyzeTrace(trace), session, { methods: REPLAY_METHODS });
    expect(r.leaveOneOut?.necessary).toEqual(["worker_3"]);
    expect(r.shapley?.values.worker_3).toBe(1);
    expect(Object.values(r.shapley!.values).reduce((a, b) => a + b, 0)).toBe(1);
    expect(r.confirmedAgent).toBe("worker_3");
  });

  const faults = supportedFaults(DEFAULT_TASK);
  const replayCounts: number[] = [];
  const sequentialCounts: number[] = [];
  afterAll(() => {
    const avg = (xs: number[]) => (xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(2);
    console.log(
      `[demo-mas] ${replayCounts.length} faults confirmed by replay; average ${avg(replayCounts)} replays in all (baseline + sequential + binary search, max ${Math.max(...replayCounts)}), ${avg(sequentialCounts)} by sequential intervention`,
    );
  });

  it.each(faults.map((f) => [`${f.agent}#${f.step} ${f.mode}`, f] as const))(
    "confirms the injected culprit by replay: %s",
    async (_, fault) => {
      const { body } = await post("/run", { fault, seed: `fault-${fault.agent}-${fault.step}-${fault.mode}` });
      expect(body.outcome).toBe("failure");
      const { trace } = importValue(body.trace);
      expect(trace.run.outcome).toBe("failure");
      const report = analyzeTrace(trace);
      const session = new ReplaySession({
        call: httpReplay({ endpoint: `${mas.url}/replay`, run: replayRunOf(trace), timeoutMs: 10_000 }),
        budget: 30,
      });
      const result = await verifyByReplay(trace, report, session);
      expect(result.baseline).toEqual({ outcome: "failure", reproduced: true });
      expect(result.sequential?.confirmed).toBe(fault.agent);
      expect(result.confirmedAgent).toBe(fault.agent);
      // The binary search lands on a step of the faulty agent.
      expect(result.binarySearch?.decisiveAgent).toBe(fault.agent);
      expect(result.incomplete).toEqual([]);
      expect(result.agreement).toBe(report.decisive?.agent === fault.agent ? "agrees" : "disagrees");
      replayCounts.push(session.replays);
      sequentialCounts.push(session.log.filter((e) => e.strategy === "sequential" && e.source === "replay").length);
    },
  );
});
