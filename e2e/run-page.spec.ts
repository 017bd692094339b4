import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { test, expect } from "@playwright/test";
import { demoTrace, uploadRun } from "./fixtures/upload-run";
import { hostileTrace, HOSTILE_IMG, HOSTILE_SCRIPT } from "./fixtures/hostile-trace";
import { openAgentsPanel } from "./fixtures/side-panel";

const nonce = () => randomUUID().slice(0, 8);

// Each test uploads and reads its own run, so they may run on different workers at once: in one
// worker, one after another, this file (about 60 s) was the last to finish.
test.describe.configure({ mode: "parallel" });

test("run page: verdict, decisive step, evidence, permalink, screenshot", async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const runId = await uploadRun(request, demoTrace("pipeline-false-success.json", nonce()));
  await page.goto(`/runs/${runId}`);

  await expect(page.getByTestId("verdict")).not.toBeEmpty();
  const decisive = page.locator('[data-decisive="true"]');
  await expect(decisive).toHaveCount(1);
  await expect(decisive).toBeVisible();
  const decisiveId = (await decisive.getAttribute("data-testid"))!.replace("step-node-", "");
  await expect(page.getByTestId("canvas-legend")).toBeVisible();

  // Clicking the node shows its evidence; an evidence link selects what it points at.
  await decisive.click();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${decisiveId}(&|$)`));
  const inspector = page.getByTestId("inspector");
  await expect(inspector).toHaveAttribute("data-step", decisiveId);
  await expect(inspector.getByTestId("detector").first()).toBeVisible();
  const evidence = inspector.getByTestId("evidence-link").first();
  const target = (await evidence.getAttribute("data-select"))!;
  await evidence.click();
  const [type, id] = [target.slice(0, target.indexOf(":")), target.slice(target.indexOf(":") + 1)];
  await expect(page.getByTestId("inspector")).toHaveAttribute(`data-${type}`, id);

  // Filters and mode are part of the permalink too.
  await page.getByTestId("kind-filter-state").click();
  await page.getByTestId("step-node-" + decisiveId).click();

  // One capture, two copies (the test's output and e2e/artifacts): a full-page screenshot is paid for
  // by the browser each time.
  const shot = testInfo.outputPath("run-page.png");
  await page.screenshot({ path: shot, fullPage: true });
  fs.mkdirSync(path.join(process.cwd(), "e2e/artifacts"), { recursive: true });
  fs.copyFileSync(shot, path.join(process.cwd(), "e2e/artifacts/run-page.png"));

  // "Copy link" copies the URL; a fresh browser context restores the same selection and filters.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.getByTestId("copy-link").click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  expect(copied).toContain("kinds=");
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(copied);
  await expect(other.getByTestId("inspector")).toHaveAttribute("data-step", decisiveId);
  await expect(other.getByTestId("kind-filter-state")).toHaveAttribute("aria-pressed", "false");
  await expect(other.locator(".react-flow__node.selected")).toHaveCount(1);
  await fresh.close();
});

test("keyboard: f jumps to the first error, j/k step through", async ({ page, request }) => {
  const runId = await uploadRun(request, demoTrace("pipeline-false-success.json", nonce()));
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId("run-canvas")).toBeVisible();
  await page.locator("body").press("f");
  await expect(page).toHaveURL(/[?&]step=/);
  const first = new URL(page.url()).searchParams.get("step");
  await page.locator("body").press("j");
  await expect.poll(() => new URL(page.url()).searchParams.get("step")).not.toBe(first);
  await page.locator("body").press("k");
  await expect.poll(() => new URL(page.url()).searchParams.get("step")).toBe(first);
});

test("share link: read-only without credentials, 404 after revoke", async ({ page, request, browser }) => {
  const runId = await uploadRun(request, demoTrace("shared-memory-corruption.json", nonce()));
  await page.goto(`/runs/${runId}`);
  await page.getByTestId("share-menu").click();
  await page.getByTestId("create-share-link").click();
  const shareUrl = await page.getByTestId("share-url").inputValue();
  expect(shareUrl).toMatch(/\/s\/[A-Za-z0-9_-]{32}/);

  const anonymous = await browser.newContext({ extraHTTPHeaders: {} });
  const viewer = await anonymous.newPage();
  const ok = await viewer.goto(shareUrl);
  expect(ok?.status()).toBe(200);
  await expect(viewer.getByTestId("read-only-badge")).toBeVisible();
  await expect(viewer.getByTestId("verdict")).not.toBeEmpty();
  await expect(viewer.getByTestId("rerun-analysis")).toHaveCount(0);
  await expect(viewer.getByTestId("label-form")).toHaveCount(0);
  // The page's body (steps, report) comes through the token too, and carries no run id.
  const bodyUrl = new URL(shareUrl);
  bodyUrl.pathname += "/view";
  bodyUrl.search = "";
  const body = await viewer.request.get(bodyUrl.href);
  expect(body.status()).toBe(200);
  expect(await body.text()).not.toContain(runId);

  await page.reload();
  await page.getByTestId("share-menu").click();
  await page.getByTestId("revoke-share-link").first().click();
  await expect(page.getByTestId("revoke-share-link")).toHaveCount(0);
  const gone = await viewer.goto(shareUrl);
  expect(gone?.status()).toBe(404);
  expect((await viewer.request.get(bodyUrl.href)).status()).toBe(404);
  const unknown = await viewer.goto("/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(unknown?.status()).toBe(404);
  await anonymous.close();
});

test("human label: saved, and the page says whether the engine agrees", async ({ page, request }) => {
  const runId = await uploadRun(request, demoTrace("orchestrator-bad-delegation.json", nonce()));
  await page.goto(`/runs/${runId}`);
  const decisive = page.locator('[data-decisive="true"]');
  const decisiveId = (await decisive.getAttribute("data-testid"))!.replace("step-node-", "");
  await decisive.click();
  await openAgentsPanel(page);
  const form = page.getByTestId("label-form");
  await expect(form.locator('input[name="stepId"]')).toHaveValue(decisiveId);
  await form.locator("textarea").fill("checked by hand");
  await form.getByTestId("label-submit").click();
  const label = page.getByTestId("label").filter({ hasText: "checked by hand" });
  await expect(label).toHaveCount(1);
  await expect(label.getByTestId("label-step-agreement")).toHaveAttribute("data-value", "agrees");
});

test("exports: report JSON, Markdown postmortem, training JSONL", async ({ request }) => {
  const runId = await uploadRun(request, demoTrace("voting-ensemble-composed.json", nonce()));
  const report = await request.get(`/api/runs/${runId}/report`);
  expect(report.status()).toBe(200);
  const body = await report.json();
  expect(Array.isArray(body.agents)).toBe(true);
  const md = await request.get(`/api/runs/${runId}/postmortem?download=1`);
  expect(md.headers()["content-disposition"]).toContain(".md");
  expect(await md.text()).toContain("## Verdict");
  const jsonl = await request.get(`/api/runs/${runId}/training`);
  expect(jsonl.status()).toBe(200);
  for (const line of (await jsonl.text()).split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  expect((await request.get(`/api/runs/00000000-0000-0000-0000-000000000000/report`)).status()).toBe(404);
});

test("menus: Export, Share and Compare with… are one dropdown: Escape closes it and gives focus back, a click outside closes it", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, demoTrace("voting-ensemble-composed.json", nonce()));
  await page.goto(`/runs/${runId}`);
  for (const id of ["export-menu", "share-menu", "compare-with"]) {
    const button = page.getByTestId(id);
    const panel = page.getByTestId(`${id}-panel`);
    await button.click();
    await expect(panel).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
    await button.click();
    await expect(panel).toBeVisible();
    await page.getByTestId("verdict-header").click({ position: { x: 5, y: 5 } });
    await expect(panel).toHaveCount(0);
  }
  await page.getByTestId("compare-with").click();
  await expect(page.getByTestId("compare-with-panel")).toHaveAttribute("role", "menu");
  await expect(page.getByTestId("compare-with-panel").getByRole("menuitem").last()).toHaveText("Choose another run…");
});

test("hostile trace content renders as text and runs nothing", async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const runId = await uploadRun(request, hostileTrace(nonce()));
  await page.goto(`/runs/${runId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(HOSTILE_IMG);
  await page.getByTestId("step-node-h2").click();
  await expect(page.getByTestId("step-content")).toContainText(HOSTILE_IMG);
  await expect(page.getByTestId("step-content")).toContainText(HOSTILE_SCRIPT);
  await page.locator("body").press("k"); // previous step: h1, whose name and error carry the script tag
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-step", "h1");
  await expect(page.getByTestId("inspector")).toContainText(HOSTILE_SCRIPT);
  await expect(page.getByTestId("step-node-h1")).toBeInViewport();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  // The RSC payload carries the text as data; what must never exist is a script element made of it.
  expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.trim() === "alert(2)"))).toBe(
    false,
  );
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});
