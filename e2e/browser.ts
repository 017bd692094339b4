import fs from "node:fs";

/**
 * Chromium for tests and benchmarks, offline: Debian's /usr/bin/chromium when installed, else the
 * Chromium shipped inside the @sparticuz/chromium npm package (`npx playwright install` would
 * download, which this project never relies on).
 */
export async function chromiumLaunchOptions(): Promise<{ executablePath: string; args: string[] }> {
  const common = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ];
  const system = process.env.CULPRIT_CHROMIUM ?? "/usr/bin/chromium";
  if (fs.existsSync(system)) return { executablePath: system, args: common };
  const { default: chromium } = await import("@sparticuz/chromium");
  // Its Lambda-oriented flags include --single-process and --disable-web-security; neither is
  // what a user's browser does, so keep only the rendering flags it needs.
  const dropped = new Set([
    "--single-process",
    "--disable-web-security",
    "--allow-running-insecure-content",
    "--no-zygote",
  ]);
  const args = chromium.args.filter((a) => !dropped.has(a) && !a.startsWith("--headless"));
  return { executablePath: await chromium.executablePath(), args: [...new Set([...args, ...common])] };
}
