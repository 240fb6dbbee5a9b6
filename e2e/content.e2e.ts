import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkA11y, newPage, openScreen, PHONE, signIn } from './support/browser';
import { browserForFile } from './support/journey';

// Content journeys: every content page in English, French and Spanish without a console error; the
// FAQ search finds an answer (despite a typo); staff add a newsletter in /admin/content and a guest
// sees it on /newsletter.
const baseUrl = inject('baseUrl');
const browser = browserForFile();

type Lang = 'en' | 'fr' | 'es';
const STORED: Record<Lang, string> = { en: '', fr: 'fr', es: 'es' };

/** What each page must show in each language: its heading and one piece of its content. */
const PAGES: {
  path: string;
  heading: Record<Lang, RegExp | string>;
  content: Record<Lang, string>;
}[] = [
  {
    path: '/about-us',
    heading: { en: 'About Us', fr: 'À propos', es: 'Quiénes somos' },
    content: { en: 'What we offer', fr: 'Ce que nous offrons', es: 'Lo que ofrecemos' },
  },
  {
    path: '/catalogues',
    heading: { en: 'Catalogues', fr: 'Catalogues', es: 'Catálogos' },
    content: {
      en: 'Notions catalogue 2026',
      fr: 'Catalogue de mercerie 2026',
      es: 'Catálogo de mercería 2026',
    },
  },
  {
    path: '/newsletter',
    heading: { en: 'Newsletter', fr: 'Infolettre', es: 'Boletín' },
    content: {
      en: 'Autumn 2026 newsletter',
      fr: 'Infolettre automne 2026',
      es: 'Boletín otoño 2026',
    },
  },
  {
    path: '/free-patterns',
    heading: { en: 'Free Patterns', fr: 'Patrons gratuits', es: 'Patrones gratis' },
    content: {
      en: 'Easy ribbed scarf',
      fr: 'Écharpe côtelée facile',
      es: 'Bufanda acanalada fácil',
    },
  },
  {
    path: '/customer-support',
    heading: { en: 'Customer Support', fr: 'Service à la clientèle', es: 'Atención al cliente' },
    content: { en: 'Contact us', fr: 'Nous joindre', es: 'Contáctenos' },
  },
];

const CAROUSEL: Record<Lang, string> = { en: 'Highlights', fr: 'À la une', es: 'Destacados' };
const BEST: Record<Lang, string> = {
  en: 'Best sellers',
  fr: 'Meilleures ventes',
  es: 'Más vendidos',
};

/**
 * NOTE: Chromium logs every failed fetch as a console error. Product thumbnails the demo catalogue has
 * no file for answer 404 under /images/ (the product card shows its placeholder); that one is expected
 * on the home page's product sections, everything else fails the journey.
 */
function expectNoErrorsButThumbnails(errors: string[]): void {
  const unexpected = errors.filter(
    (e) => !(e.includes('Failed to load resource') && e.includes('/images/')),
  );
  expect(unexpected, 'console errors or page errors').toEqual([]);
}

async function openIn(lang: Lang, viewport?: { width: number; height: number }) {
  const journey = await newPage(browser(), { baseUrl, ...(viewport ? { viewport } : {}) });
  await journey.context.addInitScript(
    (stored) => window.localStorage.setItem('selectedLanguage', stored),
    STORED[lang],
  );
  return journey;
}

/** A page in `lang`, signed in as `email`. */
async function openSignedIn(lang: Lang, email: string) {
  const journey = await openIn(lang);
  await signIn(journey.page, email);
  return journey;
}

/** Every <img> inside the locator finished loading with real pixels. */
async function imagesLoaded(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (sel) =>
      Array.from(document.querySelectorAll<HTMLImageElement>(sel)).every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    selector,
  );
}

