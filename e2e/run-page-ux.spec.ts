import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { test, expect, type Page } from "@playwright/test";
import { demoTrace, uploadRun } from "./fixtures/upload-run";
import { openAgentsPanel, openInspector } from "./fixtures/side-panel";

/**
 * The run page answers at a glance (issue 24): one short sentence with a step number (no ids, no
 * nested parentheses), evidence quoted from the step, one culprit badge, suspects where the outcome
 * is unknown, a canvas that is the page's main surface, no sideways scroll, menus on screen, the
 * product's own 404, messages shown as messages, and a dark theme with the same meanings.
 */
test.describe.configure({ mode: "parallel", timeout: 120_000 });

const nonce = () => randomUUID().slice(0, 8);
const fixture = (rel: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), "test/fixtures/real", rel), "utf8"));
const HEX_ID = /\b[0-9a-f]{12,}\b/;
const STEP_TOKEN = /\bstep [a-z]+\d|\bs\d+\b|#\d/;

/** No '(' opened inside another '(' … ')'. */
function nested(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === "(") depth += 1;
    if (depth > 1) return true;
    if (c === ")") depth = Math.max(0, depth - 1);
  }
  return false;
}

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("the header says who, where and how in one short sentence on demo and real runs", async ({ page, request }) => {
  // Six uploads and analyses in one test: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const traces = [
    demoTrace("pipeline-false-success.json", nonce()),
    demoTrace("orchestrator-bad-delegation.json", nonce()),
    demoTrace("shared-memory-corruption.json", nonce()),
    demoTrace("voting-ensemble-composed.json", nonce()),
    fixture("agent-prism/langfuse-2.langfuse-export.json"),
    fixture("chat/drone-training-line1.json"),
  ];
  for (const trace of traces) {
    const runId = await uploadRun(request, trace);
    await page.goto(`/runs/${runId}`);
    const sentence = (await page.getByTestId("verdict").textContent())!;
    expect(sentence.length, sentence).toBeLessThanOrEqual(160);
    expect(sentence, sentence).not.toMatch(HEX_ID);
    expect(sentence, sentence).not.toMatch(STEP_TOKEN);
    expect(nested(sentence), sentence).toBe(false);
    expect(sentence, sentence).not.toMatch(/exposure prior|minimal joint repair|overdetermined|value provenance/);
    expect(await sideways(page)).toBe(0);
  }
});

test("the sentence links the step by its number; evidence quotes the step and is marked in the inspector", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, demoTrace("pipeline-false-success.json", nonce()));
  await page.goto(`/runs/${runId}`);
  // The decisive step s3 is the trace's fourth step.
  await expect(page.getByTestId("verdict")).toHaveText(/^Researcher \(step 4\) stated 1532 /);
  const quote = page.getByTestId("verdict-evidence").getByTestId("evidence-quote").first();
  await expect(quote).toHaveText("1532");
  await page.getByTestId("verdict-step").click();
  await expect(page).toHaveURL(/[?&]step=s3(&|$)/);
  await expect(page.getByTestId("inspector-title")).toHaveText("Step 4 · Researcher");
  // Every quote of the evidence is marked: the value, and the claim the step opened with.
  const marks = page.getByTestId("step-content").getByTestId("evidence-highlight");
  await expect(marks.filter({ hasText: /^1532$/ })).toHaveCount(1);
  await expect(marks.filter({ hasText: /^Successfully retrieved both figures/ })).toHaveCount(1);
  // The id is only in the (closed) details: not in what the inspector renders.
  expect(await page.getByTestId("inspector").evaluate((el) => (el as HTMLElement).innerText)).not.toMatch(/\bs3\b/);
  await page.getByTestId("step-ids").locator("summary").click();
  await expect(page.getByTestId("step-ids")).toContainText("s3");
  // The engine's findings in plain words: percentages, no P(bad), the method behind a toggle.
  const engine = page.getByTestId("inspector-engine");
  await expect(engine.getByTestId("engine-fault")).toHaveText(/^\d+%$/);
  await expect(engine.getByTestId("engine-fix")).toHaveText(/^the outcome changes/);
  await page.goto(`/runs/${runId}?step=s5`);
  await expect(page.getByTestId("inspector-title")).toHaveText("Step 6 · Writer");
  await expect(engine.getByTestId("engine-wrong")).toHaveText(/^(\d+|<1|>99)%$/);
  await expect(engine).toContainText("chance this step is wrong");
  await expect(engine).not.toContainText("P(bad)");
  await expect(engine.getByTestId("engine-method")).not.toHaveAttribute("open");
  await engine.getByTestId("engine-method").locator("summary").click();
  await expect(engine.getByTestId("engine-method")).toContainText("noisy-OR");
  // "Why this verdict" explains in plain words.
  await page.getByTestId("why-verdict").locator("summary").click();
  await expect(page.getByTestId("why-verdict")).toContainText("traced each value in the final answer back");
  // The agent's numbers read as shares too.
  await page.getByTestId("verdict-agent").click();
  await expect(page.getByTestId("inspector")).toHaveAttribute("data-agent", "Researcher");
  await expect(page.getByTestId("inspector")).toContainText(/share of the blame\s*\d+%/);
  await expect(page.getByTestId("inspector")).toContainText(/responsibility\s*(full|none|1 in \d+)/);
});

