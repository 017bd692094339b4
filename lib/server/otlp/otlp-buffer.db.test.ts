import { afterAll, describe, expect, it } from "vitest";
import { POST } from "@/app/v1/traces/route";
import { finalizeIdleTraces, MAX_FINALIZE_ATTEMPTS } from "./finalize-traces";
import { bufferSpans } from "./buffer-spans";
import { splitByTrace } from "../sandbox/otlp/split-by-trace";

/** The batches as the sandbox hands them over: each trace's request already as stored text. */
const stored = (request: unknown) =>
  splitByTrace(request).batches.map((b) => ({
    traceId: b.traceId,
    payload: JSON.stringify(b.request),
    spanCount: b.spanCount,
    hasRoot: b.hasRoot,
  }));
import { pool } from "../pg-pool";
import { queue } from "../queue";
import { reloadConfig } from "@/lib/server/config";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

const span = (traceId: string, spanId: string, extra: Record<string, unknown> = {}) => ({
  traceId,
  spanId,
  name: "invoke_agent planner",
  startTimeUnixNano: "1700000000000000000",
  endTimeUnixNano: "1700000001000000000",
  attributes: [{ key: "gen_ai.agent.name", value: { stringValue: "planner" } }],
  ...extra,
});
const body = (spans: object[]) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
const post = (spans: object[]) =>
  POST(
    new Request("http://localhost/v1/traces", {
      method: "POST",
      body: body(spans),
      headers: { "content-type": "application/json" },
    }),
  );
const state = async (traceId: string) =>
  (
    await pool().query(
      `SELECT "spanCount", "finalizedAt" IS NOT NULL AS finalized, "runId", error, attempts, "lateSpans" FROM otlp_trace_states WHERE "traceId" = $1`,
      [traceId],
    )
  ).rows[0];
const batchCount = async (traceId: string) =>
  Number((await pool().query(`SELECT count(*) AS n FROM otlp_span_batches WHERE "traceId" = $1`, [traceId])).rows[0].n);
const tid = (n: number) => n.toString(16).padStart(32, "0");

