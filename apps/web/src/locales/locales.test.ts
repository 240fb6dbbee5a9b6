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

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A key with its plural suffix dropped: the languages' plural categories differ (fr/es add many). */
function family(key: string): string {
  return key.replace(PLURAL, '');
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
      const en = [...new Set(keys(load('en', file)).map(family))].sort();
      const other = [...new Set(keys(load(lang, file)).map(family))].sort();
      expect(
        other.filter((k) => !en.includes(k)),
        `keys in ${lang}/${file} but not in en`,
      ).toEqual([]);
      expect(
        en.filter((k) => !other.includes(k)),
        `keys in en/${file} missing from ${lang}`,
      ).toEqual([]);
    });

    it.each([...LANGS])('%s gives every plural key the forms its plural rules need', (lang) => {
      const all = keys(load(lang, file));
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const base of new Set(all.filter((k) => PLURAL.test(k)).map(family)))
        for (const category of needed)
          expect(all, `${lang}/${file}: ${base} needs _${category}`).toContain(
            `${base}_${category}`,
          );
    });

    it.each([...LANGS])('%s counts things through plural forms (no "1 lines")', (lang) => {
      const flat = (v: unknown, prefix = ''): [string, unknown][] =>
        v && typeof v === 'object'
          ? Object.entries(v).flatMap(([k, x]) => flat(x, prefix ? `${prefix}.${k}` : k))
          : [[prefix, v]];
      // A count followed by a word ("{{count}} lines") must be a plural form; "Cart ({{count}})" need not.
      const counted = flat(load(lang, file)).filter(
        ([, text]) => typeof text === 'string' && /\{\{count\}\}\s+\p{L}/u.test(text),
      );
      expect(counted.filter(([key]) => !PLURAL.test(key)).map(([key]) => key)).toEqual([]);
    });

    it.each([...LANGS])('%s has no empty texts', (lang) => {
      if (!fs.existsSync(path.join(dir, lang, file))) return;
      const flat = (v: unknown): unknown[] =>
        v && typeof v === 'object' ? Object.values(v).flatMap(flat) : [v];
      for (const text of flat(load(lang, file)))
        expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    });
  });

  it('puts no French article before a name it cannot elide ("Sous-catégories de Aiguilles")', () => {
    // Numbers and dates take "de"/"le" safely; a name may start with a vowel ("d’Aiguilles").
    const numeric = new Set([
      'shown',
      'total',
      'count',
      'date',
      'when',
      'id',
      'available',
      'n',
      'done',
    ]);
    const flat = (v: unknown): string[] =>
      v && typeof v === 'object' ? Object.values(v).flatMap(flat) : [String(v)];
    const offending = namespaces
      .filter((file) => fs.existsSync(path.join(dir, 'fr', file)))
      .flatMap((file) => flat(load('fr', file)))
      .filter((text) =>
        [...text.matchAll(/\b(?:de|le|la|que) \{\{(\w+)\}\}/gi)].some((m) => !numeric.has(m[1])),
      );
    expect(offending).toEqual([]);
  });

  it('translates every error code of the contract', () => {
    for (const lang of LANGS) {
      const errors = load(lang, 'errors.json') as Record<string, string>;
      expect(Object.keys(ERROR_CODES).filter((code) => !errors[code])).toEqual([]);
    }
  });

  // Regression: Spanish said "paquetes de envío" on the product page and "paquetes" in the cart. A
  // ship pack has one name per language, everywhere: ship pack, emballage, paquete de envío.
  it.each([
    ['en', /\b(?<!ship )packs?\b/i],
    ['fr', /emballages? d[’']exp[ée]dition/i],
    ['es', /\bpaquetes?\b(?! de env[íi]o)/i],
  ] as const)('calls a ship pack by one name in %s', (lang, stray) => {
    const strings = (v: unknown, at: string): Array<[string, string]> =>
      v && typeof v === 'object'
        ? Object.entries(v).flatMap(([k, x]) => strings(x, `${at}.${k}`))
        : [[at, String(v)]];
    const offending = namespaces
      .flatMap((file) => strings(load(lang, file), file))
      .filter(([, text]) => stray.test(text.replace(/\{\{\w+\}\}/g, '')));
    expect(offending).toEqual([]);
  });
});
