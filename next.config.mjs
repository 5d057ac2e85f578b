// Plain JavaScript, not TypeScript: `next start` would load its SWC compiler (15-25 MB of
// resident memory, for the life of the server) only to read a next.config.ts.

/**
 * The Content-Security-Policy of every answer. frame-ancestors 'none': no page can be framed
 * (clickjacking the production switch, the consent screen's Approve). Next.js's app router
 * inlines its bootstrap scripts, so script-src needs 'unsafe-inline' (a nonce would force every
 * page to render dynamically); everything else loads from our own origin. Message previews are
 * sandboxed srcdoc iframes, which inherit this policy: the email's own inline styles and its
 * images (any origin, as mail has them) stay visible, while its scripts never run (sandbox="").
 * No form-action: the OAuth consent screen's Approve posts to us and is redirected to the
 * client's redirect_uri (any origin its developer registered), and Chromium applies form-action
 * to that redirect, under the policy of the document the app router first loaded (sign-in, say),
 * not of the consent page it navigated to.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Under `next dev` only, 'unsafe-eval' too: Turbopack applies every hot update with eval(), and
  // an update it cannot apply turns into a full page reload, and each reload compiles more and
  // sends more updates (a page reloading several times a second). Production serves no eval.
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src * data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // The older header for browsers without frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

/** @type {import("next").NextConfig} */
const nextConfig = {
  // The embedded database and its adapter load their own WebAssembly: keep them unbundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "ioredis"],
  poweredByHeader: false,
  // No Turbopack cache on disk for `next dev`: a dev server started on the cache an earlier one
  // left served pages that its hot reloader then found stale, so an open dashboard page reloaded
  // itself several times a second ("Compiled in 3ms" after every GET) until the cache was deleted.
  // Each start compiles afresh instead (a few seconds more per page on first visit).
  //
  // No preloading of every route at start-up: a route's code loads on its first request. The
  // framework's default (load all of them at start) held every page and API route, and the
  // libraries they pull in, in memory for the life of the server: about 45 MiB of resident memory
  // per server process that most instances never use (bench/README.md, "Memory").
  experimental: { turbopackFileSystemCacheForDev: false, preloadEntriesOnStart: false },
  // A self-contained server in <distDir>/standalone (node server.js): what the Docker image
  // runs (docs/self-hosting.md). `next start` keeps working; it only prints a warning.
  output: "standalone",
  // Read at start-up from process.cwd()/prisma/migrations (lib/db/migrate.ts), which no import
  // leads the tracer to: ship them with every server trace.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
  // Where the build goes: ".next" unless NEXT_DIST_DIR says otherwise (lets two builds of one
  // checkout exist side by side, e.g. a development build and a test build).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Browsers and tools that ask for /favicon.ico without reading the page's icon link get the
  // app icon (app/icon.svg, which every page links).
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/icon.svg" }];
  },
  // Security headers on every page and API answer: next.config headers
  // apply to route handlers as well as pages.
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // A header set here wins over the route's own, so the hosted pages (/u/…, /senders/confirm/…),
      // whose URLs hold a token, are left out: they send "no-referrer" themselves (hosted-page.ts).
      { source: "/:path((?!u/|senders/confirm/).*)", headers: [{ key: "Referrer-Policy", value: "strict-origin-when-cross-origin" }] },
      // HSTS only when the request came over https, as the TLS-terminating proxy in front says
      // with X-Forwarded-Proto (Next.js serves plain http itself). A browser ignores HSTS received
      // over plain http (RFC 6797 §8.1), so a client that sends the header itself gains nothing.
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }],
      },
    ];
  },
};

export default nextConfig;