test("one culprit badge: co-culprits said as such, the same on the blame bars and the Agents canvas", async ({
  page,
  request,
}) => {
  const runId = await uploadRun(request, demoTrace("voting-ensemble-composed.json", nonce()));
  await page.goto(`/runs/${runId}`);
  await openAgentsPanel(page);
  const bars = page.getByTestId("blame-bars");
  await expect(bars.locator('[data-standing="culprit"]')).toHaveCount(1);
  await expect(bars.locator('[data-standing="co-culprit"]')).toHaveCount(1);
  await expect(page.getByTestId("co-culprits")).toContainText("SolverB");
  await page.getByTestId("mode-agents").click();
  await expect(page.locator('[data-standing="culprit"][data-testid^="agent-node-"]')).toHaveCount(1);
  await expect(page.getByTestId("agent-node-SolverA")).toHaveAttribute("data-standing", "culprit");
  await expect(page.getByTestId("agent-node-SolverB")).toHaveAttribute("data-standing", "co-culprit");
});

test("an unknown outcome names a suspect, never a root cause", async ({ page, request }) => {
  const runId = await uploadRun(request, fixture("chat/drone-training-line1.json"));
  await page.goto(`/runs/${runId}`);
  // An unknown outcome is undetermined: suspects, ranked, never a root cause.
  await expect(page.getByTestId("verdict")).toHaveText(/^Outcome unknown; .*suspects?: /i);
  await expect(page.getByTestId("verdict")).not.toContainText("root cause");
  await expect(page.getByTestId("verdict-header")).not.toContainText("did not fail");
  // The canvas says the same: no step is a root cause; the suspect the header names first is "suspect 1".
  const canvas = page.getByTestId("run-canvas");
  await expect(canvas.locator('[data-mark="suspect"]').first()).toBeVisible();
  await expect(canvas.locator('[data-mark="origin"]')).toHaveCount(0);
  await expect(canvas).not.toContainText(/root cause/i);
  const first = canvas.locator('[data-suspect-rank="1"]');
  await expect(first).toContainText("? suspect 1");
  const named = (await page.getByTestId("verdict-step").textContent())!;
  await expect(first).toHaveAttribute("data-step-number", named.replace("step ", ""));
  await page.getByTestId("legend-toggle").click();
  await expect(page.getByTestId("canvas-legend")).toContainText("? suspect 1");
  await expect(page.getByTestId("canvas-legend")).not.toContainText(/root cause/i);
  // `d` goes to the top suspect, and the inspector calls it suspect 1.
  await page.getByTestId("goto-decisive").click();
  await openInspector(page);
  await expect(page.getByTestId("inspector-title")).toHaveText(new RegExp(`^S${named.slice(1)} · `));
  await expect(page.getByTestId("inspector-mark")).toHaveText("? suspect 1");
  await expect(page.getByTestId("inspector")).not.toContainText(/root cause/i);
  await openAgentsPanel(page);
  await expect(page.getByTestId("blame-bars").locator('[data-standing="culprit"]')).toHaveCount(0);
  await expect(page.getByTestId("blame-bars").locator('[data-standing="suspect"]')).toHaveCount(1);
  await page.goto("/");
  const row = page.getByTestId("runs-table").locator(`tr[data-run-id="${runId}"]`);
  await expect(row.getByTestId("run-culprit")).toHaveText(/^\? /);
});

