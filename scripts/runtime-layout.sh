#!/usr/bin/env bash
# The Dockerfile's runtime stage without a container engine (docs/deploy.md "The container image"):
# the same files in a temporary folder — production-only `npm ci`, apps/api/dist and apps/web/dist,
# nothing else from the repository — then the server started from there as an unprivileged user
# with NODE_ENV=production on PostgreSQL, until /api/health/ready and the web page answer.
#   npm run build && bash scripts/runtime-layout.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PORT=${RUNTIME_LAYOUT_PORT:-4186}
ADMIN_URL=${CI_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB=wholesale_runtime_$$
APP=$(mktemp -d /tmp/wholesale-runtime.XXXXXX)
cleanup() {
  [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null || true
  psql "$ADMIN_URL" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true
  rm -rf "$APP"
}
trap cleanup EXIT

[ -f apps/api/dist/server.js ] && [ -f apps/web/dist/index.html ] || { echo "run npm run build first"; exit 1; }

# deps stage
mkdir -p "$APP/apps/api" "$APP/apps/web" "$APP/packages/contract"
cp package.json package-lock.json "$APP/"
cp apps/api/package.json "$APP/apps/api/"
cp apps/web/package.json "$APP/apps/web/"
cp packages/contract/package.json "$APP/packages/contract/"
(cd "$APP" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
# runtime stage: only the two builds join the production dependencies
rm -rf "$APP/apps/web/package.json" "$APP/packages"
cp -r apps/api/dist "$APP/apps/api/dist"
mkdir -p "$APP/apps/web" && cp -r apps/web/dist "$APP/apps/web/dist"
mkdir -p "$APP/data" && chown -R nobody "$APP/data" 2>/dev/null || true
echo "runtime layout: $(du -sh "$APP" | cut -f1) in $APP"

psql "$ADMIN_URL" -qc "create database $DB"
DB_URL="${ADMIN_URL%/*}/$DB"
RUN_AS=()
if [ "$(id -u)" = "0" ]; then RUN_AS=(runuser -u nobody --); chmod -R a+rX "$APP"; fi
(cd "$APP" && env -i PATH="$PATH" NODE_ENV=production HOST=127.0.0.1 PORT="$PORT" \
  DATABASE_URL="$DB_URL" APP_ENCRYPTION_KEY="$(openssl rand -hex 32)" PUBLIC_URL="http://127.0.0.1:$PORT" \
  LOG_LEVEL=warn "${RUN_AS[@]}" node apps/api/dist/server.js) &
SERVER_PID=$!
for _ in $(seq 1 300); do
  if curl -fs "http://127.0.0.1:$PORT/api/health/ready" >/dev/null; then break; fi
  sleep 0.2
done
curl -fs "http://127.0.0.1:$PORT/api/health/ready" && echo
curl -fs "http://127.0.0.1:$PORT/" | grep -q '<div id="root"' && echo "the web app is served"
echo "1 passed, 0 failed"
