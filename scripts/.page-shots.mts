import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "/work/wt/page/e2e/browser.ts";
const base = process.env.BASE ?? "http://127.0.0.1:4105";
const [, , out = "/tmp/page", ...paths] = process.argv;
const sizes = (process.env.SIZES ?? "1440x900,1280x720").split(",").map((s) => s.split("x").map(Number));
const launch = await chromiumLaunchOptions();
const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.args });
for (const [w, h] of sizes) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: (process.env.SCHEME as "dark") ?? "light" });
  for (const p of paths) {
    const [url, name] = p.split("=");
    await page.goto(base + url, { waitUntil: "load", timeout: 180000 });
    await page.waitForSelector(process.env.SEL ?? "main", { timeout: 180000 }).catch(() => {});
    await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
    const m = await page.evaluate(() => {
      const c = document.querySelector('[data-testid="canvas-panel"] .react-flow') ?? document.querySelector('[data-testid="canvas-panel"]');
      const r = c?.getBoundingClientRect();
      const vis = r ? Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) * Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) : 0;
      const hdr = document.querySelector('[data-testid="verdict-header"]')?.getBoundingClientRect();
      return { sw: document.documentElement.scrollWidth, cw: innerWidth, sh: document.documentElement.scrollHeight, canvasPct: Math.round((vis / (innerWidth * innerHeight)) * 1000) / 10, header: hdr ? Math.round(hdr.height) : null, verdict: document.querySelector('[data-testid="verdict"]')?.textContent ?? null };
    });
    console.log(`${w}x${h} ${name}`, JSON.stringify(m));
    await page.screenshot({ path: `${out}/${name}-${w}x${h}.png` });
  }
  await page.close();
}
await browser.close();
