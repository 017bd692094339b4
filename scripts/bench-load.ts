/**
 * `npm run bench:load`: the production server under an open-loop request rate on loopback.
 * For each target (the runs list, a small demo run's page view, a large generated run's page view (HTML,
 * then the body it preloads) and one of
 * its step details) and each rate
 * (BENCH_LOAD_RATES, default 50,200 requests/s) it sends requests on a fixed schedule for
 * BENCH_LOAD_SECONDS (30) whether or not earlier ones have answered (open loop: a slow server
 * cannot slow the generator down and hide its own latency), and reports p50/p95/p99 latency
 * and errors (non-2xx, network errors, and requests dropped because BENCH_LOAD_MAX_INFLIGHT
 * were already waiting).
 *
 * Server: BENCH_LOAD_URL (any running Culprit), else scripts/e2e-server.mjs is started on
 * BENCH_LOAD_PORT (3240): the production build on a throwaway database, seeded with the demos.
 * BENCH_LOAD_LARGE_STEPS (100000) sizes the large run; BENCH_LOAD_LARGE_RUN reuses one already uploaded;
 * BENCH_LOAD_TARGETS picks targets by name. Headline figures go to `npm run bench`
 * (reportBench): at 50 requests/s every request must succeed with p95 < 300 ms (issue #15).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { reportBench } from "./lib/bench-result.mjs";
import { cpuMs, listeningPid } from "./lib/process-cpu";

const RATES = (process.env.BENCH_LOAD_RATES ?? "50,200").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const MAX_INFLIGHT = Number(process.env.BENCH_LOAD_MAX_INFLIGHT ?? 2000);
const LARGE_STEPS = Number(process.env.BENCH_LOAD_LARGE_STEPS ?? 100_000);
/** The rate the targets hold at: zero errors and p95 under P95_LIMIT_MS. */
const TARGET_RATE = 50;
const P95_LIMIT_MS = 300;

let server: ChildProcess | undefined;
let base = process.env.BENCH_LOAD_URL;
if (!base) {
  const port = process.env.BENCH_LOAD_PORT ?? "3240";
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: { ...process.env, E2E_PORT: port },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 900_000, "server");
}

// The server's own CPU time per request (Linux): on a shared machine the latencies also measure
// the neighbours; CPU ms per request says what one request costs, and 2000 / it how many requests/s
// two free cores would hold.
const serverPid = listeningPid(Number(new URL(base).port || 80));

