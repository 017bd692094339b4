import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/browser";

// e2e runs the production build against its own throwaway database (never the development one):
// scripts/e2e-server.mjs migrates it, loads the demo runs and serves the app on E2E_PORT.
const port = Number(process.env.E2E_PORT ?? 3210);
// The reference multi-agent system (demo-mas) that e2e starts; the app's replay calls go to it.
process.env.DEMO_MAS_E2E_PORT ??= String(port + 1111);
const replayEndpoints = JSON.stringify({ "*": `http://127.0.0.1:${process.env.DEMO_MAS_E2E_PORT}/replay` });
const launch = await chromiumLaunchOptions();

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Three files at a time (each file's tests in order, in one worker, unless the file says its
  // tests are independent): the browsers mostly wait for the server (the suite used under half a
  // core of CPU with two workers), so even on 2 cores a third one shortens the wall time. Every test
  // makes its own rows (unique titles, systems and tokens), so files do not see each other's data.
  fullyParallel: false,
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: { executablePath: launch.executablePath, args: launch.args },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port), CULPRIT_REPLAY_ENDPOINTS: replayEndpoints },
  },
});
