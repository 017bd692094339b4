/**
 * GET /api/runs/:id/steps/:stepId against a real Postgres: the response carries the newest finished
 * analysis as its ETag, a matching If-None-Match gets a 304 without a body, and a new analysis
 * (or none yet) is a different version.
 */
import { afterAll, describe, expect, it } from "vitest";
import { GET } from "./route";
import { ingestUpload } from "@/lib/server/ingest-upload";
import { db } from "@/lib/server/db";
import { pool } from "@/lib/server/pg-pool";
import { queue } from "@/lib/server/queue";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

const get = (runId: string, stepId: string, headers: Record<string, string> = {}) =>
  GET(
    new Request(`http://localhost/api/runs/${runId}/steps/${stepId}`, { headers: { host: "localhost", ...headers } }),
    {
      params: Promise.resolve({ id: runId, stepId }),
    },
  );

describe("step detail route (HTTP caching)", () => {
  it("answers 304 to its own ETag and 200 with the body otherwise", async () => {
    const steps = Array.from({ length: 6 }, (_, i) => ({
      id: `s${i}`,
      agent: `a${i % 2}`,
      kind: "message",
      content: `value ${i * 7}`,
    }));
    const trace = {
      schema: "culprit.trace/v1",
      run: { title: "etag", outcome: "failure" },
      agents: [{ name: "a0" }, { name: "a1" }],
      steps,
    };
    const { runId } = await ingestUpload({ bytes: new TextEncoder().encode(JSON.stringify(trace)) });
    const first = await get(runId, "s2");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    const done = await db().analysis.findFirst({
      where: { runId, status: "done" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    expect(etag).toBe(`"${done?.id ?? "none"}"`);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(((await first.json()) as { step: { id: string } }).step.id).toBe("s2");
    const again = await get(runId, "s2", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const stale = await get(runId, "s2", { "if-none-match": '"some-older-analysis"' });
    expect(stale.status).toBe(200);
    expect((await get(runId, "nope")).status).toBe(404);
  });
});
