import { randomUUID } from "node:crypto";
import { test, expect, type APIRequestContext } from "@playwright/test";
import { readableInView } from "./fixtures/readable-labels";

/**
 * One pipeline run twice: B's root step errors (a status the outcome already tells) and, three
 * steps later, B's Researcher states another value. The first divergence is that value.
 */
function pipeline(title: string, south: number, system: string, rootError: boolean) {
  const filler = Array.from({ length: 30 }, (_, i) => ({
    id: `f${i}`,
    agent: i % 2 ? "Writer" : "Planner",
    kind: "message",
    content: `Checklist item ${i} reviewed.`,
  }));
  return {
    schema: "culprit.trace/v1",
    run: { title, system, task: "report Q3 revenue", outcome: south === 1385 ? "success" : "failure" },
    agents: [{ name: "Planner" }, { name: "Researcher" }, { name: "Writer" }],
    steps: [
      { id: "root", agent: "Planner", kind: "agent", content: "", status: rootError ? "error" : "ok" },
      {
        id: "p1",
        agent: "Planner",
        kind: "message",
        content: "Plan: fetch Q3 revenue for both Osaka stores, then write the brief.",
      },
      ...filler,
      { id: "r2", agent: "Researcher", kind: "message", content: `Osaka North = 2140, Osaka South = ${south}.` },
      { id: "w2", agent: "Writer", kind: "final", content: `Q3: North 2140, South ${south}.` },
    ],
    edges: [],
  };
}

async function upload(request: APIRequestContext, body: unknown): Promise<string> {
  const res = await request.post("/api/runs", { data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).runId;
}

test("the first divergence is the changed value, not the root's status; Select it scrolls to it", async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 8);
  const a = await upload(request, pipeline(`e2e divergence A ${tag}`, 1385, "e2e_div", false));
  const b = await upload(request, pipeline(`e2e divergence B ${tag}`, 1532, "e2e_div", true));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/compare?a=${a}&b=${b}`);
  const callout = page.getByTestId("first-divergence");
  await expect(callout).toContainText("value 1385 → 1532");
  await expect(callout).toContainText("Researcher, step 33");
  await expect(callout).not.toContainText("r2");
  await expect(page.getByTestId("compare-notice")).toHaveCount(0);
  // The root's status change is still a row of its own, just not the first divergence.
  await expect(page.locator('[data-testid="aligned-row"][data-row="0"]')).toHaveAttribute("data-status", "changed");

  await page.getByTestId("select-first-divergence").click();
  const row = page.locator("[data-first-divergence]");
  // The row itself is `display: contents`: its cells are what is on screen.
  await expect(row.getByTestId("step-a")).toBeInViewport();
  await expect(row.getByTestId("step-a")).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("canvas-b")).toHaveAttribute("data-selected-step", "r2");
  // Both canvases show the selected step readable.
  await page.getByTestId("canvas-a").scrollIntoViewIfNeeded();
  await expect
    .poll(async () =>
      (await readableInView(page, 12, '[data-testid="canvas-a"] [data-testid="run-canvas"]')).map((l) => l.id),
    )
    .toContain("r2");
});

test("runs of different systems get a notice instead of a first divergence", async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  const a = await upload(request, pipeline(`e2e systems A ${tag}`, 1385, `sys_a_${tag}`, false));
  const b = await upload(request, pipeline(`e2e systems B ${tag}`, 1532, `sys_b_${tag}`, false));
  await page.goto(`/compare?a=${a}&b=${b}`);
  const notice = page.getByTestId("compare-notice");
  await expect(notice).toHaveAttribute("data-kind", "different-systems");
  await expect(notice).toContainText(`sys_a_${tag} and sys_b_${tag}`);
  await expect(page.getByTestId("first-divergence")).toHaveCount(0);
  await expect(page.getByTestId("verdict-a")).toBeVisible();
});
