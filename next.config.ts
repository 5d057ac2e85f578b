import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database and its adapter load their own WebAssembly: keep them unbundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "ioredis"],
  poweredByHeader: false,
  // Where the build goes: ".next" unless NEXT_DIST_DIR says otherwise (lets two builds of one
  // checkout exist side by side, e.g. a development build and a test build).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
};

export default nextConfig;
