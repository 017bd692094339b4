/**
 * Import throughput benchmark: a generated 10k-span multi-agent OTLP/JSON file, parsed and
 * mapped by `importTrace` (detect + map + typed edges + validation, no database), compared with
 * plain `JSON.parse` of the same text as the physical floor. Run: `npm run bench:import`
 * (BENCH_SPANS, BENCH_RUNS, BENCH_WARMUP to change size and repetitions). The phases are timed separately:
 * validation is the fast structural check importers use; full zod on the same trace is shown
 * for reference.
 */
import { importTrace } from "../lib/importers";
import { collectSpans } from "../lib/importers/otlp/collect-spans";
import { mapSpans } from "../lib/importers/otlp/map-spans";
import { inferEdges } from "../lib/importers/edges/infer-edges";
import { validateTrace } from "../lib/trace/validate-trace";
import { validateImportedTrace } from "../lib/importers/validate-imported-trace";
import { reportBench } from "./lib/bench-result.mjs";

const SPANS = Number(process.env.BENCH_SPANS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Untimed first runs, so the optimizing compiler has seen the code (steady state, as in a server). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const AGENTS = ["planner", "researcher", "coder", "reviewer", "writer", "critic", "browser", "analyst"];
/** A 3,000-word vocabulary drawn with a Zipf law, like natural text (a tiny vocabulary would make every phrase repeat everywhere). */
const VOCAB = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);
const ZIPF_CDF = (() => {
  const w = VOCAB.map((_, i) => 1 / (i + 1));
  const total = w.reduce((a, b) => a + b, 0);
  let acc = 0;
  return w.map((x) => (acc += x / total));
})();

