/**
 * The security review's load checks (2026-12-02, rows 21, 22, 42, 44), against a running Culprit:
 *   npx tsx scripts/security-load-checks.ts <check> [base URL, default http://127.0.0.1:3000]
 * checks:
 *   multipart      one, then six at once, 40 MB multipart bodies of 600k parts (row 21)
 *   largest        the largest allowed run: 200k steps, ~46 MB (row 22)
 *   concurrent     20 × 50k-step runs uploaded at once, while /api/health, a run page and the list are read (row 42)
 *   baseline       nothing uploaded: the probes alone for 30 s, for the machine's own load
 *   pathological   a 1.2 MB AG2 log whose program output is blanks, then 20 normal 50k-step runs;
 *                  when each analysis finished (row 44)
 * Every check probes /api/health (and pages, for `concurrent`) one request after another while it
 * runs and prints the worst and p95 latency, with the load average before and after (the figures
 * are only comparable on a machine whose load is known). Needs a server that accepts local uploads
 * (the default mode) or CULPRIT_API_KEY for one that does not.
 */
import os from "node:os";
import { generatedTrace } from "@/lib/trace/test-traces";

const [check, base = "http://127.0.0.1:3000"] = process.argv.slice(2);
const auth: Record<string, string> = process.env.CULPRIT_API_KEY
  ? { authorization: `Bearer ${process.env.CULPRIT_API_KEY}` }
  : {};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

type Probe = { name: string; path: string; times: number[]; errors: number };

/** Reads each path one request after another until `stop()`; latencies per path. */
function probe(paths: Record<string, string>) {
  let running = true;
  const probes: Probe[] = Object.entries(paths).map(([name, path]) => ({ name, path, times: [], errors: 0 }));
  const loops = probes.map(async (p) => {
    while (running) {
      const t = performance.now();
      const ok = await fetch(base + p.path, { headers: auth, signal: AbortSignal.timeout(60_000) })
        .then(async (r) => {
          await r.arrayBuffer();
          return r.ok;
        })
        .catch(() => false);
      p.times.push(performance.now() - t);
      if (!ok) p.errors++;
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    for (const p of probes) {
      const sorted = [...p.times].sort((a, b) => a - b);
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
      console.log(
        `  ${p.name}: ${p.times.length} probes, worst ${secs(sorted.at(-1) ?? 0)}, p95 ${secs(p95)}, ` +
          `errors ${p.errors}`,
      );
    }
  };
}

async function upload(body: Uint8Array<ArrayBuffer> | string, contentType: string, name?: string) {
  const t = performance.now();
  const r = await fetch(`${base}/api/runs${name ? `?name=${encodeURIComponent(name)}` : ""}`, {
    method: "POST",
    headers: { ...auth, "content-type": contentType, origin: base },
    body,
    signal: AbortSignal.timeout(600_000),
  }).catch((err: Error) => err);
  // A connection the server closed (or a timeout) counts as status 0, and the check goes on.
  if (r instanceof Error)
    return { status: 0, ms: performance.now() - t, runId: undefined, error: String(r.cause ?? r) };
  const json = (await r.json().catch(() => ({}))) as { runId?: string; error?: { message?: string } };
  return { status: r.status, ms: performance.now() - t, runId: json.runId, error: json.error?.message };
}

/** Runs `work` while probing; prints the load average before and after. */
async function measured<T>(label: string, paths: Record<string, string>, work: () => Promise<T>): Promise<T> {
  console.log(`${label}\n  load average before: ${load()}`);
  const stop = probe(paths);
  const started = performance.now();
  const out = await work();
  console.log(`  took ${secs(performance.now() - started)}; load average after: ${load()}`);
  await stop();
  return out;
}

const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).join(" ");

function multipartBody(parts: number): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = "----culpritcheck";
  const chunks: string[] = [];
  for (let i = 0; i < parts; i++)
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nxxxxxxxxxx\r\n`);
  const trace = JSON.stringify(generatedTrace(3, 2, `multipart-${Date.now()}`));
  chunks.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.json"\r\n` +
      `Content-Type: application/json\r\n\r\n${trace}\r\n--${boundary}--\r\n`,
  );
  return { body: new TextEncoder().encode(chunks.join("")), type: `multipart/form-data; boundary=${boundary}` };
}

async function checkMultipart() {
  const { body, type } = multipartBody(600_000);
  console.log(`multipart body: ${(body.byteLength / 1048576).toFixed(1)} MB, 600k parts`);
  const one = await measured("one at a time", { health: "/api/health" }, () => upload(body, type));
  console.log(`  status ${one.status} in ${secs(one.ms)} ${one.error ?? ""}`);
  const six = await measured("six at once", { health: "/api/health" }, () =>
    Promise.all(Array.from({ length: 6 }, () => upload(body, type))),
  );
  console.log(`  statuses ${statuses(six)}; slowest ${secs(Math.max(...six.map((r) => r.ms)))}`);
}

/** A native trace of `steps` steps whose JSON is about `bytesPerStep` per step. */
function paddedTrace(steps: number, title: string, bytesPerStep: number): string {
  const pad = "p".repeat(Math.max(0, bytesPerStep - 110));
  const list = Array.from({ length: steps }, (_, i) => ({
    id: `s${i}`,
    agent: `agent_${i % 8}`,
    kind: i === steps - 1 ? "final" : "message",
    content: `Step ${i}: value ${(i * 2654435761) % 100000} ${pad}`,
  }));
  return JSON.stringify({
    schema: "culprit.trace/v1",
    run: { title, system: "security-check", outcome: "failure" },
    agents: Array.from({ length: 8 }, (_, i) => ({ name: `agent_${i}` })),
    steps: list,
  });
}

