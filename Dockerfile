# syntax=docker/dockerfile:1
# PlantRide engine image: the engine runs its TypeScript with tsx (as `npm start` does) and
# serves the web client built here. docker-compose.yml runs it with PostgreSQL and Redis.

ARG NODE_IMAGE=node:20-bookworm-slim

# Every workspace's dependencies, development ones included, for building the client.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY projections/package.json projections/
COPY engine/package.json engine/
COPY clients/package.json clients/
# Install scripts stay off, as package.json's allowScripts says: esbuild and msgpackr-extract use their prebuilt packages.
RUN npm ci --ignore-scripts --no-audit --no-fund

# The web client, built once into clients/dist.
FROM deps AS client
COPY tsconfig.base.json ./
COPY schemas schemas
COPY clients clients
RUN npm run build -w clients

# Production dependencies only, plus tsx (a development dependency of the root) to run the engine.
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY projections/package.json projections/
COPY engine/package.json engine/
COPY clients/package.json clients/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY --from=deps /app/node_modules/tsx node_modules/tsx
COPY --from=deps /app/node_modules/esbuild node_modules/esbuild
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=production-deps /app/node_modules node_modules
COPY package.json package-lock.json tsconfig.base.json ./
COPY schemas schemas
COPY projections projections
COPY engine engine
COPY clients/package.json clients/
COPY --from=client /app/clients/dist clients/dist
# The files stay root's; the engine runs as the image's unprivileged user (it writes nothing there with DATABASE_URL).
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1: the engine's SIGTERM handler closes it gracefully (docker stop).
CMD ["node", "--import", "tsx", "engine/src/server.ts"]
