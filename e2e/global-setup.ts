import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt, freePort, ROOT, SERVER, stopProcess, waitForHealth } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server the journeys run against, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

const ARTIFACTS = path.join(ROOT, 'e2e/.artifacts');

/**
 * Starts the production server (`node apps/api/dist/server.js`) on a free port with a fresh data
 * folder (embedded PGlite + demo data), waits for /api/health and hands its URL to the journeys.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(ARTIFACTS, 'server.log');
  const log = fs.openSync(logFile, 'w');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // NOTE: NODE_ENV=test may not seed and production never seeds by default: development + DEMO_DATA.
    NODE_ENV: 'development',
    DEMO_DATA: process.env.E2E_DEMO_DATA ?? 'true',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    // Journeys submit several credit applications from this one address.
    APPLICATIONS_PER_HOUR: '1000',
  };
  // The journeys use the embedded database even when the unit tests ran on PostgreSQL.
  delete env.DATABASE_URL;

  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const started = Date.now();
  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  console.log(`[e2e] server ready at ${baseUrl} in ${Date.now() - started} ms (data ${dataDir})`);
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stopProcess(child);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
