import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type JourneyPage } from './support/browser';
import { startProductionStore, type ProductionStore } from './support/production-store';

/**
 * Issue 29's "done when": a distributor carries a store from an empty PostgreSQL database to its
 * first shipped order, through screens only (README "Filling a production store" walks the same
 * path). The steps share one store and run in order; each names what a distributor would do.
 */

/** Texts of the demo store: none may appear on any page of a distributor's own store. */
const DEMO_IDENTITY = [/Notions Wholesale/i, /1250 Industrial/i, /555-01\d\d/, /© 2025/];

const ADMIN_EMAIL = 'owner@distributor.test';
const ADMIN_PASSWORD = 'first-admin-passphrase';

let store: ProductionStore;
let browser: Browser;
let staff: JourneyPage;
const visited = new Set<string>();

/** Remembers the page and fails if the demo store's identity shows on it. */
async function expectOwnIdentity(page: Page): Promise<void> {
  const url = new URL(page.url());
  visited.add(url.pathname);
  const text = await page.locator('body').innerText();
  const title = await page.title();
  for (const pattern of DEMO_IDENTITY) {
    expect(text, `${url.pathname} shows the demo store (${pattern})`).not.toMatch(pattern);
    expect(title, `${url.pathname}'s title names the demo store`).not.toMatch(pattern);
  }
}

beforeAll(async () => {
  store = await startProductionStore(`golive_${process.pid}`);
  browser = await launchBrowser();
  staff = await newPage(browser, { baseUrl: store.baseUrl });
});

afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe('a distributor takes a store live from an empty database', () => {
  it('creates the first admin with the documented command and signs in', async () => {
    const printed = await store.staffCreate([
      '--email',
      ADMIN_EMAIL,
      '--roles',
      'admin',
      '--name',
      'Store Owner',
    ]);
    const link = printed.match(/https?:\/\/\S+/)?.[0];
    expect(link, `staff:create printed a link:\n${printed}`).toBeDefined();
    expect(link!.startsWith(store.baseUrl)).toBe(true);

    const { page } = staff;
    await page.goto(link!);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toMatch(/password/i);
    await page.getByLabel(/^New password$/).fill(ADMIN_PASSWORD);
    await page.getByLabel(/^Confirm new password$/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^Save my password$/ }).click();
    await page.getByText(/Your password is saved/).waitFor();
    await expectOwnIdentity(page);

    await page.goto('/login');
    await page.getByLabel(/^Email$/).fill(ADMIN_EMAIL);
    await page.getByLabel(/^Password$/).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /^Sign in$/ }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectOwnIdentity(page);
  });

  it('visited pages never showed the demo store', () => {
    expect(visited.size).toBeGreaterThan(0);
    staff.expectNoConsoleErrors();
  });
});
