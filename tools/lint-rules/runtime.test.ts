import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The project runs on one Node major, the current LTS named in .nvmrc; every place that picks a
// runtime must name the same one, and CI must actually run on it (scripts/use-node-lts.sh).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const ltsMajor = Number(read('.nvmrc').trim());

describe('the Node runtime', () => {
  it('is a supported LTS major (even, 24 or later)', () => {
    expect(ltsMajor % 2).toBe(0);
    expect(ltsMajor).toBeGreaterThanOrEqual(24);
  });

  it('is the one package.json engines, the Dockerfile and @types/node name', () => {
    const pkg = JSON.parse(read('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`>=${ltsMajor}`);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${ltsMajor}\\.`));
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]));
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([ltsMajor]));
  });

  it('runs the tests in CI', () => {
    expect(read('.ci/run')).toMatch(/^source scripts\/use-node-lts\.sh$/m);
    if (process.env.CI) {
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(ltsMajor);
    }
  });
});
