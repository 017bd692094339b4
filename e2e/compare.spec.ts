import { test, expect, type APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { demoTrace, uploadRun } from "./fixtures/upload-run";

/**
 * Two runs of one pipeline that agree up to the Researcher's report, where run B states a
 * different value: the first divergence is that step.
 */
function pipeline(title: string, southRevenue: number) {
  return {
    schema: "culprit.trace/v1",
    run: {
      title,
      system: "e2e_compare",
      task: "report Q3 revenue",
      outcome: southRevenue === 1385 ? "success" : "failure",
    },
    agents: [{ name: "Planner" }, { name: "Researcher" }, { name: "Writer" }],
    steps: [
      {
        id: "p1",
        agent: "Planner",
        kind: "message",
        content: "Plan: fetch Q3 revenue for both Osaka stores, then write the brief.",
      },
      {
        id: "r1",
        agent: "Researcher",
        kind: "tool_call",
        content: "",
        tool: { name: "sales_api", arguments: { store: "Osaka North" }, result: "2140" },
      },
      { id: "r2", agent: "Researcher", kind: "message", content: `Osaka North = 2140, Osaka South = ${southRevenue}.` },
      { id: "w1", agent: "Writer", kind: "message", content: "Drafting the brief from the research notes." },
      { id: "w2", agent: "Writer", kind: "final", content: `Q3: North 2140, South ${southRevenue}.` },
    ],
    edges: [
      { from: "p1", to: "r1", kind: "delegation" },
      { from: "r2", to: "w1", kind: "message" },
      { from: "w1", to: "w2", kind: "message" },
    ],
  };
}

async function upload(request: APIRequestContext, body: unknown): Promise<string> {
  const res = await request.post("/api/runs", { data: body });
  expect(res.ok()).toBe(true);
  return (await res.json()).runId;
}

test("select two runs, compare, follow the first divergence, sync selection, restore it from the URL", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const titleA = `e2e compare A ${tag}`;
  const titleB = `e2e compare B ${tag}`;
  const idA = await upload(request, pipeline(titleA, 1532));
  const idB = await upload(request, pipeline(titleB, 1385));

  await page.goto(`/?q=${tag}&sort=title&dir=asc`);
  const table = page.getByTestId("runs-table");
  await table.getByRole("checkbox", { name: `Select ${titleA}` }).check();
  await table.getByRole("checkbox", { name: `Select ${titleB}` }).check();
  await page.getByTestId("compare-selected").click();
  await page.waitForURL(/\/compare\?/);
  expect(new URL(page.url()).searchParams.get("a")).toBe(idA);
  expect(new URL(page.url()).searchParams.get("b")).toBe(idB);

  await expect(page.getByTestId("verdict-a")).toContainText(titleA);
  await expect(page.getByTestId("verdict-b")).toContainText(titleB);
  const callout = page.getByTestId("first-divergence");
  await expect(callout).toContainText("First divergence at row 3");
  await expect(callout).toContainText("value 1532 → 1385");
  const firstRow = page.locator("[data-first-divergence]");
  await expect(firstRow).toHaveAttribute("data-row", "2");
  await expect(firstRow.getByTestId("step-a")).toHaveAttribute("data-step-id", "r2");

  // Click a step on the left: the aligned partner on the right is selected.
  const rowOfW1 = page
    .getByTestId("aligned-row")
    .filter({ has: page.locator('[data-testid="step-a"][data-step-id="w1"]') });
  await rowOfW1.getByTestId("step-a").click();
  await expect(rowOfW1.getByTestId("step-b")).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("canvas-b")).toHaveAttribute("data-selected-step", "w1");
  await expect(page).toHaveURL(/sel=a%3Aw1/);

  // The URL is a permalink: reload restores the selection (and a filter).
  await page.getByTestId("show-diff").click();
  await expect(page).toHaveURL(/show=diff/);
  await page.reload();
  await expect(page.getByTestId("show-diff")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("show-all").click();
  const restored = page
    .getByTestId("aligned-row")
    .filter({ has: page.locator('[data-testid="step-a"][data-step-id="w1"]') });
  await expect(restored.getByTestId("step-a")).toHaveAttribute("data-selected", "true");
  await expect(restored.getByTestId("step-b")).toHaveAttribute("data-selected", "true");

  // Deep link into run B at the selected step.
  await expect(restored.getByTestId("step-b").getByRole("link")).toHaveAttribute("href", `/runs/${idB}?step=w1`);
});

test("each verdict is the run page's sentence, its step named by number; an unknown outcome names a suspect", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const a = await uploadRun(request, demoTrace("pipeline-false-success.json", tag));
  const unknown = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), "test/fixtures/real/chat/drone-training-line1.json"), "utf8"),
  );
  const b = await uploadRun(request, unknown);
  await page.goto(`/runs/${a}`);
  const runPageSentence = (await page.getByTestId("verdict").textContent())!;
  await page.goto(`/compare?a=${a}&b=${b}`);
  const verdictA = page.getByTestId("verdict-a");
  await expect(verdictA.getByTestId("compare-verdict")).toHaveText(runPageSentence);
  // The decisive step s3 is the trace's fourth step: named by its number, linked by its id.
  await expect(verdictA.getByTestId("compare-named")).toHaveText(/^Culprit Researcher at step 4$/);
  await expect(verdictA.getByRole("link", { name: "step 4" })).toHaveAttribute("href", `/runs/${a}?step=s3`);
  await expect(verdictA.getByTestId("compare-named")).not.toContainText("s3");
  await expect(verdictA).toContainText(/Confidence (High|Medium|Low) \(\d+%\)/);
  const verdictB = page.getByTestId("verdict-b");
  await expect(verdictB.getByTestId("compare-verdict")).toHaveText(/^Outcome unknown; .*suspects?: /i);
  await expect(verdictB.getByTestId("compare-named")).toHaveText(/^Top suspect \S+ at step \d+$/);
  for (const card of [verdictA, verdictB]) {
    const text = (await card.innerText()).replace(/^.*\n/, "");
    expect(text).not.toMatch(/\b[0-9a-f]{12,}\b|\bs\d+\b|Root cause:|P\(bad\)/);
  }
});

test("the picker offers runs of the same system first", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const idA = await upload(request, pipeline(`e2e picker A ${tag}`, 1532));
  await upload(request, pipeline(`e2e picker B ${tag}`, 1385));
  await page.goto(`/compare?a=${idA}`);
  await expect(page.getByTestId("compare-picker")).toBeVisible();
  const first = page.getByTestId("pick-run").first();
  await expect(first).toHaveAttribute("href", new RegExp(`^/compare\\?a=${idA}&b=`));
  await expect(page.getByRole("heading", { name: "Same system" })).toBeVisible();
});

test("the patterns page ranks agents of a system by spectrum suspiciousness", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  await upload(request, {
    ...pipeline(`e2e spectrum A ${tag}`, 1532),
    run: { ...pipeline("", 1532).run, title: `e2e spectrum A ${tag}`, system: `e2e_spectrum_${tag}` },
  });
  await upload(request, {
    ...pipeline(`e2e spectrum B ${tag}`, 1385),
    run: { ...pipeline("", 1385).run, title: `e2e spectrum B ${tag}`, system: `e2e_spectrum_${tag}` },
  });
  await page.goto(`/patterns?system=e2e_spectrum_${tag}`);
  await expect(page.getByTestId("spectrum")).toContainText("1 failed and 1 successful runs");
  await expect(page.getByTestId("spectrum-agents").locator("tbody tr")).toHaveCount(3);
});
