import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  checkA11y,
  expectNoErrorsBut,
  missingImage,
  newPage,
  openScreen,
  PHONE,
  signedInPage,
} from './support/browser';
import { browserForFile } from './support/journey';
import { apiSignIn, FRENCH_BUYER, signInOnPage } from './support/demo-accounts';

// Customer administration (docs/product/back-office-staff-and-customers.md): a buyer is
// signed in; staff with the credit role deactivate the account on /admin/customers; the buyer's
// next navigation finds them signed out, and signing in again says the account is inactive, in the
// buyer's French; staff reactivate it and the buyer signs in again. The credit account works in
// French (demo data).
const baseUrl = inject('baseUrl');
const { email: BUYER, code: BUYER_CODE, company: BUYER_COMPANY } = FRENCH_BUYER;
const STAFF = 'credit@example.com';
const browser = browserForFile();

afterAll(async () => {
  // Whatever happened above, the demo buyer is active again for the other journeys.
  const admin = await apiSignIn(baseUrl, 'admin@example.com');
  const customers = await fetch(`${baseUrl}/api/admin/customers?q=${BUYER_CODE}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const { data } = (await customers.json()) as { data: Array<{ id: number; active: boolean }> };
  for (const c of data.filter((x) => !x.active))
    await fetch(`${baseUrl}/api/admin/customers/${c.id}/reactivate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
});

/** The 401s of a session that staff ended, and of the refused sign-in, are this journey's subject. */
const sessionEnded = (e: string) =>
  missingImage(e) ||
  (e.includes('Failed to load resource') &&
    (e.includes('status of 401') || e.includes('status of 403')));

async function openCustomer(page: Page): Promise<void> {
  await openScreen(page, '/admin/customers', 'Clients');
  const search = page.getByLabel('Rechercher des clients');
  await search.fill(BUYER_CODE);
  await search.press('Enter');
  await page.getByRole('link', { name: BUYER_COMPANY }).click();
  await page.getByRole('heading', { level: 1, name: BUYER_COMPANY }).waitFor();
}

/** The buyer signs in on the sign-in page and reaches their order history. */
async function buyerSignsInToOrders(page: Page): Promise<void> {
  await signInOnPage(page, BUYER);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/order');
  await page.getByRole('heading', { name: 'Historique des commandes' }).waitFor();
}

describe('customer administration journey', () => {
  it(
    'deactivating a signed-in buyer signs them out; sign-in says inactive until staff reactivate',
    { timeout: 240_000 },
    async () => {
      const buyer = await newPage(browser(), { baseUrl });
      await buyerSignsInToOrders(buyer.page);

      const staff = await signedInPage(browser(), STAFF, { baseUrl });
      await openCustomer(staff.page);
      await checkA11y(staff.page, '/admin/customers/:id (desktop)');
      const state = staff.page.getByTestId('customer-state');
      await state.getByText('Actif', { exact: true }).waitFor();
      await staff.page.getByRole('button', { name: 'Désactiver', exact: true }).click();
      await staff.page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
      await state.getByText('Inactif', { exact: true }).waitFor();

      // The buyer's next navigation finds the session ended.
      await buyer.page.goto('/profile');
      await buyer.page.waitForURL((url) => url.pathname === '/login');
      await signInOnPage(buyer.page, BUYER);
      await buyer.page
        .getByRole('alert')
        .filter({ hasText: 'Ce compte est inactif ; veuillez nous contacter pour le réactiver' })
        .waitFor();
      expect(new URL(buyer.page.url()).pathname).toBe('/login');

      // Staff reactivate; the buyer signs in again.
      await staff.page.getByRole('button', { name: 'Réactiver', exact: true }).click();
      await staff.page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
      await state.getByText('Actif', { exact: true }).waitFor();
      await buyerSignsInToOrders(buyer.page);

      // The customers screens at phone width.
      const phone = await signedInPage(browser(), STAFF, { baseUrl, viewport: PHONE });
      await phone.page.goto(`/admin/customers?q=${BUYER_CODE}`);
      await phone.page.getByRole('link', { name: BUYER_COMPANY }).waitFor();
      await checkA11y(phone.page, '/admin/customers (phone)');

      expectNoErrorsBut(buyer.errors, sessionEnded);
      staff.expectNoConsoleErrors();
      phone.expectNoConsoleErrors();
    },
  );
});
