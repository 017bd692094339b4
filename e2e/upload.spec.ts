import { test, expect } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

/** A small native trace with a unique title, so each test run uploads new content. */
function traceFile(title: string) {
  const trace = {
    schema: "culprit.trace/v1",
    run: { title, system: "e2e_system", task: "check the upload path", outcome: "failure" },
    agents: [{ name: "Fetcher" }, { name: "Summarizer" }],
    steps: [
      {
        id: "a",
        agent: "Fetcher",
        kind: "tool_call",
        content: "",
        tool: { name: "http.get", result: "HTTP 500" },
        status: "error",
        error: { message: "500" },
      },
      { id: "b", agent: "Fetcher", kind: "message", content: "Fetched the page successfully: revenue is 42." },
      { id: "c", agent: "Summarizer", kind: "final", content: "Revenue is 42." },
    ],
    edges: [
      { from: "a", to: "b", kind: "message" },
      { from: "b", to: "c", kind: "message" },
    ],
  };
  return { name: `${title}.json`, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(trace)) };
}

test("upload a file through the UI, see it in the runs list, open it", async ({ page }) => {
  const title = `e2e upload ${randomUUID().slice(0, 8)}`;
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles(traceFile(title));
  await expect(page.getByTestId("drop-zone")).toContainText(`${title}.json`);
  await page.getByTestId("upload-submit").click();
  await page.waitForURL(/\/runs\/[0-9a-f-]{36}/);
  const runUrl = new URL(page.url()).pathname;

  await page.goto("/");
  const row = page.getByTestId("runs-table").locator("tr", { hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("FAILED");
  await expect(row).toContainText("e2e_system");
  await row.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${runUrl}($|\\?)`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
});

test("upload a chat AutoGen printed to a terminal, and open it as a run", async ({ page }) => {
  // A real AG2 0.2 print (ANSI colours and all), as people copy it from their terminal.
  const printed = readFileSync("lib/importers/fixtures/ag2-print-human-feedback.txt");
  await page.goto("/upload");
  await page.getByTestId("file-input").setInputFiles({ name: "ag2-run.txt", mimeType: "text/plain", buffer: printed });
  await page.getByTestId("upload-submit").click();
  await page.waitForURL(/\/runs\/[0-9a-f-]{36}/);
  // The speakers of the print are the run's agents; a print states no outcome, and no colour code shows.
  const main = page.locator("main");
  await expect(main).toContainText("user_proxy");
  await expect(main).toContainText("assistant");
  await expect(main).toContainText("Outcome unknown");
  await expect(main).not.toContainText("[33m");
});

test("upload a ChatDev log whose delivered program crashed, and read who wrote the code it ran", async ({ page }) => {
  // A real ChatDev WareHouse log, cut right after its first failing test report: the log then states
  // that the program it delivered crashes, so the run is a failure with a culprit.
  const log = readFileSync("lib/importers/fixtures/chatdev-rpg-test-failures.log", "utf8");
  const report = log.indexOf("**[Test Reports]**");
  const cut = log.slice(0, log.indexOf("\n[2023-", report));
  await page.goto("/upload");
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "RPG.log", mimeType: "text/plain", buffer: Buffer.from(cut) });
  await page.getByTestId("upload-submit").click();
  await page.waitForURL(/\/runs\/[0-9a-f-]{36}/);
  const main = page.locator("main");
  await expect(main).toContainText("Code Reviewer");
  // The verdict names the Programmer whose code the shell ran, not ChatDev's own phase prompts.
  await expect(page.getByTestId("verdict")).toHaveText(/^Programmer \(step \d+\)/);
  // ChatDev's log stamps are no content anywhere on the page.
  await expect(main).not.toContainText("[2023-26-10");
});

test("a malformed paste shows where the JSON breaks", async ({ page }) => {
  await page.goto("/upload");
  await page.getByTestId("paste-area").fill('{\n  "schema": "culprit.trace/v1",\n  "run": {,\n}');
  await page.getByTestId("upload-submit").click();
  const error = page.getByTestId("upload-error");
  // One short sentence naming the spot once; the parser's own words behind "Details".
  await expect(page.getByTestId("upload-error-title")).toHaveText(/^The JSON is broken at line 3, column 11 \(.+\)\.$/);
  await expect(error.getByText("line 3, column 11").filter({ visible: true })).toHaveCount(1);
  await error.getByText("Details").click();
  await expect(error).toContainText("Malformed JSON");
});

test("a file cut off mid-way says so, and an unknown shape names its keys in one sentence", async ({ page }) => {
  await page.goto("/upload");
  const whole = JSON.stringify(
    { schema: "culprit.trace/v1", run: { title: "cut", outcome: "failure" }, agents: [{ name: "A" }], steps: [] },
    null,
    2,
  );
  await page.getByTestId("paste-area").fill(whole.slice(0, whole.indexOf('"A"') + 2));
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("upload-error-title")).toHaveText(/^The file looks cut off at line \d+/);

  await page.getByTestId("paste-area").fill('{"hello": 1, "items": []}');
  await page.getByTestId("upload-submit").click();
  const title = page.getByTestId("upload-error-title");
  await expect(title).toContainText("not a trace format Culprit reads");
  await expect(title).toContainText("“hello”, “items”");
  expect((await title.textContent())!.length).toBeLessThanOrEqual(200);
});

test("an upload that makes several runs, or finds one already stored, lists what it made", async ({ page }) => {
  // Two traces in one OTLP file (two trace ids): two runs, listed with links, no redirect.
  const span = (trace: string, id: string, name: string) => ({
    traceId: trace.repeat(32 / trace.length),
    spanId: id.repeat(16 / id.length),
    name,
    startTimeUnixNano: "1700000000000000000",
    endTimeUnixNano: "1700000001000000000",
    attributes: [{ key: "gen_ai.agent.name", value: { stringValue: `agent-${randomUUID().slice(0, 6)}` } }],
  });
  const otlp = {
    resourceSpans: [{ scopeSpans: [{ spans: [span("a1", "b1", "first"), span("c2", "d2", "second")] }] }],
  };
  await page.goto("/upload");
  await page.getByTestId("paste-area").fill(JSON.stringify(otlp));
  await page.getByTestId("upload-submit").click();
  const result = page.getByTestId("upload-result");
  await expect(result).toContainText("2 runs imported");
  await expect(result.getByTestId("upload-result-run")).toHaveCount(2);
  expect(new URL(page.url()).pathname).toBe("/upload");

  // The same file again: nothing new, and the page says so instead of landing on the old run.
  await page.getByTestId("upload-submit").click();
  await expect(result).toContainText("2 already imported");
  await expect(result.getByTestId("upload-result-run").first()).toContainText("already imported");
  await result.getByTestId("upload-result-run").first().getByRole("link").click();
  await page.waitForURL(/\/runs\/[0-9a-f-]{36}/);
});

test("the runs list filters by outcome and text, and shows the empty-filter state", async ({ page, request }) => {
  // Own runs with a token no other test uses: one failed, one succeeded; the token is only in the task.
  const token = `zebra${randomUUID().slice(0, 8)}`;
  for (const outcome of ["failure", "success"] as const) {
    const body = JSON.parse(traceFile(`filter ${outcome} ${randomUUID().slice(0, 6)}`).buffer.toString());
    body.run.task = `find the ${token} in the ${outcome} run`;
    body.run.outcome = outcome;
    const res = await request.post("/api/runs", { data: body });
    expect(res.status()).toBe(201);
  }
  await page.goto(`/?q=${token}`);
  await expect(page.getByTestId("runs-table").locator("tbody tr")).toHaveCount(2);
  await page.goto(`/?q=${token}&outcome=success`);
  const rows = page.getByTestId("runs-table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("SUCCEEDED");
  await page.goto("/?q=no-such-run-anywhere");
  await expect(page.getByText("No run matches these filters")).toBeVisible();
  await page.goto("/?outcome=failure&sort=steps&dir=asc");
  const steps = await page.getByTestId("runs-table").locator("tbody tr td:nth-child(8)").allTextContents();
  expect(steps.length).toBeGreaterThanOrEqual(4);
  const numbers = steps.map((s) => Number(s));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
});
