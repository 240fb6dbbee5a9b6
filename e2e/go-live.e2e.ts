import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, openScreen, type JourneyPage } from './support/browser';
import { applyAsCanadianBusiness, approveApplication } from './support/credit-application';
import { startProductionStore, type ProductionStore } from './support/production-store';
import { savePassword, setPasswordAndSignIn } from './support/trade-account';

/**
 * Going live: a distributor carries a store from an empty PostgreSQL database to its first shipped
 * order, through screens only (README "Filling a production store" walks the same path). The steps
 * share one store and run in order; each names what a distributor would do.
 */

/** Texts of the demo store: none may appear on any page of a distributor's own store. */
const DEMO_IDENTITY = [/Notions Wholesale/i, /1250 Industrial/i, /1-800-555-014\d/, /© 2025/];

const ADMIN_EMAIL = 'owner@distributor.test';
const ADMIN_PASSWORD = 'first-admin-passphrase';
const STORE = 'Prairie Thread Supply';
const BUYER = {
  owner: 'Morgan Keeper',
  email: 'morgan@lakeside-quilts.test',
  company: 'Lakeside Quilts',
  billing: { street: '200 Front Street', city: 'Toronto', postalCode: 'M5V 2T6', province: 'ON' },
  shipping: {
    consignee: 'Lakeside Quilts Warehouse',
    street: '45 Depot Road',
    city: 'Ottawa',
    postalCode: 'K1P 1J1',
    province: 'ON',
  },
};
const BUYER_PASSWORD = 'lakeside-quilts-passphrase';
const SKU = 'PTS-001';
const PRODUCT = 'Cotton quilting thread';

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
    await savePassword(page, ADMIN_PASSWORD);
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

  it('sets the store identity; every page then names the store', async () => {
    const { page } = staff;
    await page.goto('/admin');
    const checklist = page.getByRole('region', { name: 'Before going live' });
    await checklist.getByText('0 of 6 steps done.').waitFor();
    await page.getByText('Mail is not configured: no e-mail leaves the store.').waitFor();
    await expectOwnIdentity(page);

    await openScreen(page, '/admin/settings', 'Store settings');
    await page.getByText(/The store identity is not set yet/).waitFor();
    const store = page.getByRole('group', { name: 'Store', exact: true });
    await store.getByRole('group', { name: 'Store name' }).getByLabel('English').fill(STORE);
    await store
      .getByRole('group', { name: 'Store name' })
      .getByLabel('French')
      .fill('Fournitures Prairie');
    await store.getByLabel('Legal name').fill(`${STORE} Ltd.`);
    const office = page.getByRole('group', { name: 'Head office' });
    await office
      .getByRole('group', { name: 'Address' })
      .getByLabel('English')
      .fill('88 Grain Exchange Avenue\nWinnipeg, Manitoba R3C 3Z3\nCanada');
    await office.getByLabel('Phone').fill('+1 204 555 0170');
    await office.getByLabel('E-mail').fill('orders@prairie-thread.test');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Store settings saved').first().waitFor();

    await page.goto('/');
    await expect.poll(() => page.title()).toContain(STORE);
    await page
      .getByRole('contentinfo')
      .getByText(`© ${new Date().getFullYear()}`, { exact: false })
      .waitFor();
    await expectOwnIdentity(page);
  });

  it('creates the categories and product classes on screens', async () => {
    const { page } = staff;
    await openScreen(page, '/admin/catalogue/structure', 'Catalogue structure');
    await page.getByText(/No categories yet/).waitFor();
    const addCategory = page.getByRole('form', { name: 'Add a category' });
    for (const [code, en, fr] of [
      ['THREAD', 'Threads', 'Fils'],
      ['NOTION', 'Notions', 'Mercerie'],
    ]) {
      await addCategory.getByLabel('Code', { exact: true }).fill(code);
      await addCategory.getByLabel('Name (EN)').fill(en);
      await addCategory.getByLabel('Name (FR)').fill(fr);
      await addCategory.getByLabel('Name (ES)').fill(en);
      await addCategory.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('list', { name: 'Categories' }).getByText(code).waitFor();
    }
    await page.getByRole('button', { name: 'Product classes' }).click();
    const addClass = page.getByRole('form', { name: 'Add a product class' });
    await addClass.getByLabel('Code (1 to 4 capitals or digits)').fill('A');
    await addClass.getByLabel('Meaning (EN)').fill('Always in stock');
    await addClass.getByLabel('Meaning (FR)').fill('Toujours en stock');
    await addClass.getByLabel('Meaning (ES)').fill('Siempre en stock');
    await addClass.getByRole('button', { name: 'Add', exact: true }).click();
    await page
      .getByRole('list', { name: 'Product classes' })
      .getByText('A', { exact: true })
      .first()
      .waitFor();
    await expectOwnIdentity(page);
  });

  it('imports a CSV catalogue into them', async () => {
    const { page } = staff;
    await openScreen(page, '/admin/catalogue', 'Catalogue import');
    const csv = [
      'sku,category,class,ship_pack,name_en,name_fr,name_es,price_ca,stock_ca,price_us,stock_us',
      `${SKU},THREAD,A,4,${PRODUCT},Fil à courtepointe,Hilo para acolchar,25.00,200,19.00,100`,
      'PTS-002,NOTION,A,10,Glass head pins,Épingles à tête de verre,Alfileres,8.50,150,6.50,80',
    ].join('\n');
    await page.getByLabel('Catalogue file (.csv or .xlsx)').setInputFiles({
      name: 'first-catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv}\n`),
    });
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByText('Finished.').waitFor({ timeout: 60_000 });
    await page.getByText('2 created, 0 updated, 0 unchanged, 0 deactivated; 0 refused.').waitFor();
    await expectOwnIdentity(page);
  });

  let orderId = 0;

  it('a business applies; staff approve it and its addresses become the account’s', async () => {
    const applicant = await newPage(browser, { baseUrl: store.baseUrl });
    await applyAsCanadianBusiness(applicant.page, BUYER);
    await expectOwnIdentity(applicant.page);
    await applicant.context.close();

    const { page } = staff;
    expect(await approveApplication(page, BUYER.company)).toMatch(/^CA\d{6}$/);
    // Approval carried the application's addresses over: shipping by default, billing kept.
    await page.getByText('45 Depot Road').first().waitFor();
    await page.getByText('200 Front Street').first().waitFor();
    await expectOwnIdentity(page);
  });

  it('without SMTP, staff copy the set-password link; the buyer orders to a chosen address', async () => {
    const { page } = staff;
    await page.getByRole('button', { name: 'Copy a set-password link' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const linkBox = page.getByLabel(`Set-password link for ${BUYER.email}`);
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link.startsWith(store.baseUrl)).toBe(true);

    const buyer = await newPage(browser, { baseUrl: store.baseUrl });
    const bp = buyer.page;
    await setPasswordAndSignIn(bp, link, { email: BUYER.email, password: BUYER_PASSWORD });

    await bp.goto(`/description/${SKU}/ca`);
    const detail = bp.locator('.product-detail__info');
    await detail.getByLabel(`Quantity of ${PRODUCT} in ship packs`).fill('6');
    await detail.getByRole('button', { name: `Add ${PRODUCT} to the cart` }).click();
    await bp.getByText('Added item to the cart').first().waitFor();
    await bp.goto('/cart');
    await bp
      .getByTestId(/^cart-line-/)
      .first()
      .waitFor();
    await expectOwnIdentity(bp);
    const shipTo = bp.getByLabel('Ship to');
    // The default is the application's shipping address; the buyer chooses the billing one.
    await expect
      .poll(async () => shipTo.locator('option:checked').innerText())
      .toContain('45 Depot Road');
    const billingOption = shipTo.locator('option', { hasText: '200 Front Street' });
    await shipTo.selectOption(await billingOption.getAttribute('value'));
    await bp.getByLabel('PO number').fill('PO-FIRST-1');
    await bp.getByRole('button', { name: 'Place order' }).click();
    await bp.waitForURL('**/order-confirm?order_id=*');
    orderId = Number(new URL(bp.url()).searchParams.get('order_id'));
    expect(orderId).toBeGreaterThan(0);
    await expectOwnIdentity(bp);
    buyer.expectNoConsoleErrors();
    await buyer.context.close();
  });

  it('staff ship the order from the desk with its picking list', async () => {
    const { page } = staff;
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Order #${orderId}`) }).waitFor();
    // Where and when: the address the buyer chose, and its PO.
    await page.getByText('200 Front Street').first().waitFor();
    await page.getByText('PO-FIRST-1').first().waitFor();
    const picking = page.getByRole('link', { name: /picking list/i });
    const pdf = await page.request.get(
      new URL((await picking.getAttribute('href'))!, store.baseUrl).href,
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    // An opening order over $800 in Canada owes its deposit (accounts-receivable.md): staff record
    // it before the order may be accepted.
    const recordDeposit = page.getByRole('button', { name: 'Record the deposit' });
    if ((await recordDeposit.count()) > 0) {
      await page.getByLabel('Reference').fill('CHQ-GOLIVE');
      await recordDeposit.click();
      await page.getByText('Deposit recorded').first().waitFor();
    }
    for (const status of ['Accepted', 'Being picked']) {
      const step = `Mark as ${status}`;
      await page.getByRole('radio', { name: step }).check();
      await page.getByRole('button', { name: step }).click();
      await page.getByTestId('desk-status').filter({ hasText: status }).waitFor();
    }
    await page.getByRole('radio', { name: 'Mark as Shipped' }).check();
    await page.getByLabel('Carrier').selectOption('ups');
    await page.getByLabel('Tracking number').fill('1ZGOLIVE0001');
    await page.getByRole('button', { name: 'Mark as Shipped' }).click();
    await page.getByTestId('desk-status').filter({ hasText: 'Shipped' }).waitFor();
    await expectOwnIdentity(page);

    // What the warehouse shipped is what the buyer chose: the billing address, not the default.
    const shipped = await store.db.query<{ status: string; line1: string }>(
      `select status, ship_to->>'line1' as line1 from orders where id = $1`,
      [orderId],
    );
    expect(shipped.rows[0]).toEqual({ status: 'shipped', line1: '200 Front Street' });
  });

  it('visited pages never showed the demo store', () => {
    expect(visited.size).toBeGreaterThan(8);
    staff.expectNoConsoleErrors();
  });
});
