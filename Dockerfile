# syntax=docker/dockerfile:1
# Build stage: Node installs the dependencies (Bun comes from npm), Bun builds
# the single executable.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx bun build.ts && ./dist/swisstax --version

# Run stage: the executable alone, as a non-root user (uid 10001), data in a volume.
# Memory: ~70 MB for the server and ~250 MB per recognition worker while it reads a scan: give the
# container at least 512 MB (README: "Sizing"), or set RECOGNITION_WORKERS=0.
# A bind mount for /data must belong to uid 10001 (chown 10001 DIR on the host).
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin swisstax \
 && mkdir -p /data && chown swisstax:swisstax /data && chmod 700 /data
COPY --from=build /src/dist/swisstax /usr/local/bin/swisstax
USER swisstax
WORKDIR /data
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000
# /readyz: the database answers and the migrations are applied; 503 while draining after SIGTERM.
# (/healthz is the bare liveness probe, for an orchestrator that restarts on it.)
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD curl -fsS -o /dev/null "http://127.0.0.1:${PORT}/readyz" || exit 1
ENTRYPOINT ["/usr/local/bin/swisstax"]
CMD ["serve"]
