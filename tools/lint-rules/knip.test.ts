import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// knip, with the repository's own knip.jsonc, on a small workspace (fixtures/knip): `npm run lint`
// fails on an unused dependency, file or export, and lets a module's empty door and the
// pino-pretty transport (loaded by name) pass.
const fixtureRoot = path.join(import.meta.dirname, 'fixtures', 'knip');
const repoRoot = path.join(import.meta.dirname, '..', '..');
const knipBin = path.join(repoRoot, 'node_modules', 'knip', 'bin', 'knip.js');
const config = path.join(repoRoot, 'knip.jsonc');

type Issue = {
  file: string;
  dependencies: { name: string }[];
  files: { name: string }[];
  exports: { name: string }[];
};

describe('knip', () => {
  it('fails on an unused dependency, an unused file and an unused export', () => {
    const run = spawnSync(
      process.execPath,
      [knipBin, '--config', config, '--reporter', 'json', '--no-progress'],
      { cwd: fixtureRoot, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(1);
    const { issues } = JSON.parse(run.stdout) as { issues: Issue[] };
    const of = (file: string) => issues.find((i) => i.file === file);
    expect(of('apps/api/package.json')?.dependencies.map((d) => d.name)).toEqual(['left-pad']);
    expect(issues.flatMap((i) => i.files.map((f) => f.name))).toEqual([
      'apps/api/src/lib/orphan.ts',
    ]);
    expect(of('apps/api/src/lib/used.ts')?.exports.map((e) => e.name)).toEqual(['neverImported']);
  });
});
