#!/usr/bin/env node
/**
 * Measures what a person sees on a run page's first canvas frame: how many nodes are in view with
 * their main label rendered at ≥ 11 px and ≥ 12 px on screen (computed font size × the canvas zoom),
 * and the canvas's share of the viewport. For the owners' readability check (issue 24), in Chromium.
 *
 *   node scripts/measure-first-view.mjs http://127.0.0.1:3000 <runId>[,<query>] … [--shots DIR]
 *
 * Viewports: 1440×900, 1280×720, 1920×1080. Prints one JSON line per run and viewport.
 */
import { chromium } from "@playwright/test";

const [base, ...rest] = process.argv.slice(2);
const shotsAt = rest.indexOf("--shots");
const shots = shotsAt >= 0 ? rest[shotsAt + 1] : null;
const runs = rest.filter((_, i) => shotsAt < 0 || (i !== shotsAt && i !== shotsAt + 1));
const VIEWPORTS = [
  [1440, 900],
  [1280, 720],
  [1920, 1080],
];

const browser = await chromium.launch({
  executablePath: process.env.CULPRIT_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
for (const spec of runs) {
  const [runId, query = ""] = spec.split(",");
  for (const [width, height] of VIEWPORTS) {
    const page = await browser.newPage({ viewport: { width, height } });
    const at = { runId, query, viewport: `${width}x${height}` };
    try {
      await page.goto(`${base}/runs/${runId}${query ? `?${query}` : ""}`, { timeout: 120_000 });
      await page.locator(".react-flow__node").first().waitFor({ timeout: 120_000 });
      await page.waitForTimeout(800);
      console.log(JSON.stringify({ ...at, ...(await page.evaluate(measure)) }));
      const name = `${runId.slice(0, 8)}${query ? `-${query.replace(/[^a-z0-9]+/gi, "_")}` : ""}-${width}x${height}.png`;
      if (shots) await page.screenshot({ path: `${shots}/${name}` });
    } catch (err) {
      // A busy machine can time a page out: say so for that page and go on with the others.
      console.log(JSON.stringify({ ...at, error: String(err).split("\n")[0] }));
    }
    await page.close();
  }
}
await browser.close();

function measure() {
  const canvas = document.querySelector('[data-testid="run-canvas"]');
  const box = canvas.getBoundingClientRect();
  const vp = document.querySelector(".react-flow__viewport");
  const zoom = new DOMMatrixReadOnly(getComputedStyle(vp).transform).a;
  const sizes = [];
  for (const label of canvas.querySelectorAll('.react-flow__node [data-testid="node-label"]')) {
    const r = label.getBoundingClientRect();
    const inside =
      r.width > 0 && r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    if (inside) sizes.push(parseFloat(getComputedStyle(label).fontSize) * zoom);
  }
  sizes.sort((a, b) => a - b);
  const round = (x) => Math.round(x * 10) / 10;
  return {
    mode: canvas.dataset.mode,
    zoom: round(zoom * 100) / 100,
    labelsInView: sizes.length,
    readable11: sizes.filter((s) => s >= 11).length,
    readable12: sizes.filter((s) => s >= 12).length,
    minPx: sizes.length ? round(sizes[0]) : null,
    canvasShare: round((100 * box.width * box.height) / (innerWidth * innerHeight)),
    canvasPx: `${Math.round(box.width)}x${Math.round(box.height)}`,
  };
}
