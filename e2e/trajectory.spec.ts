import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { test, expect } from "@playwright/test";
import { openAgentsPanel, openInspector } from "./fixtures/side-panel";
import { demoTrace, uploadRun } from "./fixtures/upload-run";

const nonce = () => randomUUID().slice(0, 8);
const artifact = (name: string) => {
  fs.mkdirSync(path.join(process.cwd(), "e2e/artifacts"), { recursive: true });
  return path.join(process.cwd(), "e2e/artifacts", name);
};

test("run page: the Trajectory panel's flag highlights its steps and lives in the URL", async ({ page, request }) => {
  const runId = await uploadRun(request, demoTrace("pipeline-false-success.json", nonce()));
  await page.goto(`/runs/${runId}`);
  await openAgentsPanel(page);
  const panel = page.getByTestId("trajectory-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("trajectory-multiples")).toBeVisible();
  const flag = panel.getByTestId("trajectory-flag-rubber-stamp");
  await expect(flag).toContainText("without comparing to any source");
  await flag.click();
  await expect(page).toHaveURL(/[?&]flag=rubber-stamp%3A/);
  await expect(flag).toHaveAttribute("aria-pressed", "true");
  // The flagged step is outlined on the canvas and selected in the inspector.
  await openInspector(page);
  const selected = await page.getByTestId("inspector").getAttribute("data-step");
  expect(selected).toBeTruthy();
  await expect(page.locator(`.react-flow__node:has([data-testid="step-node-${selected}"])`)).toHaveClass(/flagged/);
  await page.screenshot({ path: artifact("trajectory-panel.png"), fullPage: true });
  // Reloading the link restores the highlight.
  await page.reload();
  await openAgentsPanel(page);
  await expect(page.getByTestId("trajectory-flag-rubber-stamp")).toHaveAttribute("aria-pressed", "true");
});

test("compare: metric deltas and the equal-budget view", async ({ page, request }) => {
  const base = demoTrace("pipeline-false-success.json", nonce());
  const a = await uploadRun(request, base);
  // The same run spending three times the tokens per step.
  const costly = JSON.parse(JSON.stringify(base)) as {
    run: { title: string };
    steps: { tokens?: { input?: number; output?: number; total?: number } }[];
  };
  costly.run.title += " (costly)";
  for (const s of costly.steps)
    if (s.tokens)
      for (const k of ["input", "output", "total"] as const)
        if (s.tokens[k] !== undefined) s.tokens[k] = s.tokens[k]! * 3;
  const b = await uploadRun(request, costly);
  await page.goto(`/compare?a=${a}&b=${b}`);
  await expect(page.getByTestId("equal-budget")).toHaveAttribute("data-ahead", "a");
  await expect(page.getByTestId("equal-budget-note")).toContainText("Run A was ahead");
  await expect(page.getByTestId("metric-deltas")).toContainText("tokens");
  await page.getByTestId("trajectory-compare").screenshot({ path: artifact("compare-equal-budget.png") });
});

test("patterns: outcome against token budget over 20 runs of one system", async ({ page, request }) => {
  const system = `e2e-budget-${nonce()}`;
  for (let i = 0; i < 20; i++) {
    const tokens = Math.round(400 * 1.3 ** i);
    const success = i >= 10 !== (i === 3 || i === 16);
    await uploadRun(request, {
      schema: "culprit.trace/v1",
      run: { title: `${system} run ${i}`, system, outcome: success ? "success" : "failure" },
      agents: [{ name: "Worker" }, { name: "Reviewer" }],
      steps: [
        { id: "w", agent: "Worker", kind: "llm", content: `Answer ${i}`, tokens: { total: tokens - 10 } },
        { id: "r", agent: "Reviewer", kind: "llm", content: "Approved.", tokens: { total: 10 } },
      ],
    });
  }
  await page.goto(`/patterns?system=${encodeURIComponent(system)}`);
  await expect(page.getByTestId("budget-fit")).toBeVisible();
  await expect(page.getByTestId("budget-statement")).toContainText("McFadden R²");
  await expect(page.getByTestId("budget-statement")).toContainText("20 runs");
  await expect(page.getByTestId("agents-across-runs")).toContainText("Reviewer");
  await page.getByTestId("system-budget").screenshot({ path: artifact("patterns-budget-fit.png") });
  const csv = await request.get(`/api/systems/${encodeURIComponent(system)}/metrics.csv`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).trim().split("\r\n")).toHaveLength(21);
});
