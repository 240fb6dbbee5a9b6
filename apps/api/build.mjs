// Bundles the API into dist/server.js (the contract package is inlined; npm dependencies stay
// external) and copies the SQL migrations beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: [
    'src/server.ts',
    'src/staff-create.ts',
    'src/db/seed/cli.ts',
    'src/workers/mail-worker.ts',
  ]
    .filter((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    })
    // The import parser's worker thread, started by the server from beside it (import.parser.ts).
    .concat([
      { in: 'src/modules/catalogue-admin/import.parser-worker.ts', out: 'import-parser-worker' },
    ]),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('api built to dist/');
