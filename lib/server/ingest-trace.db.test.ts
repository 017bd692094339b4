import { afterAll, describe, expect, it } from "vitest";
import { contentHash } from "@/lib/trace/content-hash";
import { encodeRun } from "./encode-trace";
import { ingestEncoded, ingestTrace } from "./ingest-trace";
import { sanitizeTrace } from "./sanitize-trace";
import { ingestUploads } from "./ingest-upload";
import { loadTrace } from "./load-trace";
import { pool } from "./pg-pool";
import { validateTrace } from "@/lib/trace/validate-trace";
import { minimalTrace, generatedTrace } from "@/lib/trace/test-traces";

afterAll(async () => {
  await pool().end();
});

async function countRows(runTitle: string) {
  const { rows } = await pool().query<{ runs: string; steps: string; edges: string; agents: string; labels: string }>(
    `SELECT (SELECT count(*) FROM runs WHERE title = $1) AS runs,
            (SELECT count(*) FROM steps s JOIN runs r ON r.id = s."runId" WHERE r.title = $1) AS steps,
            (SELECT count(*) FROM edges e JOIN runs r ON r.id = e."runId" WHERE r.title = $1) AS edges,
            (SELECT count(*) FROM agents a JOIN runs r ON r.id = a."runId" WHERE r.title = $1) AS agents,
            (SELECT count(*) FROM human_labels l JOIN runs r ON r.id = l."runId" WHERE r.title = $1) AS labels`,
    [runTitle],
  );
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

describe("ingestTrace (real Postgres)", () => {
  it("stores a run and loads back the same canonical trace", async () => {
    const input = minimalTrace({ title: "roundtrip" });
    input.steps[0].tool = {
      name: "search",
      arguments: { q: "tab\there", nested: [1, "nul\u0000"] },
      result: "back\\slash\nnewline",
    };
    input.steps[0].attributes = { "gen_ai.system": "openai" };
    input.labels = [{ agent: "Alice", stepId: "s1", note: "labelled", author: "who-and-when" }];
    input.agents[input.agents.length - 1].kind = "task_giver";
    const trace = validateTrace(input);
    const { runId, created } = await ingestTrace(trace);
    expect(created).toBe(true);
    const loaded = await loadTrace(runId);
    // NUL cannot be stored by Postgres; it comes back as U+FFFD with a warning saying so,
    // everything else is exact.
    const expected = JSON.parse(JSON.stringify(trace).replace(/\\u0000/g, "\uFFFD"));
    expected.warnings = ["Stored with changes: NUL bytes or unpaired UTF-16 surrogates replaced by U+FFFD"];
    expect(loaded).toEqual(expected);
    expect(await countRows("roundtrip")).toMatchObject({ runs: 1, steps: 2, edges: 1, agents: 2, labels: 1 });
  });

  it("stores a run encoded in the import sandbox exactly as the trace (multibyte text, escapes, labels)", async () => {
    const input = minimalTrace({ title: "encoded-roundtrip" });
    input.steps[0].content = "naïve – 漢字 😀\ttab\\slash\nline";
    input.steps[0].tool = { name: "search", arguments: { q: "é\t" }, result: "r\u00e9sultat" };
    input.labels = [{ agent: "Bob", stepId: "s2", note: "ünïcode", author: "imported" }];
    const trace = sanitizeTrace(validateTrace(input));
    const encoded = encodeRun(trace, contentHash(trace), null);
    const { runId, created } = await ingestEncoded(encoded);
    expect(created).toBe(true);
    expect(runId).toBe(encoded.runId);
    expect(await loadTrace(runId)).toEqual(JSON.parse(JSON.stringify(trace)));
    expect(await countRows("encoded-roundtrip")).toMatchObject({ runs: 1, steps: 2, edges: 1, agents: 2, labels: 1 });
    // The same content again (its rows encoded under another run id) returns the stored run.
    expect(await ingestEncoded(encodeRun(trace, contentHash(trace), null))).toEqual({ runId, created: false });
  });

  it("a multi-megabyte upload (encoded in the sandbox, streamed in 1 MB slices) loads back step for step", async () => {
    const input = generatedTrace(15_000, 5, "encoded-large");
    const bytes = new TextEncoder().encode(JSON.stringify(input));
    expect(bytes.byteLength).toBeGreaterThan(3 << 20);
    const [run] = await ingestUploads({ bytes, fileName: "encoded-large.json" });
    expect(run).toMatchObject({ created: true, steps: 15_000, agents: 5 });
    const loaded = await loadTrace(run.runId);
    const expected = JSON.parse(JSON.stringify(sanitizeTrace(validateTrace(input))));
    expect(loaded?.steps).toEqual(expected.steps);
    expect(loaded?.edges).toEqual(expected.edges);
  });

  it("is idempotent: the same content returns the existing run", async () => {
    const trace = validateTrace(minimalTrace({ title: "twice" }));
    const first = await ingestTrace(trace);
    const second = await ingestTrace(validateTrace(minimalTrace({ title: "twice" })));
    expect(second).toEqual({ runId: first.runId, created: false });
    expect((await countRows("twice")).runs).toBe(1);
  });

  it.each(["run", "agents", "steps", "edges", "labels"] as const)(
    "leaves no rows when it fails after the %s stage",
    async (stage) => {
      const title = `half-written-${stage}`;
      const trace = validateTrace({ ...generatedTrace(300, 4, title), labels: [{ agent: "agent_1", note: "x" }] });
      await expect(
        ingestTrace(trace, {
          onStage: (s) => {
            if (s === stage) throw new Error(`simulated crash after ${s}`);
          },
        }),
      ).rejects.toThrow(`simulated crash after ${stage}`);
      expect(await countRows(title)).toEqual({ runs: 0, steps: 0, edges: 0, agents: 0, labels: 0 });
    },
  );

  it("bulk-loads a large run in one transaction", async () => {
    const trace = validateTrace(generatedTrace(20_000, 12, "bulk"));
    const { runId } = await ingestTrace(trace);
    expect(await countRows("bulk")).toMatchObject({ runs: 1, steps: 20_000, edges: 19_999, agents: 12 });
    const loaded = await loadTrace(runId);
    expect(loaded?.steps[12_345]).toEqual(trace.steps[12_345]);
  });
});
