// `npm start`: builds what is missing or out of date, then runs one process that serves the API and
// the built SPA on PORT (default 3000), on the embedded PGlite database unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'apps/api/dist/.build-stamp');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/api/src', 'packages/contract/src'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const built =
  fs.existsSync(stamp) &&
  fs.existsSync(path.join(root, 'apps/web/dist/index.html')) &&
  fs.statSync(stamp).mtimeMs >= Math.max(...sources.map(newestMtime));

if (!built) {
  console.log('Building the web app and the API (first start or sources changed)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

const server = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    // The image's flags (Dockerfile; docs/deploy.md "Memory").
    '--max-old-space-size=512',
    '--no-allocation-site-pretenuring',
    path.join(root, 'apps/api/dist/server.js'),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