try {
  // BENCH_LOAD_TARGETS: only the targets whose name contains one of these comma-separated words
  // (e.g. "100000-step run page" to repeat one figure without the others' backlog before it).
  const only = process.env.BENCH_LOAD_TARGETS?.split(",").filter(Boolean);
  const targets = (await pickTargets()).filter((t) => !only || only.some((w) => t.name.includes(w)));
  const results: Row[] = [];
  for (const target of targets) {
    await hit(target.paths, Math.min(20, RATES[0]), 2); // warm-up (caches, JIT), not reported
    for (const rate of RATES) {
      const row = await hit(target.paths, rate, SECONDS);
      results.push({ target: target.name, rate, ...row });
      console.log(formatRow(results[results.length - 1]));
      if (row.cpuMsPerRequest !== null)
        reportBench({
          bench: "load",
          metric: `${target.name} @ ${rate}/s: server CPU per request`,
          value: row.cpuMsPerRequest,
          unit: "ms",
        });
      const limited = rate === TARGET_RATE;
      reportBench({
        bench: "load",
        metric: `${target.name} @ ${rate}/s: p95`,
        value: row.p95,
        unit: "ms",
        ...(limited ? { limit: P95_LIMIT_MS } : {}),
      });
      // Success share rather than an error count: a limit of "0 errors" has no ratio.
      reportBench({
        bench: "load",
        metric: `${target.name} @ ${rate}/s: requests answered 2xx`,
        value: Math.round((row.ok / row.sent) * 1000) / 10,
        unit: "%",
        better: "higher",
        ...(limited ? { limit: 100 } : {}),
      });
    }
  }
  console.log(
    "\n| target | req/s | sent | ok | errors | p50 ms | p95 ms | p99 ms | max ms | server CPU ms/request |\n|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const r of results)
    console.log(
      `| ${r.target} | ${r.rate} | ${r.sent} | ${r.ok} | ${r.errors} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.cpuMsPerRequest ?? "—"} |`,
    );
  console.log(
    `\nload average during the run: ${(await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} (${(await import("node:os")).cpus().length} CPUs)`,
  );
} finally {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
}

interface Row {
  target: string;
  rate: number;
  sent: number;
  ok: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpuMsPerRequest: number | null;
}

async function pickTargets() {
  // The run with the fewest steps (a demo run on a fresh server), not the newest: on a server that
  // already holds larger runs (BENCH_LOAD_URL, an earlier bench), the newest may be one of them.
  const home = await (await fetch(`${base}/?sort=steps&dir=asc`)).text();
  const small = home.match(/\/runs\/([0-9a-f-]{36})/)?.[1];
  if (!small) throw new Error("no demo run on the runs list");
  // BENCH_LOAD_LARGE_RUN: the id of a large run an earlier bench uploaded to this server (A/B runs
  // against two servers on one database, without a new 100k-step upload each time).
  const large = process.env.BENCH_LOAD_LARGE_RUN || (await uploadLargeRun());
  // Let its analysis finish so the page shows a verdict, as in real use.
  await waitFor(
    async () => {
      const a = await fetch(`${base}/api/runs/${large}/analysis`)
        .then((r) => r.json() as Promise<{ analysis?: { status?: string } | null }>)
        .catch(() => ({ analysis: null }));
      return a.analysis?.status === "done" || a.analysis?.status === "failed";
    },
    300_000,
    "analysis of the large run",
  );
  await settle();
  // A run page view is two requests, as a browser makes them: the page's HTML, then the body it
  // preloads (steps, edges, report summary; decision 0019). Each request of these targets is both, and
  // its latency is until the body has arrived.
  const pageView = async (path: string) => {
    const html = await (await fetch(`${base}${path}`)).text();
    const body = /<link rel="preload" as="fetch" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    if (!body) throw new Error(`no body preload on ${path}`);
    return [path, body];
  };
  return [
    { name: "runs list /", paths: ["/"] },
    { name: "demo run page", paths: await pageView(`/runs/${small}`) },
    { name: `${LARGE_STEPS}-step run page`, paths: await pageView(`/runs/${large}`) },
    // What the inspector asks for when a step is clicked (the run's middle step: full text and findings).
    {
      name: `${LARGE_STEPS}-step run, step detail`,
      paths: [`/api/runs/${large}/steps/s${Math.floor(LARGE_STEPS / 2)}`],
    },
  ];
}

async function uploadLargeRun(): Promise<string> {
  const res = await fetch(`${base}/api/runs?name=bench-load-large.json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(largeRun(LARGE_STEPS)),
  });
  const runId = ((await res.json()) as { runId?: string }).runId;
  if (!runId) throw new Error(`could not upload the large run (${res.status})`);
  console.log(`[bench:load] uploaded the ${LARGE_STEPS}-step run ${runId} (BENCH_LOAD_LARGE_RUN=${runId} reuses it)`);
  return runId;
}

/**
 * Waits (at most a minute) until the server process is quiet: after a 100k-step upload it may still
 * be collecting garbage or finishing the import, which would be billed to the first target.
 */
async function settle() {
  if (!serverPid) return;
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const a = cpuMs(serverPid);
    await new Promise((r) => setTimeout(r, 2000));
    const b = cpuMs(serverPid);
    if (a === null || b === null || b - a < 200) return; // under 10 % of a core over 2 s
  }
}

/** Open loop: request k is sent at start + k/rate, regardless of the answers so far. */
async function hit(paths: string[], rate: number, seconds: number): Promise<Omit<Row, "target" | "rate">> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let inflight = 0;
  let dropped = 0;
  const pending: Promise<void>[] = [];
  const cpu0 = serverPid ? cpuMs(serverPid) : null;
  const start = performance.now();
  for (let k = 0; k < total; k++) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inflight >= MAX_INFLIGHT) {
      errors++;
      dropped++;
      continue;
    }
    inflight++;
    const t0 = performance.now();
    pending.push(
      // Node's fetch (undici inside) keeps connections alive and opens more as needed.
      fetchAll(paths)
        .then((ok) => {
          if (ok) latencies.push(performance.now() - t0);
          else errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          inflight--;
        }),
    );
  }
  await Promise.all(pending);
  const cpu1 = serverPid ? cpuMs(serverPid) : null;
  // Per request the server received (answered or not: a timed-out request still cost it its work).
  const received = total - dropped;
  const cpuMsPerRequest =
    cpu0 !== null && cpu1 !== null && received > 0 ? Math.round(((cpu1 - cpu0) / received) * 10) / 10 : null;
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]) : NaN;
  return {
    sent: total,
    ok: latencies.length,
    errors,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    max: Math.round(latencies[latencies.length - 1] ?? NaN),
    cpuMsPerRequest,
  };
}

/** One request of a target: its paths one after the other (a page, then what it loads); true when all were 2xx. */
async function fetchAll(paths: string[]): Promise<boolean> {
  const signal = AbortSignal.timeout(60_000);
  for (const path of paths) {
    const r = await fetch(`${base}${path}`, { signal });
    await r.arrayBuffer();
    if (!r.ok) return false;
  }
  return true;
}

function formatRow(r: Row): string {
  return `[bench:load] ${r.target} @ ${r.rate}/s: ${r.ok}/${r.sent} ok, ${r.errors} errors, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, max ${r.max} ms, server CPU ${r.cpuMsPerRequest ?? "?"} ms/request`;
}

/** A failed run of `steps` steps over 8 agents with one bad claim mid-run. */
function largeRun(steps: number) {
  const agents = Array.from({ length: 8 }, (_, i) => ({ name: `agent_${i}` }));
  const bad = Math.floor(steps * 0.4);
  const list = Array.from({ length: steps }, (_, i) => ({
    id: `s${i}`,
    agent: agents[Math.floor(i / 5) % 8].name,
    kind: i === steps - 1 ? "final" : i % 9 === 0 ? "tool_call" : "message",
    content:
      i === bad
        ? `Successfully retrieved the figure: value = 1532 (step ${i})`
        : `Step ${i}: working on part ${i % 17}, value ${(i * 2654435761) % 100000}`,
    status: i === bad - 1 ? "error" : "ok",
    ...(i === bad - 1 ? { error: { message: "503 Service Unavailable" } } : {}),
  }));
  return {
    schema: "culprit.trace/v1",
    run: { title: `bench-load ${steps} steps`, system: "bench-load", outcome: "failure" },
    agents,
    steps: list,
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}
