import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_KINDS,
  KIND_RULES,
  contentTextsSchema,
  isSitePath,
  megabytes,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
} from './index';

const texts = {
  title_en: 'Title',
  title_fr: 'Titre',
  title_es: 'Título',
  body_en: 'Body',
  body_fr: 'Corps',
  body_es: 'Cuerpo',
};

describe('content rules', () => {
  it('keeps carousel links on this site: no scheme, no protocol-relative //, no backslash', () => {
    expect(isSitePath('/catalogues')).toBe(true);
    expect(isSitePath('/products/Buttons/Buttons/BT/F')).toBe(true);
    expect(isSitePath('/free-patterns?craft=knitting')).toBe(true);
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      'catalogues',
      '',
    ]) {
      expect(isSitePath(bad), bad).toBe(false);
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isSitePath(s)) {
          expect(s.startsWith('/')).toBe(true);
          expect(s.startsWith('//')).toBe(false);
          expect(s).not.toMatch(/[\s<>"':\\]/);
        }
      }),
    );
  });

  it('needs a title in every language for every kind, and a body for FAQs and articles', () => {
    for (const kind of CONTENT_KINDS) {
      const extra = { craft: 'knitting', link: '/catalogues', issue_date: '2026-10-01' };
      expect(contentTextsSchema(kind).safeParse({ ...texts, ...extra }).success, kind).toBe(true);
      const missing = contentTextsSchema(kind).safeParse({ ...extra, title_en: 'Only English' });
      expect(missing.success).toBe(false);
      const fields = missing.error!.issues.map((i) => String(i.path[0]));
      expect(fields).toEqual(expect.arrayContaining(['title_fr', 'title_es']));
      expect(fields.includes('body_fr')).toBe(KIND_RULES[kind].bodyRequired);
    }
  });

  it('trims texts, so a title of spaces is missing', () => {
    const result = contentTextsSchema('faq').safeParse({ ...texts, title_fr: '   ' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe('Title (French) is required');
  });

  it('checks the kind-specific fields', () => {
    expect(contentTextsSchema('pattern').safeParse({ ...texts, craft: 'welding' }).success).toBe(
      false,
    );
    expect(
      contentTextsSchema('newsletter').safeParse({ ...texts, issue_date: '2026-13-45' }).success,
    ).toBe(false);
    expect(
      contentTextsSchema('newsletter').safeParse({ ...texts, issue_date: '1 October' }).success,
    ).toBe(false);
    expect(contentTextsSchema('carousel').safeParse({ ...texts, link: '' }).success).toBe(true);
  });

  it('states the upload limits in megabytes', () => {
    expect(megabytes(MAX_PDF_BYTES)).toBe('10 MB');
    expect(megabytes(MAX_IMAGE_BYTES)).toBe('5 MB');
  });
});
