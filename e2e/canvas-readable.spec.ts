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

for (const viewport of VIEWPORTS)
  test(`at ${viewport.width}×${viewport.height} a run opened on its story names the lanes in view at the left edge, over no other row's step`, async ({
    browser,
    request,
  }) => {
    const runId = await uploadRun(request, turnsRun(60, 30, suiteNonce()));
    const page = await browser.newPage({ viewport });
    await page.goto(`/runs/${runId}?mode=steps`);
    await expect(page.locator(".react-flow__node-step").first()).toBeVisible();
    // The story is mid-run: the lane label nodes, left of step 1, are out of view.
    await expect(page.locator(".react-flow__node-lane")).toHaveCount(0);
    const tags = page.getByTestId("pinned-lane-names").locator("[data-testid^=pinned-lane-]");
    await expect.poll(() => tags.count()).toBeGreaterThanOrEqual(3);
    const seen = await tags.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          text: el.textContent,
          px: parseFloat(getComputedStyle(el).fontSize),
          sticky: el.getAttribute("data-sticky") === "true",
          top: r.top,
          bottom: r.bottom,
          left: r.left,
          right: r.right,
        };
      }),
    );
    const steps = await page.locator(".react-flow__node-step").evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          top: r.top,
          bottom: r.bottom,
          left: r.left,
          right: r.right,
          agent: el.querySelector('[data-testid="node-label"]')?.textContent,
        };
      }),
    );
    const canvas = (await page.getByTestId("run-canvas").boundingBox())!;
    const search = (await page.getByTestId("step-search").boundingBox())!;
    for (const [i, tag] of seen.entries()) {
      expect(["planner", "researcher", "analyst", "writer", "reviewer"]).toContain(tag.text);
      expect(tag.px).toBeGreaterThanOrEqual(12);
      // At the left edge, or just right of the step search box when at its height; never under it.
      expect(tag.left).toBeLessThan(canvas.x + (tag.top < search.y + search.height ? 240 : 12));
      const clear = (b: { x: number; y: number; width: number; height: number }) =>
        b.x >= tag.right || b.x + b.width <= tag.left || b.y >= tag.bottom || b.y + b.height <= tag.top;
      expect(clear(search)).toBe(true);
      if (i > 0) expect(tag.top).toBeGreaterThan(seen[i - 1].bottom);
      // A row the top edge cuts has its tag over its own steps (checked below, once panned so).
      if (tag.sticky) continue;
      for (const s of steps)
        expect(s.left >= tag.right || s.right <= tag.left || s.top >= tag.bottom || s.bottom <= tag.top).toBe(true);
      // The row right below a tag is its lane: a step of that row belongs to the named agent.
      const row = steps.filter((s) => s.top > tag.bottom && s.top - tag.bottom < 4);
      for (const s of row) expect(s.agent).toBe(tag.text);
    }
    // Panned up until the top row's steps are cut by the canvas edge, that row keeps its name: its tag
    // sticks in the left column just below the search box, or, once less of the row is in view than
    // the box and a tag, at the top edge right of the box; over its own steps, the next tag below it.
    const first = seen.find((t) => !t.sticky)!;
    // The graph's own pane, below the canvas's mode and edge bar: the tags are placed against its edges.
    const pane = (await page.locator(".react-flow").boundingBox())!;
    const sticky = page.getByTestId("pinned-lane-names").locator("[data-sticky=true]");
    const next = page
      .getByTestId("pinned-lane-names")
      .locator("[data-testid^=pinned-lane-]:not([data-sticky])")
      .first();
    // Dragged from the empty gap a row's tag stands in, near the pane's right edge: no step is there.
    const pan = async (dy: number) => {
      const gap = (await next.boundingBox())!;
      const [x, y] = [pane.x + pane.width - 40, gap.y + gap.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y - dy, { steps: 5 });
      await page.mouse.up();
    };
    const stuck = async (where: "below the box" | "right of the box") => {
      await expect(sticky).toHaveCount(1);
      await expect(sticky).toHaveText(first.text!);
      const at = (await sticky.boundingBox())!;
      if (where === "below the box") {
        expect(at.y).toBeGreaterThanOrEqual(search.y + search.height);
        expect(at.x).toBeLessThan(canvas.x + 12);
      } else {
        expect(Math.abs(at.y - pane.y)).toBeLessThan(1);
        expect(at.x).toBeGreaterThanOrEqual(search.x + search.width);
      }
      const under = await page.locator(".react-flow__node-step").evaluateAll(
        (els, box) =>
          els
            .map((el) => ({
              r: el.getBoundingClientRect(),
              agent: el.querySelector('[data-testid="node-label"]')?.textContent,
            }))
            .filter(
              ({ r }) =>
                r.left < box.x + box.width && r.right > box.x && r.top < box.y + box.height && r.bottom > box.y,
            )
            .map(({ agent }) => agent),
        at,
      );
      for (const agent of under) expect(agent).toBe(first.text);
      expect((await next.boundingBox())!.y).toBeGreaterThan(at.y + at.height);
    };
    // The row's steps start 1 px below its tag: 4 px of them cut; then 45 px of them left in view, less
    // than the search box's 36 px and a tag's 13 together.
    await pan(first.bottom + 1 - pane.y + 4);
    await stuck("below the box");
    const row = await page
      .locator(".react-flow__node-step")
      .evaluateAll(
        (els, name) =>
          Math.max(
            ...els
              .filter((el) => el.querySelector('[data-testid="node-label"]')?.textContent === name)
              .map((el) => el.getBoundingClientRect().bottom),
          ),
        first.text,
      );
    await pan(row - (pane.y + 45));
    await stuck("right of the box");
    // Back at the run's first step the lane labels themselves are in view, and nothing is pinned.
    await page.getByTestId("step-search").fill("1");
    await page.getByTestId("step-search").press("Enter");
    await expect(page.locator(".react-flow__node-lane").first()).toBeVisible();
    await expect(page.getByTestId("pinned-lane-names")).toHaveCount(0);
    await page.close();
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
