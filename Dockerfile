# Production image (docs/deploy.md): build in one stage, run in a slim one with only production
# dependencies, as a non-root user.
#   docker build -t wholesale-storefront .
#   docker run -p 3000:3000 -e DATABASE_URL=… -e APP_ENCRYPTION_KEY=… wholesale-storefront

# ---- manifests: the lock file and every workspace's package.json, what both installs below read
FROM node:26-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/

# ---- build: every dependency, the web bundle and the API bundle
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- deps: production dependencies only (native ones — argon2, sharp — come as npm binaries)
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund

# ---- runtime
FROM node:26-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/api/node_modules ./apps/api/node_modules
COPY package.json ./
COPY apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form): it drains, then exits 0.
# The heap limit keeps the process within its memory budget; no allocation-site pretenuring keeps
# requests' garbage young (docs/deploy.md, "Memory").
CMD ["node", "--enable-source-maps", "--max-old-space-size=512", "--no-allocation-site-pretenuring", "apps/api/dist/server.js"]
