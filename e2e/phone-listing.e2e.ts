import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkA11y, checkScreen, DESKTOP, newPage, PHONE, signIn } from './support/browser';
import { browserForFile } from './support/journey';

// On a phone the filters sit in a drawer behind a button counting the active
// ones, products come two per row, and a signed-in buyer keeps the cart total in sight; the desktop
// listing is unchanged; the class badge legend opens from a button.
const baseUrl = inject('baseUrl');
const LISTING = '/products/Buttons/Buttons/BT';
const browser = browserForFile();

async function cardBoxes(page: Page) {
  const grid = page.getByRole('list', { name: 'Products' });
  await grid.getByRole('article').first().waitFor();
  const articles = grid.getByRole('article');
  return Promise.all([0, 1, 2].map(async (i) => (await articles.nth(i).boundingBox())!));
}

describe('listings at phone and desktop widths', () => {
  it('a phone shows two cards per row and the filters in a drawer counting the active ones', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl, viewport: PHONE });
    await page.goto(LISTING);
    const [first, second, third] = await cardBoxes(page);
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(third.y).toBeGreaterThan(first.y + first.height - 1);
    // The filter panel is not open above the results.
    await expect(page.getByRole('complementary', { name: 'Filters' }).isVisible()).resolves.toBe(
      false,
    );
    await checkScreen(page, 'phone listing');

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter' });
    await drawer.waitFor();
    // Named once: the panel inside repeated the drawer's title just under it.
    await expect(drawer.getByRole('heading', { name: 'Filter' }).count()).resolves.toBe(1);
    // The choice goes into the URL (a navigation), so the box is ticked once the URL has it.
    await drawer.getByRole('checkbox').first().click();
    await page.waitForURL((url) => url.searchParams.has('brand'));
    await drawer.getByRole('checkbox', { checked: true }).first().waitFor();
    await checkA11y(page, 'filters drawer');
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect(
      page
        .getByRole('button', { name: 'Filters (1)' })
        .evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    expectNoConsoleErrors();
    await page.context().close();
  });

  it("keeps a signed-in buyer's cart total in sight on a phone", async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), { baseUrl, viewport: PHONE });
    await signIn(page);
    await page.goto(LISTING);
    const bar = page.getByRole('link', { name: /^Cart: \d+ items?, / });
    await bar.waitFor();
    await expect(bar.textContent()).resolves.toMatch(/CA\$\d/);
    await page.mouse.wheel(0, 3000);
    const box = (await bar.boundingBox())!;
    // Fixed above the bottom navigation, in the viewport whatever the scroll.
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.y).toBeGreaterThan(PHONE.height - 200);
    await checkA11y(page, 'phone listing, signed in');
    expectNoConsoleErrors();
    await page.context().close();
  });

  it('a desktop keeps the filter panel beside the grid, no drawer button nor cart bar', async () => {
    const { page, expectNoConsoleErrors } = await newPage(browser(), {
      baseUrl,
      viewport: DESKTOP,
    });
    await signIn(page);
    await page.goto(LISTING);
    const [first, second] = await cardBoxes(page);
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    await page.getByRole('complementary', { name: 'Filters' }).waitFor();
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).isVisible()).toBe(
      false,
    );
    expect(await page.getByRole('link', { name: /^Cart: \d+ items?, / }).isVisible()).toBe(false);
    const columns = await page
      .getByRole('list', { name: 'Products' })
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(5);

    // The class badges' legend, from a button.
    await page.getByRole('button', { name: 'What the class badges mean' }).click();
    const legend = page.getByRole('region', { name: 'Product classes' });
    await legend.getByText('Clearance').waitFor();
    await checkA11y(page, 'class legend');
    await page.keyboard.press('Escape');
    await legend.waitFor({ state: 'hidden' });
    expectNoConsoleErrors();
    await page.context().close();
  });
});
