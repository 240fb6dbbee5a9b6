import { describe, expect, inject, it } from 'vitest';
import { newPage, signIn } from './support/browser';
import { browserForFile } from './support/journey';

// docs/product/storefront-ux.md: a page number past the last page (an old link, a shrunk list), on a
// buyer listing or a back-office list, goes to the last page, replacing the address, with one
// pagination bar showing "Page N of N" over real results.
const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('out-of-range pages', () => {
  it('the search page and a category listing go to their last page', async () => {
    const { page, context, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await page.goto('/search-page/ribbon/999');
    await page.waitForURL((url) => !url.pathname.endsWith('/999'));
    const last = Number(page.url().split('/').pop());
    expect(last).toBeGreaterThan(1);
    await page.getByRole('list', { name: /./ }).getByRole('article').first().waitFor();
    const selector = page.getByRole('button', { name: /Select a Page/ });
    await expect.poll(() => selector.first().textContent()).toContain(`Page ${last} of ${last}`);
    expect(await page.getByText(/Displaying 0 of/).count()).toBe(0);
    // Back does not return to the out-of-range address.
    await page.goBack();
    expect(page.url()).not.toContain('/999');

    await page.goto('/products/Buttons/Buttons/BT?page=999');
    await page.waitForURL((url) => url.searchParams.get('page') !== '999');
    const listingPage = Number(new URL(page.url()).searchParams.get('page') ?? '1');
    await page.getByRole('list', { name: 'Products' }).getByRole('article').first().waitFor();
    await expect
      .poll(() => selector.first().textContent())
      .toContain(`Page ${listingPage} of ${listingPage}`);
    expectNoConsoleErrors();
    await context.close();
  });

  it("a buyer's order history past its last page shows the last page", async () => {
    const { page, context, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await signIn(page);
    await page.goto('/order?page=99');
    await page.waitForURL((url) => url.searchParams.get('page') !== '99');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expectNoConsoleErrors();
    await context.close();
  });

  it('the staff order desk past its last page shows the last page, keeping its filters', async () => {
    const { page, context, expectNoConsoleErrors } = await newPage(browser(), { baseUrl });
    await signIn(page, 'admin@example.com');
    await page.goto('/admin/orders?sort=total_asc&page=999');
    await page.waitForURL((url) => url.searchParams.get('page') !== '999');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('total_asc');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expectNoConsoleErrors();
    await context.close();
  });
});
