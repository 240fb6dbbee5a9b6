import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server the journeys run against, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
// WEB_DIST (optional) points the server and the budget check at another build of the web.
const WEB_INDEX = path.join(
  path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist'),
  'index.html',
);
const ARTIFACTS = path.join(ROOT, 'e2e/.artifacts');
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 240_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Builds the web and the API when their output is missing (CI builds first; this helps locally). */
function ensureBuilt(): void {
  for (const [file, workspace] of [
    [WEB_INDEX, '@wholesale/web'],
    [SERVER, '@wholesale/api'],
  ] as const) {
    if (fs.existsSync(file)) continue;
    console.log(`[e2e] ${path.relative(ROOT, file)} is missing: npm run build -w ${workspace}`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`Building ${workspace} failed`);
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const log = fs.existsSync(logFile)
    ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')
    : '';
  throw new Error(
    `${exited !== null ? `The server exited with code ${exited}` : `The server was not healthy after ${READY_TIMEOUT_MS} ms`}\n--- ${logFile} ---\n${log}`,
  );
}

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
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
