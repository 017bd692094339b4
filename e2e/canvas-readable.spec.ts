import { randomUUID } from "node:crypto";
import { test, expect } from "@playwright/test";
import { suiteNonce, uploadRun } from "./fixtures/upload-run";
import { canvasLabels, readableInView } from "./fixtures/readable-labels";

/**
 * A failed run of `steps` steps across five agents taking turns (so the swimlane graph is far wider
 * than any screen), one wrong value stated near `at` that reaches the final answer.
 */
function turnsRun(steps: number, at: number, nonce = randomUUID().slice(0, 8)) {
  const names = ["planner", "researcher", "analyst", "writer", "reviewer"];
  const list = [];
  const edges = [];
  for (let i = 0; i < steps; i++) {
    const agent = names[i % names.length];
    const wrong = i >= at ? " Osaka South = 1532." : "";
    const content =
      i === at ? "Successfully retrieved: Osaka South = 1532." : `Step ${i}: ${agent} worked on part ${i % 7}.${wrong}`;
    list.push({ id: `s${i}`, agent, kind: i === steps - 1 ? "final" : "message", content, status: "ok" });
    if (i > 0) edges.push({ from: `s${i - 1}`, to: `s${i}`, kind: "message" });
  }
  const at0 = at - 1;
  list[at0] = {
    ...list[at0],
    kind: "tool_result",
    content: "503 Service Unavailable",
    status: "error",
    error: { message: "503" },
  };
  return {
    schema: "culprit.trace/v1",
    run: { title: `readable canvas e2e ${nonce}`, outcome: "failure", groundTruth: "1385", finalAnswer: "1532" },
    agents: names.map((name) => ({ name })),
    steps: list,
    edges,
  };
}

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

// Each test uploads or reads runs that the engine analyses first; the machine may be busy.
test.describe.configure({ timeout: 120_000 });

for (const viewport of VIEWPORTS)
  test(`a 60-step run opens at ${viewport.width}×${viewport.height} with at least three labels readable (≥ 12 px)`, async ({
    browser,
    request,
  }) => {
    const runId = await uploadRun(request, turnsRun(60, 30, suiteNonce()));
    const page = await browser.newPage({ viewport });
    await page.goto(`/runs/${runId}`);
    await expect(page.locator(".react-flow__node-step").first()).toBeVisible();
    await page.waitForTimeout(300);
    const readable = await readableInView(page);
    expect(readable.length, JSON.stringify(await canvasLabels(page))).toBeGreaterThanOrEqual(3);
    // No label in view is drawn smaller than readable: the canvas did not zoom out to fit.
    for (const l of (await canvasLabels(page)).filter((x) => x.inView)) expect(l.px).toBeGreaterThanOrEqual(11.95);
    await page.close();
  });

test("selecting a step far away (search by number, d) brings it into view at a readable zoom", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, turnsRun(60, 30, suiteNonce()));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/runs/${runId}`);
  await expect(page.locator(".react-flow__node-step").first()).toBeVisible();
  // The canvas opens on the story: the decisive step is in view.
  const decisiveId = (await page.locator('[data-decisive="true"]').getAttribute("data-testid"))!.replace(
    "step-node-",
    "",
  );
  // Zoom far out with the wheel, as a reader looking for the overview would.
  const box = (await page.getByTestId("run-canvas").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 300);
  await page.waitForTimeout(300);
  expect((await canvasLabels(page)).find((l) => l.inView)!.px).toBeLessThan(8);

  // Search by step number: step 55 is the 55th step of the run (id s54).
  await page.getByTestId("step-search").fill("55");
  await page.getByTestId("step-search").press("Enter");
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-step", "s54");
  await expect.poll(async () => (await canvasLabels(page)).find((l) => l.id === "s54")).toMatchObject({ inView: true });
  // The viewport glides to the step: wait for the move to end before reading its size.
  await expect
    .poll(async () => (await canvasLabels(page)).find((l) => l.id === "s54")?.px ?? 0)
    .toBeGreaterThanOrEqual(11.95);
  await expect(page.locator('.react-flow__node[data-id="s54"] [data-step-number]')).toHaveAttribute(
    "data-step-number",
    "55",
  );

  // Pan away and press d: the decisive step comes back into view, readable.
  await page.getByTestId("step-search").fill("1");
  await page.getByTestId("step-search").press("Enter");
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-step", "s0");
  await page.getByTestId("step-search").blur();
  await page.keyboard.press("d");
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-step", decisiveId);
  await expect.poll(async () => (await canvasLabels(page)).find((l) => l.id === decisiveId)?.inView).toBe(true);
  await expect
    .poll(async () => (await canvasLabels(page)).find((l) => l.id === decisiveId)?.px ?? 0)
    .toBeGreaterThanOrEqual(11.95);
});

test("text search jumps to the next step that contains it; an unknown step number says so", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, turnsRun(60, 30, suiteNonce()));
  await page.goto(`/runs/${runId}`);
  const search = page.getByTestId("step-search");
  await search.fill("part 6");
  await search.press("Enter");
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-step", "s6");
  await search.press("Enter");
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-step", "s13");
  await search.fill("999");
  await search.press("Enter");
  await expect(page.getByTestId("step-search-message")).toContainText("the run has steps 1–60");
});

test("a brushed window opens as a readable list of its steps beside the graph", async ({ page, request }) => {
  const runId = await uploadRun(request, turnsRun(60, 30, suiteNonce()));
  // `range=` counts steps from 1, as the timeline does.
  await page.goto(`/runs/${runId}?mode=steps&range=11-40`);
  const list = page.getByTestId("range-list");
  await expect(list).toContainText("Steps 11–40");
  const rows = list.getByTestId("range-row");
  await expect(rows.first()).toContainText("step 11");
  const px = await rows.first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(px).toBeGreaterThanOrEqual(12);
  await rows.filter({ hasText: "step 20" }).first().click();
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-step", "s19");
  await expect.poll(async () => (await readableInView(page)).map((l) => l.id)).toContain("s19");
});

test("a 5,000-step run opens readable in both modes, on its story", async ({ page, request }) => {
  test.setTimeout(180_000);
  const runId = await uploadRun(request, turnsRun(5_000, 2_400));
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const mode of ["", "?mode=steps"]) {
    await page.goto(`/runs/${runId}${mode}`);
    await expect(page.locator(".react-flow__node").first()).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const readable = await readableInView(page);
    expect(
      readable.length,
      `${mode || "default mode"}: ${JSON.stringify(await canvasLabels(page))}`,
    ).toBeGreaterThanOrEqual(3);
  }
  // Steps mode opens on the decisive step, not on the run's first steps.
  const decisive = page.locator('[data-decisive="true"]');
  await expect(decisive).toHaveCount(1);
  const id = (await decisive.getAttribute("data-testid"))!.replace("step-node-", "");
  expect((await readableInView(page)).map((l) => l.id)).toContain(id);
});
