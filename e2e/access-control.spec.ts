import http from "node:http";
import { test, expect, type Page } from "@playwright/test";

/**
 * One test per access rule (issue 12): foreign Host and foreign Origin against the default
 * (loopback, no sign-in) server; signed out, owner, viewer and share-link holder against the second
 * server that scripts/e2e-server.mjs starts with CULPRIT_AUTH=required on E2E_PORT + 2.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const AUTH = `http://127.0.0.1:${PORT + 2}`;
const OWNER = { email: "owner@e2e.example", password: "owner-password-e2e" };
const VIEWER = { email: "viewer@e2e.example", password: "viewer-password-e2e" };

/** A raw request with a Host header of our choosing (browsers and fetch will not send a false one). */
function rawGet(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

/** CSP violations show up as console errors; a page that hydrates under the CSP has none. */
function cspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

test.describe("default server: loopback, no sign-in", () => {
  test("foreign Host (DNS rebinding) is refused on pages and API alike", async () => {
    expect(await rawGet(PORT, "/", "rebind.attacker.example")).toBe(403);
    expect(await rawGet(PORT, "/api/health", `rebind.attacker.example:${PORT}`)).toBe(403);
    expect(await rawGet(PORT, "/api/health", `localhost:${PORT}`)).toBe(200);
  });

  test("foreign Origin: a cross-site form post (text/plain, multipart) and a forged server action are refused", async ({
    page,
    request,
    baseURL,
  }) => {
    const trace = JSON.stringify({
      schema: "culprit.trace/v1",
      run: { title: "planted-by-another-site", outcome: "failure" },
      agents: [{ name: "A" }],
      steps: [{ id: "s1", agent: "A", kind: "message", content: "hi" }],
    });
    for (const enctype of ["text/plain", "multipart/form-data"]) {
      // A real page on another origin (served by Playwright's router) submits a form to Culprit.
      await page.route("http://attacker.test/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<form id=f action="${baseURL}/api/runs" method=POST enctype="${enctype}"><textarea name=text>${trace.replace(/</g, "&lt;")}</textarea></form><script>f.submit()</script>`,
        }),
      );
      const answer = page.waitForResponse(
        (r) => r.url().startsWith(`${baseURL}/api/runs`) && r.request().method() === "POST",
      );
      await page.goto("http://attacker.test/");
      expect((await answer).status(), enctype).toBe(403);
      await page.unroute("http://attacker.test/**");
    }
    // The search echoes its query, so look for the empty result, not the absence of the title.
    const list = await (await request.get("/?q=planted-by-another-site")).text();
    expect(list).toContain("No run matches these filters");
    const action = await request.post("/", {
      headers: { "next-action": "0".repeat(40), origin: "http://evil.example", "content-type": "text/plain" },
      data: "[]",
    });
    expect(action.status()).toBe(403);
  });

  test("security headers: CSP with a nonce, no framing, same-origin referrer; the page still hydrates", async ({
    page,
  }) => {
    const errors = cspErrors(page);
    const res = await page.goto("/");
    const headers = res!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // Client-side navigation works only if React hydrated.
    await page.getByRole("link", { name: "Upload", exact: true }).click();
    await expect(page).toHaveURL(/\/upload$/);
    expect(errors).toEqual([]);
  });
});