/** Deterministic PRNG (mulberry32) so every run measures the same file. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(spanCount: number): string {
  const rand = rng(42);
  const word = () => {
    const r = rand();
    let lo = 0;
    let hi = ZIPF_CDF.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ZIPF_CDF[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return VOCAB[lo];
  };
  const sentence = (n: number) => Array.from({ length: n }, word).join(" ");
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
  const kv = (key: string, v: string | number) => ({
    key,
    value: typeof v === "number" ? { intValue: String(v) } : { stringValue: v },
  });
  const traceId = hex(0xabc, 32);
  const t0 = 1_750_000_000_000; // ms
  const spans: unknown[] = [];
  let id = 1;
  let clock = 0;
  const span = (parent: number | undefined, name: string, attrs: unknown[], dur: number, error = false) => {
    const sid = id++;
    const start = clock++;
    spans.push({
      traceId,
      spanId: hex(sid, 16),
      parentSpanId: parent ? hex(parent, 16) : "",
      name,
      kind: 1,
      startTimeUnixNano: `${t0 + start}000000`,
      endTimeUnixNano: `${t0 + start + dur}000000`,
      attributes: attrs,
      status: error ? { code: 2, message: "tool failed" } : { code: 1 },
    });
    return sid;
  };
  const root = span(
    undefined,
    "invoke_workflow bench",
    [kv("gen_ai.operation.name", "invoke_workflow"), kv("gen_ai.agent.name", "orchestrator")],
    1e6,
  );
  let lastOutput = sentence(40);
  while (id <= spanCount) {
    const agent = AGENTS[Math.floor(rand() * AGENTS.length)];
    const output = sentence(60);
    const inv = span(
      root,
      `invoke_agent ${agent}`,
      [
        kv("gen_ai.operation.name", "invoke_agent"),
        kv("gen_ai.agent.name", agent),
        kv("gen_ai.input.messages", JSON.stringify([{ role: "user", parts: [{ type: "text", content: lastOutput }] }])),
      ],
      50,
    );
    for (let k = 0; k < 3 && id <= spanCount; k++) {
      span(
        inv,
        "chat gpt-4o",
        [
          kv("gen_ai.operation.name", "chat"),
          kv("gen_ai.request.model", "gpt-4o"),
          kv("gen_ai.usage.input_tokens", 500),
          kv("gen_ai.usage.output_tokens", 80),
          kv(
            "gen_ai.input.messages",
            JSON.stringify([{ role: "user", parts: [{ type: "text", content: sentence(50) }] }]),
          ),
          kv(
            "gen_ai.output.messages",
            JSON.stringify([
              { role: "assistant", parts: [{ type: "text", content: k === 2 ? output : sentence(30) }] },
            ]),
          ),
        ],
        5,
      );
      if (id <= spanCount)
        span(
          inv,
          "execute_tool search",
          [
            kv("gen_ai.operation.name", "execute_tool"),
            kv("gen_ai.tool.name", rand() < 0.2 ? "save_memory" : "search"),
            kv("gen_ai.tool.call.arguments", JSON.stringify({ key: `k${Math.floor(rand() * 20)}`, q: sentence(5) })),
          ],
          3,
          rand() < 0.02,
        );
    }
    lastOutput = output;
  }
  return JSON.stringify({
    resourceSpans: [
      { resource: { attributes: [kv("service.name", "bench")] }, scopeSpans: [{ scope: { name: "bench" }, spans }] },
    ],
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const out = fn();
  return [out, performance.now() - t];
}

const text = generate(SPANS);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`file: ${SPANS} spans, ${mb(Buffer.byteLength(text))}, ${AGENTS.length + 1} agents`);

const parseTimes: number[] = [];
const importTimes: number[] = [];
const phases: Record<string, number[]> = { parse: [], map: [], edges: [], validate: [], "zod (reference)": [] };
let steps = 0;
let edges = 0;
const before = process.memoryUsage();
let peakHeap = 0;
// importTrace alternates with the JSON.parse baseline only: the phase runs below keep their
// intermediate results alive, and that heap would weigh on the end-to-end figure.
for (let r = 0; r < RUNS + WARMUP; r++) {
  const [, tp] = time(() => JSON.parse(text));
  const [res, ti] = time(() => importTrace(text));
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  steps = res.trace.steps.length;
  edges = res.trace.edges.length;
  if (r < WARMUP) continue;
  parseTimes.push(tp);
  importTimes.push(ti);
}
const importRss = process.resourceUsage().maxRSS * 1024;
// Phases, each on the previous one's output (so map includes promoting the parsed tree it keeps).
for (let r = 0; r < RUNS + WARMUP; r++) {
  const [value, a] = time(() => JSON.parse(text));
  const [input, b] = time(() => mapSpans(collectSpans([value])));
  const [e, c] = time(() => inferEdges(input.steps));
  input.edges = e;
  const [, d] = time(() => validateImportedTrace(input));
  const [, z] = time(() => validateTrace(input));
  if (r < WARMUP) continue;
  phases.parse.push(a);
  phases.map.push(b);
  phases.edges.push(c);
  phases.validate.push(d);
  phases["zod (reference)"].push(z);
}
const tParse = median(parseTimes);
const tImport = median(importTimes);
const throughput = SPANS / (tImport / 1000);
const ratio = tImport / tParse;
const usage = process.resourceUsage();
console.log(`steps ${steps}, edges ${edges}`);
console.log(
  `JSON.parse:   ${tParse.toFixed(1)} ms (${Math.round(SPANS / (tParse / 1000)).toLocaleString("en-US")} spans/s)`,
);
console.log(`importTrace:  ${tImport.toFixed(1)} ms (${Math.round(throughput).toLocaleString("en-US")} spans/s)`);
console.log(
  `  phases (median ms): ${Object.entries(phases)
    .map(([k, v]) => `${k} ${median(v).toFixed(1)}`)
    .join(", ")}`,
);
console.log(`ratio importTrace / JSON.parse: ${ratio.toFixed(2)}x`);
console.log(
  `memory: peak RSS ${mb(importRss)} over the importTrace runs (${mb(usage.maxRSS * 1024)} with the phase runs), heap used ${mb(before.heapUsed)} before → peak ${mb(peakHeap)}`,
);
console.log(
  `targets: ≥ 50,000 spans/s ${throughput >= 50_000 ? "MET" : "NOT MET"}; within 3x of JSON.parse ${ratio <= 3 ? "MET" : "NOT MET"}`,
);
// Targets from the importers issue: at least 50,000 spans/s, within 3x of JSON.parse.
reportBench({
  bench: "import",
  metric: `importTrace throughput (${SPANS} spans)`,
  value: Math.round(throughput),
  unit: "spans/s",
  limit: 50_000,
  better: "higher",
});
reportBench({
  bench: "import",
  metric: "importTrace / JSON.parse",
  value: Math.round(ratio * 100) / 100,
  unit: "×",
  limit: 3,
});
reportBench({
  bench: "import",
  metric: "peak RSS (importTrace runs)",
  value: Math.round(importRss / 1024 / 1024),
  unit: "MB",
});
