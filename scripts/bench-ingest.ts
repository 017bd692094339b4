/**
 * `npm run bench:ingest`: end-to-end ingest of a generated 100k-step, 50-agent canonical run
 * (parse, validate, insert) against the physical limit, a plain COPY of the same rows into the
 * same tables. Target: ingest within 3x of raw COPY, peak RSS under 1 GB.
 */
import { randomUUID } from "node:crypto";
import { reportBench } from "./lib/bench-result.mjs";
import { benchDatabase, peakRssMb } from "./lib/bench-database";

const STEPS = Number(process.env.BENCH_STEPS ?? 100_000);
const AGENTS = 50;

const { stop } = await benchDatabase();
const { generatedTrace } = await import("@/lib/trace/test-traces");
const { parseJsonText } = await import("@/lib/trace/parse-json");
const { validateTrace } = await import("@/lib/trace/validate-trace");
const { ingestTrace } = await import("@/lib/server/ingest-trace");
const { copyRows } = await import("@/lib/server/copy-rows");
const { runRow, agentRows, stepRows, edgeRows, AGENT_COLUMNS, STEP_COLUMNS, EDGE_COLUMNS } = await import(
  "@/lib/server/trace-rows"
);
const { pool } = await import("@/lib/server/pg-pool");

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;
const rate = (n: number, s: number) => `${Math.round(n / s).toLocaleString("en-US")} steps/s`;

const text = JSON.stringify(generatedTrace(STEPS, AGENTS, `bench ${randomUUID()}`));
console.log(
  `Generated ${STEPS.toLocaleString("en-US")} steps, ${AGENTS} agents, ${(text.length / 1024 / 1024).toFixed(1)} MB of JSON`,
);

let t = process.hrtime.bigint();
const parsed = parseJsonText(text);
const parseS = seconds(t);
t = process.hrtime.bigint();
const trace = validateTrace(parsed);
const validateS = seconds(t);
t = process.hrtime.bigint();
await ingestTrace(trace);
const insertS = seconds(t);
const ingestS = parseS + validateS + insertS;

// The physical limit: the same rows, already encoded in memory, COPYed into the same tables.
const runId = randomUUID();
const rows = {
  agents: [...agentRows(runId, trace)],
  steps: [...stepRows(runId, trace, new Map(trace.steps.map((s, i) => [s.id, i])))],
  edges: [...edgeRows(runId, trace, new Map(trace.steps.map((s, i) => [s.id, i])))],
};
const run = runRow(runId, `raw-${runId}`, trace, false);
const client = await pool().connect();
await client.query(
  `INSERT INTO runs (${run.columns.map((c) => `"${c}"`).join(", ")}) VALUES (${run.columns.map((_, i) => `$${i + 1}`).join(", ")})`,
  run.values,
);
t = process.hrtime.bigint();
await client.query("BEGIN");
await copyRows(client, "agents", AGENT_COLUMNS, rows.agents);
await copyRows(client, "steps", STEP_COLUMNS, rows.steps);
await copyRows(client, "edges", EDGE_COLUMNS, rows.edges);
await client.query("COMMIT");
const copyS = seconds(t);
client.release();

console.log("");
console.log(`parse (JSON.parse)           ${parseS.toFixed(2)} s  ${rate(STEPS, parseS)}`);
console.log(`validate (zod)               ${validateS.toFixed(2)} s  ${rate(STEPS, validateS)}`);
console.log(`insert (hash + COPY, 1 txn)  ${insertS.toFixed(2)} s  ${rate(STEPS, insertS)}`);
console.log(`end-to-end ingest            ${ingestS.toFixed(2)} s  ${rate(STEPS, ingestS)}`);
console.log(`raw COPY of the same rows    ${copyS.toFixed(2)} s  ${rate(STEPS, copyS)}  (physical limit)`);
console.log(`ratio ingest / raw COPY      ${(ingestS / copyS).toFixed(2)}x  (target <= 3x)`);
console.log(`peak RSS                     ${peakRssMb().toFixed(0)} MB  (target < 1024 MB)`);
reportBench({
  bench: "ingest",
  metric: `end-to-end ingest / raw COPY (${STEPS} steps)`,
  value: Math.round((ingestS / copyS) * 100) / 100,
  unit: "×",
  limit: 3,
});
reportBench({ bench: "ingest", metric: "peak RSS", value: Math.round(peakRssMb()), unit: "MB", limit: 1024 });
await pool().end();
await stop();
