import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';

// docs/conventions.md #8: en is the source; fr and es have exactly its keys, in every namespace (this
// globs the folders, so namespaces added later are covered too).
const dir = path.dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'fr', 'es'] as const;

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    keys(v, prefix ? `${prefix}.${k}` : k),
  );
}

function load(lang: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));
}

const namespaces = [
  ...new Set(
    LANGS.flatMap((lang) =>
      fs.readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json')),
    ),
  ),
].sort();

describe('locale files', () => {
  it('has the shell namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common.json', 'errors.json']));
  });

  describe.each(namespaces)('%s', (file) => {
    it.each(['fr', 'es'])('%s has exactly the en keys', (lang) => {
      expect(
        fs.existsSync(path.join(dir, 'en', file)),
        `en/${file} is the source and must exist`,
      ).toBe(true);
      expect(fs.existsSync(path.join(dir, lang, file)), `${lang}/${file} is missing`).toBe(true);
      const en = keys(load('en', file)).sort();
      const other = keys(load(lang, file)).sort();
      expect(
        other.filter((k) => !en.includes(k)),
        `keys in ${lang}/${file} but not in en`,
      ).toEqual([]);
      expect(
        en.filter((k) => !other.includes(k)),
        `keys in en/${file} missing from ${lang}`,
      ).toEqual([]);
    });

    it.each([...LANGS])('%s has no empty texts', (lang) => {
      if (!fs.existsSync(path.join(dir, lang, file))) return;
      const flat = (v: unknown): unknown[] =>
        v && typeof v === 'object' ? Object.values(v).flatMap(flat) : [v];
      for (const text of flat(load(lang, file)))
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    });
  });

  it('translates every error code of the contract', () => {
    for (const lang of LANGS) {
      const errors = load(lang, 'errors.json') as Record<string, string>;
      expect(Object.keys(ERROR_CODES).filter((code) => !errors[code])).toEqual([]);
    }
  });
});
