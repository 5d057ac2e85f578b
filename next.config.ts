import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The embedded database and its adapter load their own WebAssembly: keep them unbundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "ioredis"],
  poweredByHeader: false,
};

export default nextConfig;
