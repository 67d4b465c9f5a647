# syntax=docker/dockerfile:1
# One image, two processes:
#   API (default):  node dist/apps/api/src/main.js     (HTTP on PORT, serves frontend/dist)
#   worker:         node dist/apps/worker/src/main.js  (BullMQ consumers, no HTTP port)
#   migrations:     node dist/apps/worker/src/migrate.js

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, compile the server (tsc) and the frontend (vite) ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# swagger-ui-dist pulls in @scarf/scarf, whose install script phones home; turn it off.
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY apps apps
COPY libs libs
COPY frontend frontend
RUN npm run build

# --- deps: production dependencies only, in a clean stage (no compilers, no dev tools) ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NODE_ENV=production SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
# The frontend is an npm workspace: npm ci needs its package.json to match the lockfile.
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    FRONTEND_DIST=frontend/dist
WORKDIR /app
# The code is owned by root and read-only for the app; only data/ (local-disk uploads when
# S3 is not configured) is writable.
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/frontend/dist frontend/dist
COPY package.json ./
COPY frontend/package.json frontend/
RUN mkdir -p data && chown node:node data

# The image's `node` user, numeric so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 3000

# Only meaningful for the API; the worker overrides or disables it (see docker-compose.yml).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node runs as PID 1 and Nest's shutdown hooks handle SIGTERM (drain requests / running jobs).
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]
