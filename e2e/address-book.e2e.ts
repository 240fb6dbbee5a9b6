import { describe, expect, inject, it } from 'vitest';
import {
  checkA11y,
  expectNoErrorsBut,
  missingImage,
  newPage,
  PHONE,
  signIn,
} from './support/browser';
import { browserForFile } from './support/journey';

// The buyer's address book (docs/product/accounts.md "Addresses") on a phone: nothing wider than
// the screen, the ZIP code checked against the state before anything is sent, an address
// added, made the default and the old default kept, then the added one removed again (the demo
// data stays as it was for the other journeys).
const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('address book', () => {
  it('at 390 px a buyer adds an address, makes it the default and removes it again', async () => {
    const { page, errors } = await newPage(browser(), { baseUrl, viewport: PHONE });
    await signIn(page, 'buyer.us@example.com');
    await page.goto('/profile/addresses');
    await page.getByRole('heading', { level: 1, name: 'My addresses' }).waitFor();
    await page.getByRole('listitem').first().waitFor();
    const before = await page.getByRole('listitem').count();
    expect(before).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add an address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Name of the address (e.g. Warehouse)').fill('E2E depot');
    await form.getByLabel('Company or consignee').fill('E2E Yarns');
    await form.getByLabel('Street address').fill('1 Main Street');
    await form.getByLabel('City').fill('Albany');
    await form.getByLabel('State').selectOption('NY');
    await form.getByLabel('ZIP code').fill('90210');
    await form.getByRole('button', { name: 'Save address' }).click();
    await form.getByText('ZIP code does not belong to the state chosen').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await checkA11y(page, 'phone address form');

    await form.getByLabel('ZIP code').fill('12205 1234');
    await form.getByRole('button', { name: 'Save address' }).click();
    const card = page.getByRole('listitem', { name: 'E2E depot' });
    await card.getByText(/12205-1234/).waitFor();
    await card.getByRole('button', { name: 'Make default E2E depot' }).click();
    await card.getByText('Default ship-to').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await checkA11y(page, 'phone address book');

    // Give the default back, then remove the added address after confirming.
    const first = page.getByRole('listitem').nth(1);
    const firstName = (await first.getAttribute('aria-label')) ?? '';
    await first.getByRole('button', { name: `Make default ${firstName}` }).click();
    await first.getByText('Default ship-to').waitFor();
    await card.getByRole('button', { name: 'Remove E2E depot' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem').count()).toBe(before);
    expectNoErrorsBut(errors, missingImage);
    await page.context().close();
  });
});
