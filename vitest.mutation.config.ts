import { defineConfig } from "vitest/config";
import path from "node:path";

// The unit tests of the attribution engine only, for mutation testing (stryker.config.mjs):
// Stryker's Vitest runner runs one config, and the main config's "db" project would start Postgres.
// CULPRIT_MUTATION_FAST=1 leaves out the slow whole-engine files (property tests over random traces,
// the reference system over HTTP, the demo runs, hundreds of voters) for a quick lower-bound score:
// fewer tests can only kill fewer mutants.
const SLOW = [
  "lib/attribution/analyze-trace.test.ts",
  "lib/attribution/reference-mas.test.ts",
  "lib/attribution/demo-runs.test.ts",
  "lib/attribution/agent-game.test.ts",
];
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
    },
  },
  test: {
    // CULPRIT_MUTATION_TESTS=<comma-separated globs> runs only those test files: a module's score
    // against its own tests, a lower bound that a loaded machine can finish.
    include: process.env.CULPRIT_MUTATION_TESTS
      ? process.env.CULPRIT_MUTATION_TESTS.split(",")
      : ["lib/attribution/**/*.test.ts"],
    exclude: ["**/*.db.test.ts", "node_modules/**", ...(process.env.CULPRIT_MUTATION_FAST ? SLOW : [])],
    environment: "node",
  },
});
