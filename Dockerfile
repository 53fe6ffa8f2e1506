# bss-mock image: the same package npm users install (`npm pack`, then `npm install --global` of the tarball), on a
# pinned Node LTS. Build: docker build -t bss-mock .   Run: docker run -p 4010:4010 -v bss:/data bss-mock
# CI cannot run Docker: scripts/lint-dockerfile.mjs lints this file and scripts/docker-replay.mjs replays its steps.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Scripts run later, once the sources are in: this layer is reused while the lockfile stays the same.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json LICENSE README.md ./
COPY scripts ./scripts
COPY src ./src
COPY fixtures ./fixtures
COPY scenarios ./scenarios
COPY openapi ./openapi
COPY contract-tests ./contract-tests
# The build's warm-up writes the V8 code cache with this image's Node, the one that reads it at run time. pack's own
# scripts would build again: build:types (what prepack runs) is run here instead, so types/ is in the tarball.
RUN npm run build && npm run build:types && npm pack --ignore-scripts && mv bss-mock-*.tgz bss-mock.tgz

FROM node:24.21.0-bookworm-slim
# tini reaps and forwards signals, so SIGTERM flushes --db state before exit.
RUN apt-get update && apt-get install -y --no-install-recommends tini=0.19.0-1+b3 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=4010
COPY --from=build /app/bss-mock.tgz /tmp/bss-mock.tgz
RUN npm install --global --no-audit --no-fund /tmp/bss-mock.tgz && rm /tmp/bss-mock.tgz
# The health check reads the port (and host) from the mock's command line, so `serve --port 5000` is checked there.
COPY scripts/docker-healthcheck.mjs /usr/local/lib/bss-mock-healthcheck.mjs
# State lives in the volume, written by the runtime user: serve --db /data/bss-mock.json
RUN mkdir -p /data && chown node:node /data
VOLUME /data
WORKDIR /data
USER node
EXPOSE 4010
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["node", "/usr/local/lib/bss-mock-healthcheck.mjs"]
ENTRYPOINT ["/usr/bin/tini", "--", "bss-mock"]
# The port comes from PORT; the host must be all interfaces for -p to reach it.
CMD ["serve", "--host", "0.0.0.0"]