test.describe("sign-in required (CULPRIT_AUTH=required)", () => {
  // Whether an owner exists yet or not, a visitor without a session meets the same answers, so this
  // test need not wait for the chain below (it used to be its first link; issue 13).
  test("signed out: pages redirect to sign-in, API answers 401, health stays open", async ({ page, request }) => {
    await page.goto(`${AUTH}/`);
    await expect(page).toHaveURL(/\/sign-in\?next=%2F/);
    await expect(page.getByTestId("sign-in-form")).toBeVisible();
    expect((await request.get(`${AUTH}/api/runs/00000000-0000-4000-8000-000000000000/report`)).status()).toBe(401);
    expect(
      (
        await request.post(`${AUTH}/api/runs`, { data: "{}", headers: { "content-type": "application/json" } })
      ).status(),
    ).toBe(401);
    expect((await request.get(`${AUTH}/api/health`)).status()).toBe(200);
    expect((await request.get(`${AUTH}/settings`, { maxRedirects: 0 })).status()).toBe(307);
  });

  // Each of these builds on the one before: the setup link makes the owner, who shares a run and
  // adds the viewer.
  test.describe("the first owner, then the people they let in", () => {
    test.describe.configure({ mode: "serial" });
    let shareUrl = "";
    let runPath = "";

    test("owner: the one-time setup link creates the first owner, who shares a run, makes a key and adds a viewer", async ({
      page,
      request,
    }) => {
      const errors = cspErrors(page);
      await page.goto(`${AUTH}/setup?token=wrong`);
      await expect(page.getByTestId("setup-invalid")).toBeVisible();
      await page.goto(`${AUTH}/setup?token=e2e-setup-token`);
      await page.getByTestId("setup-name").fill("Olive Owner");
      await page.getByTestId("setup-email").fill(OWNER.email);
      await page.getByTestId("setup-password").fill(OWNER.password);
      await page.getByTestId("setup-submit").click();
      await expect(page.getByTestId("signed-in-as")).toContainText("(owner)");
      // The link is spent once an owner exists.
      await page.goto(`${AUTH}/setup?token=e2e-setup-token`);
      await expect(page).toHaveURL(/\/sign-in|\/$/);

      await page.goto(`${AUTH}/`);
      runPath = (await page.locator('a[href^="/runs/"]').first().getAttribute("href"))!;
      await page.goto(`${AUTH}${runPath}`);
      await page.getByTestId("share-menu").click();
      await page.getByTestId("share-lifetime").selectOption("7");
      await page.getByTestId("create-share-link").click();
      shareUrl = await page.getByTestId("share-url").inputValue();
      expect(shareUrl).toMatch(/\/s\/[A-Za-z0-9_-]{32}/);

      await page.goto(`${AUTH}/settings`);
      await page.getByTestId("api-key-name").fill("e2e exporter");
      await page.getByTestId("api-key-create").click();
      const key = await page.getByTestId("api-key-value").inputValue();
      expect(key).toMatch(/^culprit_/);
      const trace = {
        schema: "culprit.trace/v1",
        run: { title: `via key ${Date.now()}`, outcome: "failure" },
        agents: [{ name: "A" }, { name: "B" }],
        steps: [
          { id: "s1", agent: "A", kind: "message", content: "x", status: "error", error: { message: "e" } },
          { id: "s2", agent: "B", kind: "final", content: "y" },
        ],
      };
      const withKey = await request.post(`${AUTH}/api/runs`, {
        data: JSON.stringify(trace),
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      });
      expect(withKey.status(), await withKey.text()).toBe(201);

      await page.getByTestId("user-email").fill(VIEWER.email);
      await page.getByTestId("user-password").fill(VIEWER.password);
      await page.getByTestId("user-role").selectOption("viewer");
      await page.getByTestId("user-create").click();
      await expect(page.getByTestId("user-row").filter({ hasText: VIEWER.email })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("viewer: reads runs, gets no owner controls, and the server refuses owner operations", async ({ page }) => {
      await page.goto(`${AUTH}/sign-in?next=${encodeURIComponent(runPath)}`);
      await page.getByTestId("sign-in-email").fill(VIEWER.email);
      await page.getByTestId("sign-in-password").fill(VIEWER.password);
      await page.getByTestId("sign-in-submit").click();
      await expect(page).toHaveURL(new RegExp(`${runPath}$`));
      await expect(page.getByTestId("verdict")).toBeVisible();
      await expect(page.getByTestId("export-menu")).toBeVisible();
      for (const owner of ["share-menu", "rerun-analysis", "delete-run", "label-form"])
        await expect(page.getByTestId(owner)).toHaveCount(0);
      // The page gives viewers no share tokens.
      expect(await page.content()).not.toMatch(/\/s\/[A-Za-z0-9_-]{32}/);
      // Hiding buttons is not the check: the route refuses the viewer's session itself.
      const runId = runPath.split("/").pop();
      expect((await page.request.delete(`${AUTH}/api/runs/${runId}`)).status()).toBe(403);
      await page.goto(`${AUTH}/settings`);
      await expect(page.getByTestId("settings-forbidden")).toBeVisible();
    });

    test("share-link holder: one run, read-only, no navigation, no server action ids; 404 after revoke", async ({
      browser,
      page,
    }) => {
      const holder = await (await browser.newContext()).newPage();
      const res = await holder.goto(shareUrl);
      expect(res!.status()).toBe(200);
      await expect(holder.getByTestId("read-only-badge")).toBeVisible();
      await expect(holder.getByTestId("verdict")).toBeVisible();
      await expect(holder.locator("header nav")).toHaveCount(0);
      await expect(holder.locator("header a")).toHaveCount(0);
      await expect(holder.getByTestId("label-form")).toHaveCount(0);
      // No action ids in the page or any script it loads (the review's grep, F-1).
      const scripts = await holder
        .locator("script[src]")
        .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
      const bodies = [
        await holder.content(),
        ...(await Promise.all(scripts.map(async (src) => (await holder.request.get(src)).text()))),
      ];
      for (const body of bodies) expect(body).not.toMatch(/createServerReference\)\("[0-9a-f]{20,}"/);
      // Other runs stay closed to the holder.
      await holder.goto(`${AUTH}/`);
      await expect(holder).toHaveURL(/\/sign-in/);

      // The owner revokes it in settings; the link then answers 404.
      await page.goto(`${AUTH}/sign-in`);
      await page.getByTestId("sign-in-email").fill(OWNER.email);
      await page.getByTestId("sign-in-password").fill(OWNER.password);
      await page.getByTestId("sign-in-submit").click();
      await expect(page.getByTestId("signed-in-as")).toBeVisible();
      await page.goto(`${AUTH}/settings`);
      const row = page.getByTestId("share-link-row").first();
      await row.getByRole("button", { name: "Revoke" }).click();
      await expect(page.getByTestId("share-link-row")).toHaveCount(0);
      expect((await holder.goto(shareUrl))!.status()).toBe(404);
    });
  });
});
