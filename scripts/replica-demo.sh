#!/usr/bin/env bash
# A PostgreSQL primary and a streaming replica on one machine (docs/scaling.md "Read replicas"):
# takes a base backup of the local server (the primary, port 5432) into a new data directory,
# starts it as a hot standby on port 5433, writes on the primary and reads the row back on the
# replica; then (with --api, after `npm run build`) starts the API with DATABASE_READ_URL and shows
# catalogue reads answered by the replica and a product renamed on the primary shown at once.
# Run as root on a machine whose PostgreSQL is the Debian package (as in CI):
#   bash scripts/replica-demo.sh          # set up, check, leave the replica running
#   bash scripts/replica-demo.sh --api    # the same, then the API on the pair
#   bash scripts/replica-demo.sh --stop   # stop and remove the replica
set -euo pipefail
PG_BIN=/usr/lib/postgresql/15/bin
REPLICA_DIR=${REPLICA_DIR:-/var/lib/postgresql/wholesale-replica}
REPLICA_PORT=${REPLICA_PORT:-5433}
PRIMARY="host=127.0.0.1 port=5432 user=postgres"
HBA=$(psql -h 127.0.0.1 -U postgres -d postgres -Atc 'show hba_file')

# The API with DATABASE_READ_URL: catalogue reads go to the replica, and a change on the primary is
# never answered stale (the reads wait on the primary until the replica has replayed it).
api_on_replica() {
  local port=${API_PORT:-4183} dir base metric name code metrics_token
  dir=$(mktemp -d)
  metrics_token=$(openssl rand -hex 16)
  base="http://127.0.0.1:$port"
  DATABASE_URL="postgres://postgres@127.0.0.1:5432/$DEMO_DB" \
    DATABASE_READ_URL="postgres://postgres@127.0.0.1:$REPLICA_PORT/$DEMO_DB" \
    NODE_ENV=production DEMO_DATA=true PORT=$port DATA_DIR="$dir" LOG_LEVEL=warn \
    APP_ENCRYPTION_KEY=$(printf '0%.0s' $(seq 1 64)) PUBLIC_URL="$base" METRICS_TOKEN="$metrics_token" \
    node apps/api/dist/server.js >"$dir/api.log" 2>&1 &
  local api=$!
  trap 'kill $api 2>/dev/null; rm -rf "$dir"' RETURN
  for _ in $(seq 1 600); do
    if curl -sf "$base/api/health/ready" >/dev/null; then break; fi
    sleep 0.1
  done
  curl -sf "$base/api/health/ready" >/dev/null || { echo "FAIL: the API did not start"; cat "$dir/api.log"; exit 1; }
  code=$(psql -h 127.0.0.1 -U postgres -d $DEMO_DB -Atc "select product_id from products where active order by id limit 1")
  for page in 1 2 3; do curl -sf "$base/api/cadProducts?page=$page" >/dev/null; done
  curl -sf "$base/api/search?search_term=button" >/dev/null
  metric() { curl -sf -H "Authorization: Bearer $metrics_token" "$base/metrics" | awk -v m="$1" '$1 == m { print $2 }'; }
  echo "catalogue queries answered by the replica: $(metric db_read_replica_queries); replica in use: $(metric db_read_replica_in_use)"
  [ "$(metric db_read_replica_queries)" -gt 0 ] || { echo "FAIL: no read reached the replica"; exit 1; }
  name="Renamed on the primary $(date +%s%N)"
  curl -sf "$base/api/productDescription?product_id=$code&lang=en" >/dev/null
  psql -h 127.0.0.1 -U postgres -d $DEMO_DB -q -c "update product_translations set name = '$name' where lang = 'en' and product_id = (select id from products where product_id = '$code')"
  # The change feed's notification arrives within milliseconds; the answer must then be the new name,
  # never the replica's old one cached.
  for _ in $(seq 1 50); do
    if curl -sf "$base/api/productDescription?product_id=$code&lang=en" | grep -q "$name"; then
      echo "a product renamed on the primary reads back renamed through the API (replica in use: $(metric db_read_replica_in_use))"
      return 0
    fi
    sleep 0.1
  done
  echo "FAIL: the renamed product was not read back"; exit 1
}

stop_replica() {
  if [ -f "$REPLICA_DIR/postmaster.pid" ]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$REPLICA_DIR" -m fast stop >/dev/null
  fi
  rm -rf "$REPLICA_DIR"
}

if [ "${1:-}" = "--stop" ]; then
  stop_replica
  echo "replica stopped and removed"
  exit 0
fi

# Replication connections must be allowed from loopback (a line of its own: 'all' does not cover them).
if ! grep -Eq '^host\s+replication\s+all\s+127\.0\.0\.1/32' "$HBA"; then
  echo "host replication all 127.0.0.1/32 trust" >>"$HBA"
  psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select pg_reload_conf()' >/dev/null
  echo "allowed replication from 127.0.0.1 in $HBA"
fi

stop_replica
# The store's database exists before the base backup, so the replica starts with it.
DEMO_DB=wholesale_replica_demo
psql -h 127.0.0.1 -U postgres -d postgres -q -c "drop database if exists $DEMO_DB with (force)" -c "create database $DEMO_DB"
mkdir -p "$REPLICA_DIR" && chown postgres:postgres "$REPLICA_DIR" && chmod 700 "$REPLICA_DIR"
# -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
runuser -u postgres -- "$PG_BIN/pg_basebackup" -d "$PRIMARY" -D "$REPLICA_DIR" -R -X stream -c fast
# Debian keeps the configuration outside the data directory: give the replica its own.
cat >"$REPLICA_DIR/postgresql.conf" <<CONF
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
hot_standby = on
max_connections = 100
CONF
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$REPLICA_DIR/pg_hba.conf"
chown postgres:postgres "$REPLICA_DIR"/*.conf
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$REPLICA_DIR" -l "$REPLICA_DIR/replica.log" -w start >/dev/null

REPLICA="-h 127.0.0.1 -p $REPLICA_PORT -U postgres -d postgres"
echo "replica in recovery: $(psql $REPLICA -Atc 'select pg_is_in_recovery()')"
MARK="replica-check-$(date +%s%N)"
psql -h 127.0.0.1 -U postgres -d postgres -q -c "create table if not exists replica_check (mark text); insert into replica_check values ('$MARK')"
for _ in $(seq 1 100); do
  if [ "$(psql $REPLICA -Atc "select count(*) from replica_check where mark = '$MARK'" 2>/dev/null)" = "1" ]; then
    lag=$(psql $REPLICA -Atc "select coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0)::int")
    echo "a row written on the primary is on the replica (replay lag ${lag} ms)"
    if psql $REPLICA -Atc "insert into replica_check values ('x')" 2>/dev/null; then
      echo "FAIL: the replica accepted a write"; exit 1
    fi
    echo "the replica refuses writes (read-only hot standby)"
    psql -h 127.0.0.1 -U postgres -d postgres -q -c "drop table replica_check"
    echo "replica running on port $REPLICA_PORT: DATABASE_READ_URL=postgres://postgres@127.0.0.1:$REPLICA_PORT/<db>"
    if [ "${1:-}" = "--api" ]; then
      api_on_replica
    fi
    exit 0
  fi
  sleep 0.1
done
echo "FAIL: the row did not reach the replica"
exit 1