test("several suspects are ranked on the canvas as the header ranks them", async ({ page, request }) => {
  const trace = demoTrace("pipeline-false-success.json", nonce());
  (trace.run as { outcome: string }).outcome = "unknown";
  const runId = await uploadRun(request, trace);
  await page.goto(`/runs/${runId}`);
  // "Top suspects: Researcher (step 4, …) and Analyst (step 5, …)": suspect 1 and suspect 2, in that order.
  const verdict = (await page.getByTestId("verdict").textContent())!;
  const named = [...verdict.matchAll(/(\w+) \(step (\d+)/g)].map((m) => [m[1], m[2]]);
  expect(named.length, verdict).toBe(2);
  const canvas = page.getByTestId("run-canvas");
  await expect(canvas.locator('[data-mark="origin"]')).toHaveCount(0);
  for (const [rank, [agent, number]] of named.entries()) {
    const node = canvas.locator(`[data-suspect-rank="${rank + 1}"]`);
    await expect(node).toHaveAttribute("data-step-number", number);
    await expect(node).toContainText(agent);
    await expect(node).toContainText(`? suspect ${rank + 1}`);
  }
  // Every ranked suspect's agent stands as a suspect, none as culprit or victim.
  await openAgentsPanel(page);
  const bars = page.getByTestId("blame-bars");
  await expect(bars.locator('[data-standing="culprit"], [data-standing="victim"]')).toHaveCount(0);
  await expect(bars.locator('[data-standing="suspect"]').first()).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
])
  test(`layout at ${viewport.width}×${viewport.height}: canvas is the main surface, compact header, no sideways scroll, menus on screen`, async ({
    browser,
    request,
  }) => {
    const page = await browser.newPage({ viewport });
    const long = demoTrace("pipeline-false-success.json", nonce());
    (long.run as { title: string }).title =
      `${"A very long run title that goes on and on about the quarterly sales brief ".repeat(3)}${nonce()}`;
    const runId = await uploadRun(request, long);
    await page.goto(`/runs/${runId}`);
    await expect(page.locator(".react-flow__node").first()).toBeVisible();
    expect(await sideways(page)).toBe(0);
    const canvas = (await page.getByTestId("canvas-panel").boundingBox())!;
    const visible =
      Math.max(0, Math.min(canvas.y + canvas.height, viewport.height) - Math.max(canvas.y, 0)) * canvas.width;
    expect(visible / (viewport.width * viewport.height)).toBeGreaterThanOrEqual(0.35);
    expect((await page.getByTestId("verdict-header").boundingBox())!.height).toBeLessThanOrEqual(170);
    // The timeline is on screen, not below the fold.
    const timeline = (await page.getByTestId("timeline").boundingBox())!;
    expect(timeline.y).toBeLessThan(viewport.height);
    for (const id of ["compare-with", "export-menu", "share-menu"]) {
      await page.getByTestId(id).click();
      const panel = (await page.getByTestId(`${id}-panel`).boundingBox())!;
      expect(panel.x, id).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width, id).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press("Escape");
    }
    await page.goto("/");
    await expect(page.getByTestId("runs-table")).toBeVisible();
    expect(await sideways(page)).toBe(0);
    // One line per row, however long the title.
    const row = (await page.getByTestId("runs-table").locator(`tr[data-run-id="${runId}"]`).boundingBox())!;
    expect(row.height).toBeLessThan(60);
    await page.close();
  });

