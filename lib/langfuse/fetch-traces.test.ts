import { afterEach, describe, expect, it } from "vitest";
import { createLangfuseClient } from "./langfuse-client";
import { fetchTraceDownload } from "./fetch-traces";
import { KEYS, readFixture, startRecordedLangfuse, type RecordedLangfuse } from "./recorded-langfuse-server";

const TRACE = readFixture("trace-research-team.json") as Record<string, unknown>;
let langfuse: RecordedLangfuse | undefined;
afterEach(async () => {
  await langfuse?.close();
  langfuse = undefined;
});

const client = (url: string, extra: { maxBytes?: number } = {}) =>
  createLangfuseClient({ host: url, ...KEYS, ...extra });

describe("fetching a Langfuse trace, bounded", () => {
  it("refuses a reply larger than the cap instead of truncating it", async () => {
    langfuse = await startRecordedLangfuse({ traces: [TRACE] });
    await expect(fetchTraceDownload(client(langfuse.url, { maxBytes: 2000 }), String(TRACE.id))).rejects.toThrow(
      /larger than 2000 bytes|is \d+ bytes; at most 2000/,
    );
  });

  it("stops paging observations once the trace's byte budget is spent", async () => {
    langfuse = await startRecordedLangfuse({
      traces: [TRACE],
      withoutObservations: [String(TRACE.id)],
      pageSizeCap: 1,
    });
    await expect(fetchTraceDownload(client(langfuse.url), String(TRACE.id), 3000)).rejects.toThrow(
      /larger than 3000 bytes/,
    );
    const pages = langfuse.requests.filter((r) => r.path === "/api/public/observations").length;
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThan(6);
  });

  it("says which trace Langfuse does not have, and refuses ids that would change the path", async () => {
    langfuse = await startRecordedLangfuse({ traces: [TRACE] });
    await expect(fetchTraceDownload(client(langfuse.url), "missing")).rejects.toThrow(
      'Langfuse has no trace "missing" (404)',
    );
    await expect(fetchTraceDownload(client(langfuse.url), "../projects")).rejects.toThrow(/not a Langfuse trace id/);
  });

  it("refuses a host that is not http(s), or that carries credentials", () => {
    expect(() => client("ftp://example.org")).toThrow(/http\(s\)/);
    expect(() => client("http://user:pw@127.0.0.1:1")).toThrow(/not in the URL/);
  });
});
