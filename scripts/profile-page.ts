/**
 * `npx tsx scripts/profile-page.ts <url> [selector]`: where a page's first render spends its main
 * thread time, in real Chromium. Records a CPU profile from navigation until `selector` (default: the
 * first React Flow node) is painted, then prints the self time per script (bundle chunk) and the
 * functions with the most self time. Used to find what the run page's first render costs (issue #15).
 */
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/browser";

const [url, selector = ".react-flow__node"] = process.argv.slice(2);
if (!url) throw new Error("usage: tsx scripts/profile-page.ts <url> [selector]");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const browser = await chromium.launch(await chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForSelector(selector, { timeout: 120_000 });
  const wall = Date.now() - t0;
  const { profile } = (await cdp.send("Profiler.stop")) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const perScript = new Map<string, number>();
  const perFn = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const script = f.url ? f.url.replace(/^.*\/_next\//, "") : `(${f.functionName || "native"})`;
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
    const fn = `${f.functionName || "(anonymous)"} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    perFn.set(fn, (perFn.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join("\n");
  const busy = [...self]
    .filter(([id]) => byId.get(id)!.callFrame.functionName !== "(idle)")
    .reduce((a, [, v]) => a + v, 0);
  console.log(
    `wall ${wall} ms until ${selector}; main thread busy ${busy.toFixed(0)} ms\n\nself time per script:\n${top(perScript, 15)}\n\nfunctions:\n${top(perFn, 25)}`,
  );
} finally {
  await browser.close();
}