test("unknown runs and share links get the product's own page", async ({ page }) => {
  for (const url of [
    "/runs/00000000-0000-0000-0000-000000000000",
    "/runs/not-a-run",
    "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "/no-such-page",
  ]) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByTestId("not-found"), url).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/^404$/);
  }
  await page.goto("/runs/not-a-run");
  await expect(page.getByTestId("not-found")).toContainText("Run not found");
  await page.getByRole("link", { name: "Back to runs" }).click();
  await expect(page.getByTestId("runs-table").or(page.getByTestId("empty-state"))).toBeVisible();
});

test("step content shows as messages: roles, speakers, tool calls, a repr's text, the raw payload behind a toggle", async ({
  page,
  request,
}) => {
  const transcript = JSON.stringify([
    { role: "system", content: "You are the planner." },
    {
      role: "assistant",
      content: "Use `search` first.\n```python\nprint('<b>not html</b>')\n```",
      tool_calls: [{ function: { name: "search", arguments: '{"q":"osaka"}' } }],
    },
  ]);
  const repr =
    "TextMessage(id='9f1c2e', source='WebSurfer', models_usage=None, metadata={}, content='The page says **2005**.', type='TextMessage')";
  const trace = {
    schema: "culprit.trace/v1",
    run: { title: `messages ${nonce()}`, outcome: "failure" },
    agents: [{ name: "Planner" }, { name: "WebSurfer" }],
    steps: [
      { id: "m1", agent: "Planner", kind: "llm", content: transcript },
      { id: "m2", agent: "WebSurfer", kind: "message", content: repr },
    ],
    edges: [{ from: "m1", to: "m2", kind: "message" }],
  };
  const runId = await uploadRun(request, trace);
  await page.goto(`/runs/${runId}?step=m1`);
  const content = page.getByTestId("step-content");
  await expect(content.getByTestId("message")).toHaveCount(2);
  await expect(content.getByTestId("message").first()).toHaveAttribute("data-role", "system");
  await expect(content.getByTestId("tool-call")).toContainText("search");
  await expect(content.locator("pre code").first()).toContainText("print('<b>not html</b>')");
  await expect(content.locator("b")).toHaveCount(0);
  await content.getByTestId("raw-toggle").click();
  await expect(content.getByTestId("raw-payload")).toContainText('"role":"system"');

  await page.goto(`/runs/${runId}?step=m2`);
  const repr2 = page.getByTestId("step-content");
  await expect(repr2.getByTestId("message")).toContainText("WebSurfer");
  await expect(repr2.locator("strong", { hasText: "2005" })).toHaveCount(1);
  await expect(repr2).not.toContainText("models_usage");
});

test("dark theme follows the system setting with the same colour meanings", async ({ browser, request }) => {
  const runId = await uploadRun(request, demoTrace("pipeline-false-success.json", nonce()));
  const colours = async (scheme: "light" | "dark") => {
    const page = await browser.newPage({ colorScheme: scheme });
    await page.goto(`/runs/${runId}`);
    await expect(page.getByTestId("verdict")).toBeVisible();
    const read = await page.evaluate(() => {
      const css = (el: Element | null, prop: string) => (el ? getComputedStyle(el).getPropertyValue(prop) : "");
      const badge = document.querySelector(".badge.failure");
      return {
        bg: css(document.body, "background-color"),
        text: css(document.querySelector('[data-testid="verdict"]'), "color"),
        badge: css(badge, "color"),
      };
    });
    await page.close();
    return read;
  };
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb.match(/\d+/g)!.slice(0, 3).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const light = await colours("light");
  const dark = await colours("dark");
  expect(luminance(light.bg)).toBeGreaterThan(200);
  expect(luminance(dark.bg)).toBeLessThan(60);
  expect(luminance(dark.text)).toBeGreaterThan(luminance(dark.bg) + 100);
  // A failure is red in both themes.
  for (const c of [light.badge, dark.badge]) {
    const [r, g, b] = c.match(/\d+/g)!.slice(0, 3).map(Number);
    expect(r).toBeGreaterThan(g + 40);
    expect(r).toBeGreaterThan(b + 40);
  }
});
