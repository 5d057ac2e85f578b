import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database and its adapter load their own WebAssembly: keep them unbundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "ioredis"],
  poweredByHeader: false,
  // A self-contained server in <distDir>/standalone (node server.js): what the Docker image
  // runs (docs/self-hosting.md). `next start` keeps working; it only prints a warning.
  output: "standalone",
  // Read at start-up from process.cwd()/prisma/migrations (lib/db/migrate.ts), which no import
  // leads the tracer to: ship them with every server trace.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
  // Where the build goes: ".next" unless NEXT_DIST_DIR says otherwise (lets two builds of one
  // checkout exist side by side, e.g. a development build and a test build).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The OAuth consent screen is never framed: a framed Approve button could be clicked unseen
  // (clickjacking, RFC 6749 §10.13).
  async headers() {
    return [
      {
        source: "/oauth/authorize",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

export default nextConfig;
