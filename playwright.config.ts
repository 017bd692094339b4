import { randomUUID } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/browser";
import { KEYS as LANGFUSE_KEYS } from "./lib/langfuse/recorded-langfuse-server";

// e2e runs the production build against its own throwaway database (never the development one):
// scripts/e2e-server.mjs migrates it, loads the demo runs and serves the app on E2E_PORT.
const port = Number(process.env.E2E_PORT ?? 3210);
// The reference multi-agent system (demo-mas) that e2e starts; the app's replay calls go to it.
process.env.DEMO_MAS_E2E_PORT ??= String(port + 1111);
// demo-mas exports its spans with the OpenTelemetry SDK, whose 10 s export timeout is meant for
// collectors that do not answer; here the collector is the app under test, slow only when the
// machine is busy, and the test checks what it stores, not how fast (as otlp-receiver.db.test.ts).
process.env.OTEL_EXPORTER_OTLP_TIMEOUT ??= "45000";
// The Langfuse project the app imports from: e2e/langfuse-import.spec.ts serves the recorded API
// shapes on this loopback port (the app reads LANGFUSE_HOST at start, and calls it only on import).
process.env.LANGFUSE_E2E_PORT ??= String(port + 1);
const replayEndpoints = JSON.stringify({ "*": `http://127.0.0.1:${process.env.DEMO_MAS_E2E_PORT}/replay` });
const launch = await chromiumLaunchOptions();
// One nonce per run of the suite, set by the runner and inherited by its workers (which load this
// file again): tests in different workers that read the same content upload it under one title
// (e2e/fixtures/upload-run.ts, suiteNonce), so it is stored and analysed once.
process.env.E2E_RUN_NONCE ??= randomUUID().slice(0, 8);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Every test on its own, three at a time: every test makes its own rows (unique titles, systems
  // and tokens) or only reads, so tests do not see each other's data, and a file's tests need not
  // queue behind each other in one worker (the longest file used to set the wall time). Tests that
  // build on each other say so (serial mode in access-control.spec.ts).
  fullyParallel: true,
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace (DOM snapshots and a screencast of every action) costs the browser and the test
    // worker about a quarter of the suite's CPU, paid by every passing test to help debug a failing
    // one (issue 13). It is recorded when a failed test is retried (CI), or on demand:
    // `npx playwright test --trace on`. A failure still leaves its screenshot and error context.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    contextOptions: { reducedMotion: "reduce" },
    // V8's optimizing compilers (Maglev, TurboFan) off: a test's page lives a few seconds, so they
    // mostly compile code that never runs long enough to repay it. The pages run the same code on
    // V8's interpreter and baseline compiler; the renderers' CPU fell by about a sixth (issue 13).
    // Only here: the UI benchmark (scripts/bench-ui.ts) measures the browser as users run it.
    launchOptions: { executablePath: launch.executablePath, args: [...launch.args, "--js-flags=--no-opt --no-maglev"] },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: String(port),
      CULPRIT_REPLAY_ENDPOINTS: replayEndpoints,
      LANGFUSE_HOST: `http://127.0.0.1:${process.env.LANGFUSE_E2E_PORT}`,
      LANGFUSE_PUBLIC_KEY: LANGFUSE_KEYS.publicKey,
      LANGFUSE_SECRET_KEY: LANGFUSE_KEYS.secretKey,
    },
  },
});
