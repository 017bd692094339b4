import { defineConfig } from "prisma/config";

// The ordinary Prisma CLI path for users with internet access. Offline, scripts/prisma-offline.mjs
// does the same jobs (generate, create a migration, deploy) without downloading an engine.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54329/culprit" },
});
