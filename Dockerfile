# syntax=docker/dockerfile:1
# One container per brand: BRAND_CONFIG picks the brand file, UPSTREAM_API_URL the platform API
# (unset = demo mode). Runs as a non-root user on a read-only-friendly filesystem.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx remix vite:build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 BRAND_CONFIG=brands/demo.json
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json server.mjs ./
# server.mjs imports this plain module (ADR 077)
COPY --chown=root:root server/http-origin.mjs ./server/http-origin.mjs
COPY --chown=root:root brands ./brands
COPY --chown=root:root public ./public
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# server.mjs: static files, the Remix handler, JSON logs, cross-site POST refusal, graceful shutdown
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
