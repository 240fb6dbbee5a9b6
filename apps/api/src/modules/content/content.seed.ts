import { randomUUID } from 'node:crypto';
import { LANGS, type ContentKind, type Lang } from '@wholesale/contract';
import type { Database } from '../../db/client';
import { DEMO_IDENTITY } from '../../db/seed/demo-identity';
import { countItems, insertItem, insertTranslations } from './content.queries';
import type { ContentFiles } from './content.service';
import {
  DEMO_ARTICLES,
  DEMO_CATALOGUES,
  DEMO_FAQS,
  DEMO_NEWSLETTERS,
  DEMO_PATTERNS,
  DEMO_SLIDES,
  type Tri,
} from './content.demo-texts';
import {
  renderCoverImage,
  renderNewsletterImage,
  renderPdf,
  renderSlideImage,
} from './content.render';

const DATE_LABEL: Record<Lang, (d: Date) => string> = {
  en: (d) => d.toLocaleDateString('en-CA', { year: 'numeric', month: 'long', timeZone: 'UTC' }),
  fr: (d) => d.toLocaleDateString('fr-CA', { year: 'numeric', month: 'long', timeZone: 'UTC' }),
  es: (d) => d.toLocaleDateString('es-ES', { year: 'numeric', month: 'long', timeZone: 'UTC' }),
};

// The demo PDFs are the demo store's: its name from the demo identity (db/seed/demo-identity.ts).
const STORE = DEMO_IDENTITY.name;
const PDF_FOOTER: Record<Lang, string> = {
  en: `${STORE.en} — trade customers only. Prices and availability on the storefront.`,
  fr: `${STORE.fr} — réservé aux clients professionnels. Prix et disponibilité sur la boutique.`,
  es: `${STORE.es} — solo clientes profesionales. Precios y disponibilidad en la tienda.`,
};

const SHIP_PACK: Record<Lang, string> = { en: 'Ship pack', fr: 'Emballage', es: 'Paquete' };
const STEPS: Record<Lang, string> = { en: 'Steps', fr: 'Étapes', es: 'Pasos' };
const MATERIALS: Record<Lang, string> = { en: 'You will need', fr: 'Matériel', es: 'Materiales' };

async function store(files: ContentFiles, kind: ContentKind, ext: 'jpg' | 'pdf', data: Buffer) {
  const key = `content/${kind}/${randomUUID()}.${ext}`;
  await files.put(key, data, ext === 'pdf' ? 'application/pdf' : 'image/jpeg');
  return { key, size: data.length };
}

type Translations = Record<
  Lang,
  { title: string; body: string; file?: { key: string; size: number } }
>;

async function add(
  db: Database,
  kind: ContentKind,
  sortOrder: number,
  tr: Translations,
  extra: { craft?: string; linkPath?: string; issueDate?: string; coverKey?: string } = {},
) {
  const itemId = await insertItem(db, { kind, sortOrder, ...extra });
  await insertTranslations(
    db,
    LANGS.map((lang) => ({
      itemId,
      lang,
      title: tr[lang].title,
      body: tr[lang].body,
      fileKey: tr[lang].file?.key ?? null,
      fileSize: tr[lang].file?.size ?? null,
    })),
  );
}

/** One file per language, rendered and stored side by side: an item's translations point at them. */
async function storePerLang(
  files: ContentFiles,
  kind: ContentKind,
  ext: 'jpg' | 'pdf',
  render: (lang: Lang) => Promise<Buffer>,
): Promise<Record<Lang, { key: string; size: number }>> {
  const [en, fr, es] = await Promise.all(
    LANGS.map(async (lang) => store(files, kind, ext, await render(lang))),
  );
  return { en, fr, es };
}

function texts(
  title: Tri,
  body: Tri,
  files?: Record<Lang, { key: string; size: number }>,
): Translations {
  return {
    en: { title: title.en, body: body.en, file: files?.en },
    fr: { title: title.fr, body: body.fr, file: files?.fr },
    es: { title: title.es, body: body.es, file: files?.es },
  };
}

/**
 * Demo content in English, French and Spanish, loaded into a database with no content yet: carousel
 * slides and newsletter issues as real JPEG images (sharp), catalogues and free patterns as real PDFs
 * (pdfkit), FAQs and support articles. Files go through the storage interface. Returns what it added.
 */
export async function seedDemoContent(
  db: Database,
  files: ContentFiles,
): Promise<{ items: number; files: number }> {
  if ((await countItems(db)) > 0) return { items: 0, files: 0 };
  let fileCount = 0;
  let items = 0;

  for (const [i, slide] of DEMO_SLIDES.entries()) {
    const images = await storePerLang(files, 'carousel', 'jpg', (lang) =>
      renderSlideImage(slide.title[lang], slide.subtitle[lang], slide.colors),
    );
    fileCount += 3;
    await add(db, 'carousel', i, texts(slide.title, slide.subtitle, images), {
      linkPath: slide.link,
    });
    items++;
  }

  for (const [i, issue] of DEMO_NEWSLETTERS.entries()) {
    const date = new Date(`${issue.date}T00:00:00Z`);
    const images = await storePerLang(files, 'newsletter', 'jpg', (lang) =>
      renderNewsletterImage(
        issue.title[lang],
        DATE_LABEL[lang](date),
        issue.summary[lang],
        issue.colors,
      ),
    );
    fileCount += 3;
    await add(db, 'newsletter', i, texts(issue.title, issue.summary, images), {
      issueDate: issue.date,
    });
    items++;
  }

  for (const [i, cat] of DEMO_CATALOGUES.entries()) {
    const cover = await store(
      files,
      'catalogue',
      'jpg',
      await renderCoverImage('2026', cat.colors),
    );
    const pdfs = await storePerLang(files, 'catalogue', 'pdf', (lang) =>
      renderPdf({
        title: cat.title[lang],
        subtitle: cat.description[lang],
        color: cat.colors[0],
        footer: PDF_FOOTER[lang],
        author: STORE[lang],
        pagePerSection: true,
        sections: cat.sections.map((s, n) => ({
          heading: s[lang],
          lines: Array.from(
            { length: 18 },
            (_, k) =>
              `${cat.codePrefix}-${10000 + n * 100 + k * 7}   ${s[lang]} #${k + 1}   ${SHIP_PACK[lang]}: ${[6, 12, 24, 48][k % 4]}`,
          ),
        })),
      }),
    );
    fileCount += 4;
    await add(db, 'catalogue', i, texts(cat.title, cat.description, pdfs), { coverKey: cover.key });
    items++;
  }

  for (const [i, pattern] of DEMO_PATTERNS.entries()) {
    const pdfs = await storePerLang(files, 'pattern', 'pdf', (lang) =>
      renderPdf({
        title: pattern.title[lang],
        subtitle: pattern.description[lang],
        color: '#1f5c5a',
        footer: PDF_FOOTER[lang],
        author: STORE[lang],
        sections: [
          { heading: MATERIALS[lang], lines: [pattern.description[lang]] },
          { heading: STEPS[lang], lines: pattern.steps.map((s) => s[lang]) },
        ],
      }),
    );
    fileCount += 3;
    await add(db, 'pattern', i, texts(pattern.title, pattern.description, pdfs), {
      craft: pattern.craft,
    });
    items++;
  }

  for (const [i, faq] of DEMO_FAQS.entries()) {
    await add(db, 'faq', i, texts(faq.question, faq.answer));
    items++;
  }
  for (const [i, article] of DEMO_ARTICLES.entries()) {
    await add(db, 'support_article', i, texts(article.title, article.body));
    items++;
  }
  return { items, files: fileCount };
}
