# syntax=docker/dockerfile:1
# One container per brand: BRAND_CONFIG picks the brand file, UPSTREAM_API_URL the platform API
# (unset = demo mode). Runs as a non-root user on a read-only filesystem.
#
# BASE_IMAGE: operators keep the official Node image. CI passes one it makes itself (a Debian root
# filesystem plus a Node binary from npm, see deploy/base-image.sh), since no registry is reachable there;
# it must provide node, npm and a `node` user, as the official image does.
ARG BASE_IMAGE=node:24-bookworm-slim

FROM ${BASE_IMAGE} AS deps
# a build behind a TLS-inspecting proxy passes its CA file (mounted into the build) here; unset otherwise
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# the client build, its compressed assets (ADR 135) and every brand's PNG app icons (ADR 154)
RUN npx react-router build && node scripts/precompress.mjs && node scripts/pwa-icons.mjs

FROM ${BASE_IMAGE} AS prod-deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${BASE_IMAGE}
ENV NODE_ENV=production PORT=3000 BRAND_CONFIG=brands/demo.json
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json server.mjs ./
# server.mjs imports these plain modules (ADR 077, 128, 137); tests/structure/dockerfile.test.ts checks the list
COPY --chown=root:root server/env.mjs server/proxy-trust.mjs server/http-origin.mjs server/asset-version.mjs ./server/
COPY --chown=root:root brands ./brands
COPY --chown=root:root public ./public
USER node
# METRICS_PORT (unset: off) serves Prometheus text on a second port; publish it only to the scraper
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# server.mjs: static files, the Remix handler, JSON logs, cross-site POST refusal, graceful shutdown
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
