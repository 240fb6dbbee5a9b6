// Production API processes on a scratch PostgreSQL database, for the CI scripts that restart them
// under load (scale-test.mjs, rolling-restart-test.mjs). Needs the production build (npm run build).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const SEED = path.join(ROOT, 'apps/api/dist/db/seed/cli.js');

/** Runs a command to its end; rejects unless it exits 0. */
export function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args[0]} exited ${code}`)),
    );
  });
}

/** A port nothing listens on now (the kernel's choice), for a process that must keep it across restarts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database `name` on the server of CI_PG_URL (default the local one), seeded with the
 * bench generator; `drop()` removes it.
 */
export async function scratchDatabase(name, seedArgs) {
  const adminUrl = process.env.CI_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const dbUrl = url.toString();
  await run(process.execPath, [SEED, ...seedArgs], { DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' });
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  return {
    url: dbUrl,
    db,
    drop: async () => {
      await db.end().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** Sessions made straight in the database for `userIds`: the buyers' identity depends on no process. */
async function bearerSessions(db, userIds) {
  const sessions = [];
  for (const userId of userIds) {
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `insert into sessions (token_hash, user_id, csrf_token, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), userId, randomBytes(16).toString('hex')],
    );
    sessions.push({ userId, token });
  }
  return sessions;
}

/**
 * The load of a scratch bench database: every price in deep stock; the codes of the first
 * `products` Canadian products on sale; the first `buyers` Canadian bench customers with bearer
 * sessions (bearerSessions).
 */
export async function loadTestData(db, { products, buyers }) {
  await db.query(`update product_prices set available = 1000000`);
  const codes = (
    await db.query(
      `select p.product_id from products p join product_prices pp on pp.product_id = p.id and pp.country = 'ca'
       where p.active and p.class_code <> 'N' order by p.id limit $1`,
      [products],
    )
  ).rows.map((r) => r.product_id);
  const userIds = (
    await db.query(
      `select id from users where email like 'bench%@example.com' and country = 'ca' order by id limit $1`,
      [buyers],
    )
  ).rows.map((r) => r.id);
  if (userIds.length < buyers) throw new Error(`only ${userIds.length} Canadian bench customers`);
  return { codes, userIds, sessions: await bearerSessions(db, userIds) };
}

/** Starts dist/server.js in production mode on `port`; `exited` resolves with its exit code and signal. */
export function startApi({ port, dbUrl, encryptionKey, publicUrl, env = {} }) {
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      APP_ENCRYPTION_KEY: encryptionKey,
      PUBLIC_URL: publicUrl,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { port, child, exited };
}

/**
 * Resolves once the process on `port` answers /api/health/ready with 200; rejects when it exits
 * first or after `deadlineMs`. Asks again as soon as an answer (or a refused connection) comes back.
 */
export async function waitReady(api, deadlineMs = 120_000) {
  const deadline = Date.now() + deadlineMs;
  let gone = false;
  void api.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`API on ${api.port} exited before it was ready`);
    try {
      const res = await fetch(`http://127.0.0.1:${api.port}/api/health/ready`, {
        // A process taking its share of a heavy load may answer slowly: ask, then wait for the answer.
        signal: AbortSignal.timeout(15_000),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`API on ${api.port} not ready`);
    // One turn of the event loop between tries, so a refused connection does not spin the CPU.
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A script's checks: `check` prints and records one; `exit(errors)` prints "N passed, M failed"
 * (an error that ended the script counts as one more failure) and exits non-zero if any failed.
 */
export function scriptChecks() {
  const results = [];
  return {
    check(name, ok, detail = '') {
      results.push({ name, ok });
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
    },
    anyFailed: () => results.some((r) => !r.ok),
    exit(errors = 0) {
      const passed = results.filter((r) => r.ok).length;
      const failed = results.length - passed + errors;
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
  };
}