describe("OTLP buffer (F-3, F-12, F-16, real Postgres)", () => {
  it("refuses spans without a trace id in partialSuccess instead of pooling them", async () => {
    const res = await post([{ spanId: "00000000000000a1", name: "x" }, span(tid(0x101), "00000000000000a2")]);
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json.partialSuccess).toMatchObject({
      rejectedSpans: "1",
      errorMessage: expect.stringContaining("without a valid trace id"),
    });
    expect(
      (await pool().query(`SELECT count(*) AS n FROM otlp_trace_states WHERE "traceId" = 'unknown-trace'`)).rows[0].n,
    ).toBe("0");
  });

  it("deletes buffered spans after finalization and refuses late spans without re-importing", async () => {
    const traceId = tid(0x102);
    await post([span(traceId, "00000000000000b1", { status: { code: 2, message: "failed" } })]);
    const runIds = await finalizeIdleTraces(0); // also finalizes the previous test's trace
    expect(await batchCount(traceId)).toBe(0);
    const finalized = await state(traceId);
    expect(finalized).toMatchObject({ finalized: true, error: null });
    expect(runIds).toContain(finalized.runId);

    const late = await post([span(traceId, "00000000000000b2")]);
    expect((await late.json()).partialSuccess).toMatchObject({
      rejectedSpans: "1",
      errorMessage: expect.stringContaining("already finalized"),
    });
    expect(await state(traceId)).toMatchObject({ finalized: true, lateSpans: 1 });
    expect(await batchCount(traceId)).toBe(0);
    expect(await finalizeIdleTraces(0)).toEqual([]);
  });

  it("stores spans with a lone surrogate or NUL in an attribute and a token count above 2^31 (F-8)", async () => {
    const traceId = tid(0x109);
    const res = await post([
      span(traceId, "00000000000000aa", {
        attributes: [
          { key: "gen_ai.agent.name", value: { stringValue: "planner\u0000" } },
          { key: "k", value: { stringValue: "\ud800" } },
          { key: "gen_ai.usage.input_tokens", value: { intValue: "99999999999" } },
        ],
      }),
    ]);
    expect(res.status).toBe(200);
    expect((await res.json()).partialSuccess).toEqual({});
    const runIds = await finalizeIdleTraces(0);
    const { runId } = await state(traceId);
    expect(runIds).toContain(runId);
    const { rows } = await pool().query(`SELECT "inputTokens" FROM steps WHERE "runId" = $1`, [runId]);
    expect(rows[0].inputTokens).toBe(2_147_483_647);
  });

  it("caps the spans of one trace", async () => {
    process.env.CULPRIT_MAX_TRACE_SPANS = "3";
    reloadConfig();
    try {
      const traceId = tid(0x103);
      expect(
        (await (await post([span(traceId, "00000000000000c1"), span(traceId, "00000000000000c2")])).json())
          .partialSuccess,
      ).toEqual({});
      const over = await (await post([span(traceId, "00000000000000c3"), span(traceId, "00000000000000c4")])).json();
      expect(over.partialSuccess).toMatchObject({
        rejectedSpans: "2",
        errorMessage: expect.stringContaining("CULPRIT_MAX_TRACE_SPANS"),
      });
      expect(await state(traceId)).toMatchObject({ spanCount: 2 });
    } finally {
      delete process.env.CULPRIT_MAX_TRACE_SPANS;
      reloadConfig();
    }
  });

  it("does not deadlock when two exports carry the same traces in opposite orders", async () => {
    const x = tid(0x104);
    const y = tid(0x105);
    const rounds = Array.from({ length: 20 }, (_, i) =>
      Promise.all([
        bufferSpans(
          stored({
            resourceSpans: [
              { scopeSpans: [{ spans: [span(x, `a${i}`.padStart(16, "0")), span(y, `b${i}`.padStart(16, "0"))] }] },
            ],
          }),
        ),
        bufferSpans(
          stored({
            resourceSpans: [
              { scopeSpans: [{ spans: [span(y, `c${i}`.padStart(16, "0")), span(x, `d${i}`.padStart(16, "0"))] }] },
            ],
          }),
        ),
      ]),
    );
    await expect(Promise.all(rounds)).resolves.toBeDefined();
    expect(await state(x)).toMatchObject({ spanCount: 40 });
    expect(await state(y)).toMatchObject({ spanCount: 40 });
  });

  it("finalizes a trace that cannot be imported with its reason, and quarantines one that keeps crashing", async () => {
    // Too many steps for the configured cap: an input problem, final at once, reason kept.
    process.env.CULPRIT_MAX_STEPS = "1";
    reloadConfig();
    try {
      const traceId = tid(0x106);
      await post([
        span(traceId, "00000000000000e1"),
        span(traceId, "00000000000000e2", { parentSpanId: "00000000000000e1" }),
      ]);
      expect(await finalizeIdleTraces(0)).toEqual([]);
      expect(await state(traceId)).toMatchObject({
        finalized: true,
        runId: null,
        error: expect.stringContaining("Too many steps"),
      });
      expect(await batchCount(traceId)).toBe(0);
    } finally {
      delete process.env.CULPRIT_MAX_STEPS;
      reloadConfig();
    }
    // A trace whose earlier finalizers died mid-way (attempts counted, lease expired).
    const poison = tid(0x107);
    await post([span(poison, "00000000000000f1")]);
    await pool().query(
      `UPDATE otlp_trace_states SET attempts = $2, "claimedUntil" = now() - interval '1 second' WHERE "traceId" = $1`,
      [poison, MAX_FINALIZE_ATTEMPTS],
    );
    expect(await finalizeIdleTraces(0)).toEqual([]);
    expect(await state(poison)).toMatchObject({
      finalized: true,
      runId: null,
      error: expect.stringContaining("quarantined"),
    });
    expect(await batchCount(poison)).toBe(0);
  });

  it("leaves a trace claimed by a live finalizer alone and retries it once the lease expired", async () => {
    const traceId = tid(0x108);
    await post([span(traceId, "00000000000000d1")]);
    await pool().query(
      `UPDATE otlp_trace_states SET attempts = 1, "claimedUntil" = now() + interval '1 hour' WHERE "traceId" = $1`,
      [traceId],
    );
    expect(await finalizeIdleTraces(0)).toEqual([]);
    await pool().query(
      `UPDATE otlp_trace_states SET "claimedUntil" = now() - interval '1 second' WHERE "traceId" = $1`,
      [traceId],
    );
    expect(await finalizeIdleTraces(0)).toHaveLength(1);
    expect(await state(traceId)).toMatchObject({ finalized: true, attempts: 2 });
  });
});
