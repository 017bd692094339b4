import { randomUUID } from "node:crypto";
import { test, expect } from "@playwright/test";
import { readFixture, startRecordedLangfuse, type RecordedLangfuse } from "../lib/langfuse/recorded-langfuse-server";

/**
 * The upload page's "Import from Langfuse by trace id", in a real browser against the real server:
 * the app is started with LANGFUSE_HOST on a loopback port (playwright.config.ts), where this file
 * serves the recorded Langfuse API shapes (test/fixtures/langfuse-api) with Basic auth. The owner
 * imports a trace and an unknown id, opens the run, writes the verdict back, and imports again.
 */
test.describe.configure({ mode: "serial" });

let langfuse: RecordedLangfuse;
// A trace id of its own per suite run: its content (and so its run) is new to the e2e database.
const TRACE_ID = `4bf92f3577b34da6${randomUUID().replace(/-/g, "").slice(0, 16)}`;

test.beforeAll(async () => {
  const recorded = readFixture("trace-research-team.json") as Record<string, unknown>;
  const retag = (o: Record<string, unknown>) => ({ ...o, traceId: TRACE_ID });
  const trace = {
    ...recorded,
    id: TRACE_ID,
    observations: (recorded.observations as Record<string, unknown>[]).map(retag),
    scores: (recorded.scores as Record<string, unknown>[]).map(retag),
  };
  langfuse = await startRecordedLangfuse({ traces: [trace], port: Number(process.env.LANGFUSE_E2E_PORT) });
});
test.afterAll(async () => {
  await langfuse?.close();
});

test("an owner imports Langfuse traces by id, opens the run and writes the verdict back", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto("/upload");
  const form = page.getByTestId("langfuse-import");
  await expect(form).toContainText(`127.0.0.1:${process.env.LANGFUSE_E2E_PORT}`);
  await page.getByTestId("langfuse-trace-ids").fill(`${TRACE_ID}, no-such-trace`);
  await page.getByTestId("langfuse-import-submit").click();
  const results = page.getByTestId("langfuse-import-results");
  const imported = results.locator("li", { hasText: TRACE_ID });
  await expect(imported.getByRole("link")).toHaveText("imported — open the run");
  await expect(results.locator("li", { hasText: "no-such-trace" })).toContainText("404");
  // The server fetched the trace from Langfuse with the owner's keys (the loopback checks them).
  expect(langfuse.requests.some((r) => r.method === "GET" && r.path === `/api/public/traces/${TRACE_ID}`)).toBe(true);

  const href = (await imported.getByRole("link").getAttribute("href"))!;
  const runId = /^\/runs\/([0-9a-f-]{36})$/.exec(href)![1];
  await expect
    .poll(async () => (await (await request.get(`/api/runs/${runId}/analysis`)).json()).analysis?.status, {
      timeout: 60_000,
    })
    .toBe("done");
  await imported.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}$`));
  await expect(page.getByTestId("verdict-header")).toContainText("langfuse");
  await expect(page.getByTestId("verdict")).toBeVisible();

  // Write-back: a score and a comment on the trace it came from.
  await page.getByTestId("langfuse-write-back").click();
  await expect(page.getByTestId("langfuse-write-back-status")).toHaveText("Verdict written to Langfuse.");
  const posted = langfuse.requests.filter((r) => r.method === "POST").map((r) => r.path);
  expect(posted).toEqual(expect.arrayContaining(["/api/public/scores", "/api/public/comments"]));
  const comment = langfuse.requests.find((r) => r.path === "/api/public/comments")!.body as Record<string, string>;
  expect(comment).toMatchObject({ objectType: "trace", objectId: TRACE_ID });
  expect(comment.content).toContain(`/runs/${runId}`);

  // The same id again is the run already here.
  await page.goto("/upload");
  await page.getByTestId("langfuse-trace-ids").fill(TRACE_ID);
  await page.getByTestId("langfuse-trace-ids").press("Enter");
  await expect(page.getByTestId("langfuse-import-results").getByRole("link")).toHaveText("already here — open the run");
  await expect(page.getByTestId("langfuse-import-results").getByRole("link")).toHaveAttribute("href", href);
});
