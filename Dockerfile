# syntax=docker/dockerfile:1
# Mailroom's image: the standalone server that `npm run build` leaves in .next/standalone
# (docs/self-hosting.md). This file was not built on the project's CI machines (they have no
# Docker engine); the standalone folder it copies is tested there, run from a copy outside the
# checkout as here (tests/integration/standalone.test.ts).
ARG NODE_VERSION=20

# 1. Dependencies, exactly as locked. No install scripts: nothing needs one (CI installs the same way).
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts

# 2. The build: the Prisma client, `next build`, and the standalone folder completed with its
#    browser assets and migrations (scripts/complete-standalone.mjs).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# 3. The runtime: the standalone folder alone, run by an unprivileged user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
# HOSTNAME: Docker sets it to the container id; the server must listen on every interface.
# MALLOC_ARENA_MAX: two malloc arenas, less memory held (scripts/serve.mjs, docs/operations.md).
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/app/.data \
    MALLOC_ARENA_MAX=2
RUN groupadd --system --gid 1001 mailroom \
 && useradd --system --uid 1001 --gid mailroom --home-dir /app --no-create-home mailroom \
 && mkdir -p /app/.data \
 && chown mailroom:mailroom /app/.data
# The code stays root's (the server cannot rewrite itself); only the data folder is the user's.
COPY --from=build /app/.next/standalone ./
USER mailroom
# 3000: HTTP. 2525: inbound SMTP, when INBOUND_SMTP_PORT=2525 (map the host's port 25 to it).
# 2587 and 2465: SMTP submission, when SMTP_SUBMISSION_PORT=2587 and SMTP_SUBMISSION_TLS_PORT=2465
# (map the host's 587 and 465 to them; docs/smtp.md).
EXPOSE 3000 2525 2587 2465
# Without DATABASE_URL the embedded database lives here: mount a volume to keep it.
VOLUME ["/app/.data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same young-generation size and process count (WEB_CONCURRENCY) as `npm start` (docs/operations.md).
CMD ["node", "--max-semi-space-size=32", "serve.mjs", "server.js"]
