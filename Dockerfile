# bss-mock image: build with the full dev toolchain, run with production dependencies only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
# The build's warm-up run (V8 code cache) starts the app, which reads the fixtures.
COPY fixtures ./fixtures
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
COPY scenarios ./scenarios
COPY openapi ./openapi
EXPOSE 4010
USER node
# tini reaps and forwards signals so SIGTERM flushes --db state before exit.
ENTRYPOINT ["/usr/bin/tini", "--", "node", "dist/cli.js"]
CMD ["serve", "--host", "0.0.0.0", "--port", "4010"]
