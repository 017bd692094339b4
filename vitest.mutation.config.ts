import { defineConfig } from "vitest/config";
import path from "node:path";

// The unit tests of the attribution engine only, for mutation testing (stryker.config.mjs):
// Stryker's Vitest runner runs one config, and the main config's "db" project would start Postgres.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
    },
  },
  test: {
    include: ["lib/attribution/**/*.test.ts"],
    exclude: ["**/*.db.test.ts", "node_modules/**"],
    environment: "node",
  },
});