async function checkLargest() {
  const text = paddedTrace(200_000, `largest-${Date.now()}`, 240);
  console.log(`largest run: 200k steps, ${(text.length / 1048576).toFixed(1)} MB`);
  const r = await measured("upload", { health: "/api/health", list: "/" }, () => upload(text, "application/json"));
  console.log(`  status ${r.status} in ${secs(r.ms)} ${r.error ?? ""}`);
}

/** A 50k-step run of about 6 MB, the size the review uploaded. */
const fiftyK = (tag: string, i: number) => paddedTrace(50_000, `load-${tag}-${i}`, 150);

async function uiPaths() {
  const list = (await (await fetch(`${base}/api/runs`, { headers: auth })).json()) as { runs: { runId: string }[] };
  const runId = list.runs.at(-1)?.runId;
  return { health: "/api/health", list: "/", ...(runId ? { "run page": `/runs/${runId}` } : {}) };
}

async function checkConcurrent() {
  const tag = String(Date.now());
  const bodies = Array.from({ length: 20 }, (_, i) => fiftyK(tag, i));
  console.log(`20 runs of 50k steps, ${(bodies[0].length / 1048576).toFixed(1)} MB each`);
  const rs = await measured("20 at once", await uiPaths(), () =>
    Promise.all(bodies.map((b) => upload(b, "application/json"))),
  );
  console.log(`  statuses ${statuses(rs)}; slowest ${secs(Math.max(...rs.map((r) => r.ms)))}`);
}

/** The review's H-3 input: an AG2 log whose program output is `blanks` spaces. */
function blankOutputAg2(blanks: number): string {
  const big = `${" ".repeat(blanks)}x`;
  return JSON.stringify({
    messages: [
      { name: "assistant", role: "assistant", content: "```python\nprint(1)\n```" },
      { name: "executor", role: "user", content: `exitcode: 0 (execution succeeded)\nCode output: ${big}` },
      { name: "assistant", role: "assistant", content: "TERMINATE" },
    ],
  });
}

type Analysis = { status: string; finishedAt?: string | null } | null;

async function analysisOf(runId: string): Promise<Analysis> {
  const r = await fetch(`${base}/api/runs/${runId}/analysis`, { headers: auth });
  return ((await r.json()) as { analysis: Analysis }).analysis;
}

/** Waits for every run's analysis; seconds from `startedAt` (wall clock) to each one's finishedAt. */
async function finishTimes(runIds: string[], startedAt: number): Promise<(number | null)[]> {
  const out = new Map<string, number | null>();
  while (out.size < runIds.length && Date.now() - startedAt < 1_200_000) {
    for (const id of runIds.filter((r) => !out.has(r))) {
      const a = await analysisOf(id);
      if (a && (a.status === "done" || a.status === "failed"))
        out.set(id, a.finishedAt ? (Date.parse(a.finishedAt) - startedAt) / 1000 : null);
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  return runIds.map((id) => out.get(id) ?? null);
}

async function checkPathological() {
  // Bodies first: generating them takes seconds, and a keep-alive socket the server closed
  // meanwhile would fail the next POST with EPIPE (a client artefact, not a refusal).
  const tag = String(Date.now());
  const bodies = Array.from({ length: 20 }, (_, i) => fiftyK(tag, i));
  const startedAt = Date.now();
  const bad = await upload(blankOutputAg2(1_200_000), "application/json", `blank-${startedAt}.json`);
  console.log(`pathological upload: ${bad.status} in ${secs(bad.ms)} (load ${load()})`);
  const normal = await Promise.all(bodies.map((b) => upload(b, "application/json")));
  console.log(`20 normal uploads: ${statuses(normal)} after ${secs(Date.now() - startedAt)} (load ${load()})`);
  for (const r of normal.filter((r) => !r.runId)) console.log(`  refused: ${r.status} ${r.error ?? ""}`);
  const ids = [bad, ...normal].flatMap((r) => (r.runId ? [r.runId] : []));
  const [badAt, ...rest] = await finishTimes(ids, startedAt);
  const good = rest.filter((t): t is number => t !== null);
  console.log(`  pathological analysis finished at ${badAt ?? "?"} s after its upload started`);
  console.log(
    `  normal analyses: ${good.length}/${rest.length} finished, ` +
      `first at ${Math.min(...good)} s, last at ${Math.max(...good)} s`,
  );
  console.log(`  load average at the end: ${load()}`);
}

/** The same probes for 30 s with nothing uploaded: what the machine's own load costs them. */
async function checkBaseline() {
  await measured("idle for 30 s", await uiPaths(), () => new Promise((r) => setTimeout(r, 30_000)));
}

const checks: Record<string, () => Promise<void>> = {
  baseline: checkBaseline,
  multipart: checkMultipart,
  largest: checkLargest,
  concurrent: checkConcurrent,
  pathological: checkPathological,
};
if (!checks[check]) {
  console.error(`usage: npx tsx scripts/security-load-checks.ts <${Object.keys(checks).join("|")}> [base URL]`);
  process.exit(2);
}
await checks[check]();
