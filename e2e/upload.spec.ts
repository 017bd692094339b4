import { test, expect } from "@playwright/test";
import { randomUUID } from "node:crypto";

/** A small native trace with a unique title, so each test run uploads new content. */
function traceFile(title: string) {
  const trace = {
    schema: "culprit.trace/v1",
    run: { title, system: "e2e_system", task: "check the upload path", outcome: "failure" },
    agents: [{ name: "Fetcher" }, { name: "Summarizer" }],
    steps: [
      { id: "a", agent: "Fetcher", kind: "tool_call", content: "", tool: { name: "http.get", result: "HTTP 500" }, status: "error", error: { message: "500" } },
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

test("a malformed paste shows where the JSON breaks", async ({ page }) => {
  await page.goto("/upload");
  await page.getByTestId("paste-area").fill('{\n  "schema": "culprit.trace/v1",\n  "run": {,\n}');
  await page.getByTestId("upload-submit").click();
  const error = page.getByTestId("upload-error");
  await expect(error).toContainText("Malformed JSON");
  await expect(error).toContainText("line 3, column 11");
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
