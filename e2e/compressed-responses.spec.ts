import { test, expect } from "@playwright/test";

/**
 * Decision 0023: the production server (scripts/serve.mjs) answers static build files and the run
 * page's body compressed once, by the client's Accept-Encoding, and never refuses the health check.
 * Playwright's request client does not decode bodies it did not ask to, so headers are the real ones.
 */
test("static chunks and the run page body arrive compressed by Accept-Encoding; identity still works", async ({
  request,
  page,
}) => {
  const home = await request.get("/");
  const runPath = /\/runs\/[0-9a-f-]{36}/.exec(await home.text())?.[0];
  expect(runPath).toBeTruthy();
  const html = await (await request.get(runPath!)).text();
  const bodyUrl = /<link rel="preload" as="fetch" href="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  const chunk = /\/_next\/static\/chunks\/[^"]+\.js/.exec(html)?.[0];
  expect(bodyUrl && chunk).toBeTruthy();

  for (const [accept, coding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
  ] as const) {
    const staticRes = await request.get(chunk!, { headers: { "accept-encoding": accept } });
    expect(staticRes.status()).toBe(200);
    expect(staticRes.headers()["content-encoding"]).toBe(coding);
    expect(staticRes.headers()["cache-control"]).toContain("immutable");

    const body = await request.get(bodyUrl!, { headers: { "accept-encoding": accept } });
    expect(body.status()).toBe(200);
    expect(body.headers()["content-encoding"]).toBe(coding);
    expect(body.headers()["vary"]?.toLowerCase()).toContain("accept-encoding");
    expect(body.headers()["x-culprit-content-encoding"]).toBeUndefined();
  }
  const plain = await request.get(bodyUrl!, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect((await plain.json()).steps.length).toBeGreaterThan(0);

  // A browser decodes both and renders the run.
  await page.goto(runPath!);
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
});
