# syntax=docker/dockerfile:1
# PlantRide engine image: the engine built into JavaScript (`npm run build -w engine`), run by node
# on production dependencies only, serving the web client built here. docker-compose.yml runs it
# with PostgreSQL and Redis.

# The project's one Node, the active LTS (package.json engines, .nvmrc; CI tests on the same major).
ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's dependencies, development ones included, for the builds.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY projections/package.json projections/
COPY engine/package.json engine/
COPY clients/package.json clients/
# Install scripts stay off, as package.json's allowScripts says: esbuild and msgpackr-extract use their prebuilt packages.
RUN npm ci --ignore-scripts --no-audit --no-fund

# The web client, built once into clients/dist, with brotli and gzip copies beside its files.
FROM deps AS client
COPY tsconfig.base.json ./
COPY schemas schemas
COPY clients clients
RUN npm run build -w clients

# The engine, bundled with the workspace packages it uses into engine/dist.
FROM deps AS engine-build
COPY tsconfig.base.json ./
COPY schemas schemas
COPY projections projections
COPY engine engine
RUN npm run build -w engine

# Production dependencies of the engine's workspaces only: no tsx, esbuild or client packages.
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY projections/package.json projections/
COPY engine/package.json engine/
COPY clients/package.json clients/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w engine -w schemas -w projections

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=production-deps /app/node_modules node_modules
# The package files: engine/package.json makes engine/dist's files ES modules.
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY projections/package.json projections/
COPY engine/package.json engine/
COPY --from=engine-build /app/engine/dist engine/dist
COPY --from=client /app/clients/dist clients/dist
# The files stay root's; the engine runs as the image's unprivileged user (it writes nothing there with DATABASE_URL).
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1: the engine's SIGTERM handler closes it gracefully (docker stop).
CMD ["node", "--enable-source-maps", "engine/dist/server.js"]
