import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The production build of the API (it serves the web build too). */
export const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
// WEB_DIST (optional) points the server and the budget check at another build of the web.
export const WEB_INDEX = path.join(
  path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist'),
  'index.html',
);
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 240_000);

export function freePort(): Promise<number> {
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
export function ensureBuilt(): void {
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

export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  logFile: string,
): Promise<void> {
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

/** Stops a server the journeys started: SIGTERM, and SIGKILL when it has not exited in 10 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
