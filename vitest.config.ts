import { defineConfig } from "vitest/config";
import path from "node:path";

// Pure unit tests next to the code, and database integration tests (*.db.test.ts) that run
// against a real, throwaway Postgres started by the global setup: the liveness file alone first,
// then the others side by side (ADR 0021).
const LIVENESS_TESTS = ["lib/server/hostile-inputs.db.test.ts", "lib/server/auth/sign-in-flood.db.test.ts"];
const database = {
  environment: "node" as const,
  globalSetup: ["./test/db-global-setup.ts"],
  setupFiles: ["./test/db-setup-file.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "test/empty-module.ts"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          environment: "node",
          // The modules under test are pure or restore what they change (env, config), so the files
          // of a worker share one module graph instead of importing it afresh per file (ADR 0021).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Liveness under hostile input: /api/health must answer within 2 s while the server
          // digests hostile uploads. A time bound is only honest on a machine not busy elsewhere,
          // so this file runs alone, before the other database files (groupOrder).
          name: "db-liveness",
          include: LIVENESS_TESTS,
          ...database,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["**/*.db.test.ts"],
          exclude: ["node_modules/**", ...LIVENESS_TESTS],
          ...database,
          // Each file has a database of its own (test/db-setup-file.ts), so files run side by side:
          // they mostly wait on Postgres, child threads and sockets, so 3 of them fit on 2 cores.
          maxWorkers: 3,
          // The files of a worker share one module graph, as in the unit project. The setup file
          // gives each file its own database and, after it, ends and forgets the server's
          // process-wide pool, client, queue and auth; the sandbox threads stay warm (ADR 0021).
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
