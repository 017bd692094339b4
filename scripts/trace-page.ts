/**
 * `npx tsx scripts/trace-page.ts <url> [selector]`: a Chromium performance trace of a page's first
 * render (navigation until `selector`, default the first React Flow node), summarized as main-thread
 * time per trace event kind (HTML parsing, script compile and evaluation, style, layout, paint, GC)
 * and a timeline of the long tasks. Complements scripts/profile-page.ts (JS self time per chunk).
 */
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../e2e/browser";

const [url, selector = ".react-flow__node"] = process.argv.slice(2);
if (!url) throw new Error("usage: tsx scripts/trace-page.ts <url> [selector]");

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string } };
}

const browser = await chromium.launch(await chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline"],
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForSelector(selector, { timeout: 120_000 });
  const buf = await browser.stopTracing();
  const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // The renderer main thread: the thread that ran the most RunTask time.
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X");
  const perThread = new Map<string, number>();
  for (const t of tasks) perThread.set(`${t.pid}:${t.tid}`, (perThread.get(`${t.pid}:${t.tid}`) ?? 0) + (t.dur ?? 0));
  const nav =
    events.find((e) => e.name === "navigationStart") ?? events.find((e) => e.name === "TracingStartedInBrowser");
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0][0];
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && e.dur);
  const names = [
    "ParseHTML",
    "EvaluateScript",
    "v8.compile",
    "v8.compileModule",
    "FunctionCall",
    "TimerFire",
    "FireAnimationFrame",
    "RunMicrotasks",
    "UpdateLayoutTree",
    "Layout",
    "Paint",
    "PrePaint",
    "Layerize",
    "MajorGC",
    "MinorGC",
    "V8.GC_SCAVENGER",
    "EventDispatch",
    "XHRReadyStateChange",
    "ParseAuthorStyleSheet",
  ];
  const sum = new Map<string, number>();
  for (const e of mine) if (names.includes(e.name)) sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur! / 1000);
  const t0 = nav?.ts ?? Math.min(...mine.map((e) => e.ts));
  console.log("main thread time per event kind (ms; nested kinds overlap):");
  for (const [k, v] of [...sum].sort((a, b) => b[1] - a[1])) console.log(`${v.toFixed(0).padStart(7)}  ${k}`);
  console.log("\nlong tasks (> 50 ms), start ms since navigation, duration, what:");
  for (const t of mine.filter((e) => e.name === "RunTask" && e.dur! > 50_000)) {
    const inside = mine.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur! && names.includes(e.name));
    const top = [
      ...inside.reduce(
        (m, e) =>
          m.set(
            e.name + (e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, "")}` : ""),
            (m.get(e.name + (e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, "")}` : "")) ?? 0) +
              e.dur! / 1000,
          ),
        new Map<string, number>(),
      ),
    ]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ");
    console.log(`${((t.ts - t0) / 1000).toFixed(0).padStart(7)}  ${(t.dur! / 1000).toFixed(0).padStart(5)}  ${top}`);
  }
} finally {
  await browser.close();
}
