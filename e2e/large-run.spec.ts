import { randomUUID } from "node:crypto";
import { test, expect } from "@playwright/test";
import { suiteNonce, uploadRun } from "./fixtures/upload-run";
import { readCanvasWatch, WATCH_CANVAS } from "./fixtures/canvas-watch";

/**
 * A failed run of `steps` steps: four agents working in bursts of five, one error near the middle.
 * Its title carries `nonce`: the two tests that only read a 1,200-step run pass the suite's nonce
 * (suiteNonce), so that run is stored and analysed once even when they run in different workers.
 */
function longRun(steps: number, nonce = randomUUID().slice(0, 8)) {
  const agents = ["planner", "coder", "tester", "writer"].map((name) => ({ name }));
  const list = [];
  const edges = [];
  for (let i = 0; i < steps; i++) {
    const agent = agents[Math.floor(i / 5) % agents.length].name;
    const failed = i === Math.floor(steps / 2);
    list.push({
      id: `s${i}`,
      agent,
      kind: i === steps - 1 ? "final" : "message",
      content: `Step ${i} by ${agent}: part ${i % 13}`,
      status: failed ? "error" : "ok",
      ...(failed ? { error: { message: "503 Service Unavailable" } } : {}),
    });
    if (i > 0) edges.push({ from: `s${i - 1}`, to: `s${i}`, kind: "message" });
  }
  return {
    schema: "culprit.trace/v1",
    run: { title: `large-run e2e ${nonce}`, outcome: "failure" },
    agents,
    steps: list,
    edges,
  };
}

test("a collapsed group expanded on the canvas is in the URL and stays expanded after a reload", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, longRun(1_200, suiteNonce()));
  // Open on an early step: the canvas centres it, and the quiet steps around it are collapsed into
  // groups (where the verdict's own story sits depends on the engine, not on this feature).
  await page.goto(`/runs/${runId}?mode=steps&step=s100`);
  await expect(page.getByTestId("collapsed-notice")).toBeVisible();
  const group = page.getByTestId("group-node").first();
  await expect(group).toBeVisible();
  const groupId = (await group
    .locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' react-flow__node ')]")
    .getAttribute("data-id"))!;
  expect(groupId).toMatch(/^group:/);
  // Clicked by its id: react-flow may reorder its nodes, so `.first()` could name another group by now.
  await page.locator(`.react-flow__node[data-id="${groupId}"]`).getByTestId("group-node").click();
  await expect(page.locator(`.react-flow__node[data-id="${groupId}"]`)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`[?&]open=${encodeURIComponent(encodeURIComponent(groupId))}(&|$)`));
  await page.reload();
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  // The reloaded page parsed the expansion and writes it back (an unknown or dropped id would vanish).
  await expect(page).toHaveURL(new RegExp(`[?&]open=${encodeURIComponent(encodeURIComponent(groupId))}(&|$)`));
  await expect(page.locator(`.react-flow__node[data-id="${groupId}"]`)).toHaveCount(0);
});

test("a collapsed canvas draws its opening view in its first frame: the selected step in view, no jump after", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, longRun(1_200, suiteNonce()));
  await page.addInitScript(WATCH_CANVAS);
  await page.goto(`/runs/${runId}?mode=steps&step=s100`);
  await expect(page.getByTestId("collapsed-notice")).toBeVisible();
  await expect(page.locator('.react-flow__node[data-id="s100"]')).toBeVisible();
  // Time for a fit that would come after the first nodes (a jump) to happen.
  await page.waitForTimeout(1000);
  const watch = await readCanvasWatch(page);
  // The first frame with nodes in the canvas already shows the opening view around the selected
  // step (not the run's first steps at zoom 1, later replaced), and the viewport stays put.
  expect(watch.firstNodeIds).toContain("s100");
  expect(watch.lastViewportChange).not.toBeNull();
  expect(watch.lastViewportChange!).toBeLessThanOrEqual(watch.firstNodeInView!);
});

test("a large run's page carries a window of its steps; brushing elsewhere on the timeline loads that window", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, longRun(4_000));
  // The first view's bytes, bounded: the page's HTML plus the body it preloads (decision 0019).
  const html = await (await request.get(`/runs/${runId}`)).text();
  const bodyUrl = /<link rel="preload" as="fetch" href="([^"]+)"/.exec(html)![1].replaceAll("&amp;", "&");
  const body = await request.get(bodyUrl);
  expect(body.status()).toBe(200);
  expect(html.length + (await body.body()).length).toBeLessThan(2 * 1024 * 1024);
  await page.goto(`/runs/${runId}?mode=steps`);
  const loaded = page.getByTestId("timeline-window");
  await expect(loaded).toContainText("of 4,000 loaded");
  const before = await loaded.textContent();
  // Brush the first tenth of the timeline: the window moves to the brushed range's start.
  const box = (await page.getByTestId("timeline").boundingBox())!;
  const x0 = box.x + 115;
  await page.mouse.move(x0, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(x0 + (box.width - 115) * 0.05, box.y + 8, { steps: 4 });
  await page.mouse.up();
  await expect(page).toHaveURL(/[?&]range=\d+-\d+/);
  // The URL names step numbers as the timeline shows them (1-based).
  const lo = Number(/[?&]range=(\d+)-/.exec(page.url())![1]);
  expect(lo).toBeLessThan(400);
  await expect(loaded).not.toHaveText(before!);
  await expect(loaded).toContainText(`steps ${lo}–`);
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
});
