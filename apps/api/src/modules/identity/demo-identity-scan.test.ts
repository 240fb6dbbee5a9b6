import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITY } from '../../db/seed/demo-identity';

/*
 * The demo store's name, address, phones and copyright live in the demo seed only
 * (db/seed/demo-identity.ts): everything else reads the identity an admin saved
 * (docs/product/back-office-staff-and-customers.md, "Store identity"). This scans the source tree
 * (locale files, templates, code, index.html) and fails on any of them outside the seed and tests.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const SCANNED = ['apps/api/src', 'apps/web/src', 'apps/web/index.html', 'packages/contract/src'];
const SEED = 'apps/api/src/db/seed/demo-identity.ts';
const TEXT_FILE = /\.(ts|tsx|js|mjs|json|html|css|md|txt)$/;
/** Tests and their fixtures may name a store: they are not what the store shows. */
const isTestFile = (file: string) =>
  /\.test\.tsx?$/.test(file) || /\.e2e\.ts$/.test(file) || /\/src\/test\//.test(file);

/** What gives the demo store away, wherever it is written. */
const DEMO_MARKS = [
  DEMO_IDENTITY.name.en,
  DEMO_IDENTITY.legal_name,
  '1250 Industrial',
  '1250, rue Industrielle',
  'H4N 2K1',
  ...[DEMO_IDENTITY.head_office, DEMO_IDENTITY.support_fr, DEMO_IDENTITY.support_es].map(
    (block) => block.phone,
  ),
  '800-555-014',
  '© 2025',
];

function filesUnder(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((d) => d.name !== 'node_modules' && d.name !== 'dist')
    .flatMap((d) => filesUnder(path.join(entry, d.name)));
}

describe('the demo identity', () => {
  it('is only in the demo seed: no locale file, template or code names the demo store', () => {
    const files = SCANNED.flatMap(filesUnder).filter(
      (file) => TEXT_FILE.test(file) && file !== SEED && !isTestFile(file),
    );
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      return DEMO_MARKS.filter((mark) => text.includes(mark)).map((mark) => `${file}: ${mark}`);
    });
    expect(found).toEqual([]);
  });

  it('the seed still holds what the scan looks for (the scan can fail)', () => {
    const seed = fs.readFileSync(path.join(ROOT, SEED), 'utf8');
    for (const mark of DEMO_MARKS.filter((m) => m !== '© 2025')) expect(seed).toContain(mark);
  });
});
