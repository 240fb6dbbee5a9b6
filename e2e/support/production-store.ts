import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt, freePort, ROOT, SERVER, stopProcess, waitForHealth } from './server';

const STAFF_CREATE = path.join(ROOT, 'apps/api/dist/staff-create.js');
const ARTIFACTS = path.join(ROOT, 'e2e/.artifacts');

export type ProductionStore = {
  /** Where buyers and staff open the store: http://localhost:<port> (its PUBLIC_URL). */
  baseUrl: string;
  /** Reads the store's database directly: only to check what a journey did, never to set it up. */
  db: pg.Client;
  /** `node apps/api/dist/staff-create.js <args>` as the README says; answers what it printed. */
  staffCreate: (args: string[]) => Promise<string>;
  stop: () => Promise<void>;
};

/** Runs a built command with the store's environment; rejects unless it exits 0. */
function runCommand(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { cwd: ROOT, env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${file} exited ${code}:\n${out}`)),
    );
  });
}

/**
 * A store as a distributor starts it (README "Filling a production store"): the production build
 * with NODE_ENV=production on a new, empty PostgreSQL database of the server at CI_PG_URL (default
 * the local one), no demo data, no SMTP, an encryption key of its own. PUBLIC_URL is
 * http://localhost:<port>, the one plain-http address production accepts.
 */
export async function startProductionStore(name: string): Promise<ProductionStore> {
  ensureBuilt();
  const adminUrl = process.env.CI_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl.toString(),
    PUBLIC_URL: baseUrl,
    APP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  for (const unset of [
    'SMTP_URL',
    'DEMO_DATA',
    'REDIS_URL',
    'TRUST_PROXY',
    'ALLOW_EMBEDDED_DATABASE',
  ])
    delete env[unset];

  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = path.join(ARTIFACTS, `${name}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  try {
    await waitForHealth(baseUrl, child, logFile);
    await db.connect();
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    db,
    staffCreate: (args) => runCommand(STAFF_CREATE, args, env),
    stop: async () => {
      await stopProcess(child);
      fs.closeSync(log);
      await db.end().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