describe('content journeys', () => {
  for (const lang of ['en', 'fr', 'es'] as const) {
    it(`renders the home page and every content page in ${lang}`, async () => {
      const { page, errors } = await openIn(lang);
      await page.goto('/');
      const carousel = page.getByRole('region', { name: CAROUSEL[lang] });
      await carousel.waitFor();
      await expect.poll(() => imagesLoaded(page, '.carousel__slide:not([hidden]) img')).toBe(true);
      await page.getByRole('heading', { name: BEST[lang], level: 2 }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);

      for (const target of PAGES) {
        await openScreen(page, target.path, target.heading[lang]);
        await page.getByText(target.content[lang], { exact: true }).first().waitFor();
      }
      expectNoErrorsButThumbnails(errors);
      await page.context().close();
    });
  }

  it('has no serious accessibility violation on any content page (axe)', async () => {
    const { page, errors } = await openIn('en');
    for (const path of ['/', ...PAGES.map((p) => p.path)]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await checkA11y(page, path);
    }
    expectNoErrorsButThumbnails(errors);
    await page.context().close();
  }, 180_000);

  it('pauses the carousel and moves it with the keyboard', async () => {
    const { page, errors } = await openIn('en');
    await page.goto('/');
    const pause = page.getByRole('button', { name: 'Pause the slide show' });
    await pause.click();
    await page.getByRole('button', { name: 'Play the slide show' }).waitFor();
    await page.getByRole('button', { name: /^Slide 1: / }).click();
    await page.getByRole('group', { name: '1 of 3' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('group', { name: '2 of 3' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('group', { name: '3 of 3' }).waitFor();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await page.getByRole('group', { name: '1 of 3' }).waitFor();
    expectNoErrorsButThumbnails(errors);
    await page.context().close();
  });

  it('opens a catalogue PDF and filters free patterns by craft on a phone', async () => {
    const { page, expectNoConsoleErrors } = await openIn('fr', PHONE);
    await page.goto('/catalogues');
    const open = page.getByRole('link', { name: /Ouvrir le PDF Catalogue de mercerie 2026/ });
    const href = await open.getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const download = await page
      .getByRole('link', { name: /Télécharger Catalogue de mercerie 2026/ })
      .getAttribute('href');
    expect((await page.request.get(download!)).headers()['content-disposition']).toMatch(
      /^attachment;/,
    );
    await expect.poll(() => imagesLoaded(page, '.cover-grid img')).toBe(true);

    await page.goto('/free-patterns');
    await page.getByRole('heading', { name: 'Écharpe côtelée facile' }).waitFor();
    await page.getByLabel('Technique').selectOption('quilting');
    await page.waitForURL((url) => url.searchParams.get('craft') === 'quilting');
    await page.getByRole('heading', { name: 'Courtepointe bébé neuf carrés' }).waitFor();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Écharpe côtelée facile' }).count())
      .toBe(0);
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('finds an answer with the FAQ search, despite a typo, and opens a FAQ', async () => {
    const { page, expectNoConsoleErrors } = await openSignedIn('en', 'buyer.ca@example.com');
    await page.goto('/customer-support');
    const faq = page.getByRole('button', { name: 'Can I return an item?' });
    await faq.click();
    await page
      .getByRole('region', { name: 'Can I return an item?' })
      .getByText(/prior authorization/)
      .waitFor();

    const ask = page.getByRole('region', { name: 'Ask a question' });
    await ask.getByRole('searchbox', { name: 'Your question' }).fill('how long does shiping take');
    await ask.getByRole('button', { name: 'Search', exact: true }).click();
    const first = page.locator('.support-results > li').first();
    await first.getByRole('heading', { name: 'How long does shipping take?' }).waitFor();
    expect(await first.locator('mark').allTextContents()).toContain('shipping');
    await checkA11y(page, '/customer-support (signed in)');
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('staff add a newsletter in /admin/content; a guest sees it first on /newsletter', async () => {
    const { page, expectNoConsoleErrors } = await openSignedIn('en', 'admin@example.com');
    await page.goto('/admin/content');
    await page.getByRole('button', { name: 'Newsletters' }).click();
    await page.getByRole('heading', { name: 'Add to Newsletters' }).waitFor();
    const form = page.getByRole('form', { name: 'Add to Newsletters' });
    const stamp = Date.now().toString(36);
    const titles = {
      English: `Holiday ${stamp} issue`,
      French: `Numéro des fêtes ${stamp}`,
      Spanish: `Número festivo ${stamp}`,
    };
    for (const [legend, title] of Object.entries(titles)) {
      const group = form.getByRole('group', { name: legend });
      await group.getByLabel('Title').fill(title);
      await group.getByLabel(/^Text/).fill(`${legend} summary`);
    }
    const image = await sharp({
      create: { width: 400, height: 520, channels: 3, background: '#aa3355' },
    })
      .jpeg()
      .toBuffer();
    await form
      .getByRole('group', { name: 'English' })
      .getByLabel(/^Image/)
      .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: image });
    await form.getByLabel('Issue date').fill('2027-12-01');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const toast = page.getByText('Item added');
    await toast.waitFor();
    await page.getByRole('heading', { name: titles.English, level: 3 }).waitFor();
    // NOTE: axe runs once the toast is gone (the shared toaster's success colours are checked elsewhere).
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    await checkA11y(page, '/admin/content');
    expectNoConsoleErrors();
    await page.context().close();

    // A guest, in French.
    const guest = await openIn('fr');
    await guest.page.goto('/newsletter');
    const firstIssue = guest.page.locator('.newsletter-list > li').first();
    await firstIssue.getByRole('heading', { name: titles.French }).waitFor();
    await expect
      .poll(() => imagesLoaded(guest.page, '.newsletter-list > li:first-child img'))
      .toBe(true);
    guest.expectNoConsoleErrors();
    await guest.page.context().close();
  });

  it('keeps customers out of /admin/content and its API', async () => {
    const { page, errors } = await openSignedIn('en', 'buyer.ca@example.com');
    await page.goto('/admin/content');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('region', { name: CAROUSEL.en }).waitFor();
    expect(await page.getByRole('heading', { name: 'Content management' }).count()).toBe(0);
    // The browser's own session cookie, outside the page (a failed fetch in the page logs an error).
    expect((await page.request.get('/api/admin/content/faq')).status()).toBe(403);
    expectNoErrorsButThumbnails(errors);
    await page.context().close();
  });
});
