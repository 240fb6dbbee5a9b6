import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { sampleCanadianApplication, sampleUsaApplication, unitPrice } from '@wholesale/contract';
import { apiCall, signInOnPage, type ApiSession } from './demo-accounts';

// Setup no screen is meant for, for the trade-account journey (e2e/trade-account.e2e.ts): the
// application as the public API receives it, a buyer's cart filled through the API, an ERP push.

export type Applicant = { country: 'ca' | 'us'; email: string; company: string; password: string };

/** Submits a complete credit application, as the registration form does (POST /api/store/user). */
export async function submitApplication(baseUrl: string, a: Applicant): Promise<void> {
  const body =
    a.country === 'ca'
      ? sampleCanadianApplication({ email: a.email, company_name: a.company })
      : sampleUsaApplication({ email: a.email, company_name: a.company });
  const res = await fetch(`${baseUrl}/api/store/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `application of ${a.email}: ${await res.clone().text()}`).toBe(200);
}

type Card = {
  product_id: string;
  ship_pac: number;
  available?: number;
  selling_price?: number;
  selling_price_2?: number | null;
};

/**
 * Empties the cart and adds products in stock, one ship pack each, until the pre-tax subtotal (as
 * the listing prices it) is over `overCents`, skipping packs that would reach `underCents`.
 * Answers that subtotal in cents.
 */
export async function fillCart(
  s: ApiSession,
  country: 'ca' | 'us',
  target: { overCents: number; underCents?: number },
): Promise<number> {
  await apiCall(s, 'DELETE', `/api/cart-delete-all?user_id=${s.userId}`);
  const categories = await apiCall<{ data: Array<{ name: string; cat_code: string }> }>(
    s,
    'GET',
    `/api/categories?lang=en`,
  );
  const listing = country === 'ca' ? '/api/cadProducts' : '/api/usProducts';
  let subtotalCents = 0;
  const codes: string[] = [];
  for (const c of categories.data) {
    const query = new URLSearchParams({ name: c.name, category: c.cat_code, pagination: '25' });
    const page = await apiCall<{ products: { data: Card[] } }>(s, 'GET', `${listing}?${query}`);
    for (const p of page.products.data) {
      // The sale price (selling_price_2) replaces the selling price when set, as in the cart.
      const pack = Math.round(unitPrice(p) * 100) * p.ship_pac;
      if ((p.available ?? 0) < 5 * p.ship_pac || pack <= 0 || codes.includes(p.product_id))
        continue;
      if (subtotalCents + pack >= (target.underCents ?? Infinity)) continue;
      await apiCall(s, 'POST', '/api/cart/add', {
        product_id: p.product_id,
        item: 1,
        user_id: s.userId,
      });
      codes.push(p.product_id);
      subtotalCents += pack;
      if (subtotalCents > target.overCents) return subtotalCents;
    }
  }
  throw new Error(`the ${country} catalogue cannot fill a cart to ${JSON.stringify(target)}`);
}

/** Cents in a money text ("CA$1,234.56", "$12.00"). */
export function cents(text: string): number {
  const m = text.replace(/,/g, '').match(/-?\d+(\.\d+)?/);
  if (!m) throw new Error(`no amount in ${text}`);
  return Math.round(Number(m[0]) * 100);
}

/** The shop's calendar day (Eastern time), `days` ago, as YYYY-MM-DD. */
export function shopDay(daysAgo = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day.toISOString().slice(0, 10);
}

/** The last month that has ended in the shop's calendar, YYYY-MM. */
export function lastEndedMonth(): string {
  const [y, m] = shopDay().split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** On a set-password page (from a staff link or staff:create): saves `password` and waits until it is saved. */
export async function savePassword(page: Page, password: string) {
  await page.getByLabel(/^New password$/).fill(password);
  await page.getByLabel(/^Confirm new password$/).fill(password);
  await page.getByRole('button', { name: /^Save my password$/ }).click();
  await page
    .getByText(/Your password is saved/)
    .first()
    .waitFor();
}

/** Sets the buyer's password from the staff's link, then signs in on /login. */
export async function setPasswordAndSignIn(
  page: Page,
  link: string,
  a: Pick<Applicant, 'email' | 'password'>,
) {
  await page.goto(link);
  await savePassword(page, a.password);
  await signInOnPage(page, a.email, a.password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Staff (any page of the back office) move the desk's open order one step. */
export async function moveTo(page: Page, status: string, ship?: { tracking: string }) {
  const step = `Mark as ${status}`;
  await page.getByRole('radio', { name: step }).check();
  if (ship) await page.getByLabel('Tracking number').fill(ship.tracking);
  await page.getByRole('button', { name: step }).click();
  await page.getByTestId('desk-status').filter({ hasText: status }).waitFor();
}
