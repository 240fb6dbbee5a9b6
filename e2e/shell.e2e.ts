import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkA11y, DESKTOP, newPage, PHONE } from './support/browser';
import { browserForFile } from './support/journey';
import { categories } from './support/catalogue';

// Shell journeys: the shared layout in real Chromium, at desktop and phone widths, in
// English, French and Spanish.
const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** The categories of the menu in `lang` (Zippers has no products in the demo data). */
const menuCategories = async (lang: string) =>
  (await categories(baseUrl, lang)).filter((c) => c.name !== 'Zippers');

const MENU = {
  en: 'Product categories',
  fr: 'Catégories de produits',
  es: 'Categorías de productos',
} as const;

async function menuLinks(page: Page, lang: keyof typeof MENU) {
  const links = page.getByRole('navigation', { name: MENU[lang] }).getByRole('link');
  await links.first().waitFor();
  return links;
}

describe('shell journeys', () => {
  it('opens home, switches to Français, sees the menu in French and follows a category link', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await page.goto('/');
    const en = await menuCategories('en');
    expect(en.length, 'demo categories').toBeGreaterThan(0);
    await expect
      .poll(() => menuLinks(page, 'en').then((l) => l.allTextContents()))
      .toContain(en[0].category);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    const fr = await menuCategories('fr');
    const frLinks = await menuLinks(page, 'fr');
    await expect.poll(() => frLinks.allTextContents()).toContain(fr[0].category);
    await page.getByRole('link', { name: 'À propos' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('fr');

    const target = fr.find((c) => c.name !== 'Promotions') ?? fr[0];
    await page
      .getByRole('navigation', { name: MENU.fr })
      .getByRole('link', { name: target.category, exact: true })
      .click();
    await page.waitForURL((url) =>
      url.pathname.startsWith(`/products/${encodeURIComponent(target.name)}/`),
    );
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(
      `/products/${target.name}/${target.category}/${target.cat_code}`,
    );
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: /Erreur inattendue/ }).count()).toBe(0);

    // The language survives a reload.
    await page.reload();
    await menuLinks(page, 'fr');
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('loads the app from a deep link', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    const response = await page.goto('/products/Buttons/Buttons/BT/F');
    expect(response?.status()).toBe(200);
    await menuLinks(page, 'en');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(
      0,
    );
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('shows the mobile header and bottom bar at a phone viewport; back goes one step back', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl, viewport: PHONE });
    await page.goto('/');
    const bottom = page.getByRole('navigation', { name: 'Quick navigation' });
    await bottom.waitFor();
    expect(await bottom.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    expect(await bottom.getByRole('combobox', { name: 'Language' }).isVisible()).toBe(true);
    expect(await bottom.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    // The desktop top bar is not shown on a phone.
    expect(await page.getByRole('navigation', { name: 'Information' }).isVisible()).toBe(false);
    const box = await bottom.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(PHONE.height);

    await bottom.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await bottom.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page
      .getByRole('navigation', { name: 'Navegación rápida' })
      .getByRole('link', { name: 'Inicio' })
      .waitFor();
    expectNoConsoleErrors();
    await page.context().close();
  });

  for (const [viewportName, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const lang of ['en', 'fr', 'es'] as const) {
      it(`has no console error and no serious axe violation: ${viewportName}, ${lang}`, async () => {
        const { page, context, expectNoConsoleErrors } = await newPage(browser(), {
          baseUrl,
          viewport,
        });
        const stored = lang === 'en' ? '' : lang;
        await context.addInitScript(
          (value) => localStorage.setItem('selectedLanguage', value),
          stored,
        );
        await page.goto('/');
        if (viewportName === 'desktop') await menuLinks(page, lang);
        else await page.locator('.mobile-bottom-bar').waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        await checkA11y(page, `home ${viewportName} ${lang}`);
        await page.goto('/about-us');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await checkA11y(page, `about-us ${viewportName} ${lang}`);
        expectNoConsoleErrors();
        await context.close();
      });
    }
  }
});
