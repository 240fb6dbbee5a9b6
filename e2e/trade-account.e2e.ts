import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pdfText } from '../apps/api/src/test/pdf-text';
import { checkA11y, newPage, signedInPage, type JourneyPage } from './support/browser';
import { browserForFile } from './support/journey';
import { approveApplication } from './support/credit-application';
import { apiCall, apiSignIn, type ApiSession } from './support/demo-accounts';
import {
  cents,
  fillCart,
  lastEndedMonth,
  moveTo,
  setPasswordAndSignIn,
  shopDay,
  submitApplication,
  type Applicant,
} from './support/trade-account';

// A trade account from approval to a credit note (docs/product/accounts-receivable.md): a Canadian
// and a US business apply; staff approve both. The Canadian's opening order owes its 65 % deposit,
// staff record it and ship; the invoice is on /invoices; a partial payment lowers the balance; an
// overdue ERP invoice draws the month's interest on the statement; a return issues a credit note.
// The US buyer's opening order under $500 owes all of it. One admin (English) does the staff side.
const baseUrl = inject('baseUrl');
const stamp = Date.now().toString(36);
const ADMIN = 'admin@example.com';
const CA: Applicant = {
  country: 'ca',
  email: `ca-${stamp}@trade.test`,
  company: `Trade North ${stamp}`,
  password: 'trade-north-passphrase',
};
const US: Applicant = {
  country: 'us',
  email: `us-${stamp}@trade.test`,
  company: `Trade South ${stamp}`,
  password: 'trade-south-passphrase',
};
const browser = browserForFile();

/** Staff approve the applicant's application and answer the customer's id and set-password link. */
async function approve(page: Page, a: Applicant): Promise<{ id: number; link: string }> {
  await approveApplication(page, a.company);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: 'Copy a set-password link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  const box = page.getByLabel(`Set-password link for ${a.email}`);
  await box.waitFor();
  return { id, link: await box.inputValue() };
}

/** The buyer places the cart's order at /cart, after seeing the deposit it owes; answers its id. */
async function placeOpeningOrder(page: Page, po: string) {
  await page.goto('/cart');
  const owed = page.getByText(/Your opening order owes a deposit of .+: it waits for the deposit/);
  await owed.waitFor();
  const deposit = cents((await owed.innerText()).split('deposit of')[1]);
  const subtotal = page
    .locator('.checkout-panel__sums > div')
    .filter({ has: page.getByRole('term').getByText('Subtotal', { exact: true }) })
    .getByRole('definition');
  const subtotalCents = cents(await subtotal.innerText());
  await page.getByLabel('PO number').fill(po);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL('**/order-confirm?order_id=*');
  const id = Number(new URL(page.url()).searchParams.get('order_id'));
  await page.goto(`/orderdetails/${id}`);
  await page
    .getByText(/This order waits for its opening deposit of .+; we prepare it once/)
    .waitFor();
  return { id, deposit, subtotalCents };
}

/** The buyer's balance on /profile/credit, once it differs from `not` (when given). */
async function balance(page: Page, not?: number): Promise<number> {
  await page.goto('/profile/credit');
  const cell = page.getByTestId('credit-balance');
  await cell.waitFor();
  if (not !== undefined) await expect.poll(async () => cents(await cell.innerText())).not.toBe(not);
  return cents(await cell.innerText());
}

describe('a trade account from approval to a credit note', () => {
  let staff: JourneyPage;
  let caBuyer: JourneyPage;
  let usBuyer: JourneyPage;
  let caId = 0;
  let caSession: ApiSession;
  let order = { id: 0, deposit: 0, subtotalCents: 0 };
  let caInvoice = '';
  let usOrderId = 0;
  let usSession: ApiSession;

  it('staff approve a Canadian and a US application; each buyer sets a password', async () => {
    await submitApplication(baseUrl, CA);
    await submitApplication(baseUrl, US);
    staff = await signedInPage(browser(), ADMIN, { baseUrl });
    const ca = await approve(staff.page, CA);
    caId = ca.id;
    const us = await approve(staff.page, US);
    caBuyer = await newPage(browser(), { baseUrl });
    await setPasswordAndSignIn(caBuyer.page, ca.link, CA);
    usBuyer = await newPage(browser(), { baseUrl, locale: 'en-US' });
    await setPasswordAndSignIn(usBuyer.page, us.link, US);
    caSession = await apiSignIn(baseUrl, CA.email, CA.password);
    expect(caSession.userId).toBe(caId);
  });

  it('the Canadian opening order over $800 owes 65 %; the US one under $500 owes all', async () => {
    const listed = await fillCart(caSession, 'ca', { overCents: 85_000 });
    order = await placeOpeningOrder(caBuyer.page, `TA-CA-${stamp}`);
    // 65 % of the pre-tax subtotal, rounded to the cent either way.
    // The checkout prices the packs as the listing showed them.
    expect(order.subtotalCents).toBe(listed);
    expect(order.subtotalCents).toBeGreaterThan(80_000);
    expect(Math.abs(order.deposit - Math.round(order.subtotalCents * 0.65))).toBeLessThanOrEqual(1);

    usSession = await apiSignIn(baseUrl, US.email, US.password);
    await fillCart(usSession, 'us', { overCents: 25_000, underCents: 40_000 });
    const usOrder = await placeOpeningOrder(usBuyer.page, `TA-US-${stamp}`);
    usOrderId = usOrder.id;
    // Over the US opening minimum ($200), at or under $500.
    expect(usOrder.subtotalCents).toBeGreaterThanOrEqual(20_000);
    expect(usOrder.subtotalCents).toBeLessThanOrEqual(50_000);
    expect(usOrder.deposit).toBe(usOrder.subtotalCents);
  });

  /**
   * Credit staff find the order on Receivables, under "Orders waiting for credit" (oldest first: an
   * order placed during the journey may be on a later page), with the deposit it owes, and open it.
   */
  async function openFromWaitingOrders(orderId: number, deposit: RegExp) {
    const { page } = staff;
    await page.goto('/admin/receivables');
    const section = page.getByRole('region', { name: 'Orders waiting for credit' });
    await section.getByText(/\d+ orders? waiting/).waitFor();
    const row = section.getByTestId(`waiting-order-${orderId}`);
    const next = section.getByRole('button', { name: 'Next page' });
    while ((await row.count()) === 0 && (await next.count()) > 0 && (await next.isEnabled())) {
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/admin/receivables/waiting-orders?')),
        next.click(),
      ]);
      const shown = (await answer.json()) as { data: Array<{ order_id: number }> };
      await section.getByTestId(`waiting-order-${shown.data[0].order_id}`).waitFor();
    }
    await row.getByText(deposit).waitFor();
    await checkA11y(page, '/admin/receivables (orders waiting for credit)');
    await row.getByRole('link', { name: `Order #${orderId}`, exact: true }).click();
    await page.waitForURL(`**/admin/orders/${orderId}`);
  }

  /** Staff record the opening deposit on the desk, then accept, pick and ship the order. */
  async function depositAndShip(orderId: number, tag: string) {
    const { page } = staff;
    await openFromWaitingOrders(orderId, /^Deposit due: .+\$[\d,]+\.\d\d$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Order #${orderId}`) }).waitFor();
    await page.getByText(/Opening deposit owed: .+ \(not received yet\)/).waitFor();
    const form = page.getByTestId('desk-credit');
    await form.getByLabel('Reference').fill(`DEP-${tag}`);
    await form.getByRole('button', { name: 'Record the deposit' }).click();
    await page.getByText(/Opening deposit of .+ received on/).waitFor();
    await moveTo(page, 'Accepted');
    await moveTo(page, 'Being picked');
    await moveTo(page, 'Shipped', { tracking: `1Z${tag}` });
  }

  it('staff record the deposit, accept, pick and ship; the buyer downloads the invoice', async () => {
    await depositAndShip(order.id, `TA${stamp}`);

    const buyer = caBuyer.page;
    await buyer.goto(`/orderdetails/${order.id}`);
    await buyer.getByText(/Deposit of .+ received\./).waitFor();
    const listed = await apiCall<{ data: Array<{ id: number; number: string }> }>(
      caSession,
      'GET',
      `/api/invoices?order_id=${order.id}`,
    );
    expect(listed.data).toHaveLength(1);
    caInvoice = listed.data[0].number;
    expect(caInvoice).toMatch(/^CA-\d{6}$/);
    await buyer.goto('/invoices');
    const download = buyer.getByRole('link', { name: `Download invoice ${caInvoice} as a PDF` });
    await download.waitFor();
    await checkA11y(buyer, '/invoices (Canadian buyer)');
    const pdf = await buyer.request.get((await download.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect(pdfText(await pdf.body())).toContain(caInvoice);

    // The US opening order: its whole deposit, then the same steps; its invoice is numbered in the
    // US sequence.
    await depositAndShip(usOrderId, `US${stamp}`);
    const usInvoices = await apiCall<{ data: Array<{ number: string }> }>(
      usSession,
      'GET',
      `/api/invoices?order_id=${usOrderId}`,
    );
    expect(usInvoices.data.map((i) => i.number)).toEqual([expect.stringMatching(/^US-\d{6}$/)]);
    await usBuyer.page.goto('/invoices');
    await usBuyer.page
      .getByRole('link', { name: `Download invoice ${usInvoices.data[0].number} as a PDF` })
      .waitFor();
  });

  it('staff record a partial payment; the buyer sees the balance lowered', async () => {
    const before = await balance(caBuyer.page);
    expect(before).toBeGreaterThan(0);
    const { page } = staff;
    await page.goto(`/admin/customers/${caId}`);
    const form = page.getByRole('form', { name: 'Record a payment' });
    await form.getByLabel('Amount (dollars)', { exact: true }).fill('100.00');
    await form.getByLabel('Method').selectOption('cheque');
    await form.getByLabel('Reference (cheque or transfer number)').fill(`CHQ-${stamp}`);
    await form.getByLabel('Received on').fill(shopDay());
    await form.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment recorded').first().waitFor();

    const after = await balance(caBuyer.page, before);
    expect(after).toBe(before - 10_000);
    const credit = caBuyer.page;
    await credit.getByRole('cell', { name: `CHQ-${stamp}` }).waitFor();
    expect(cents(await credit.getByTestId('credit-available').innerText())).toBeGreaterThan(0);
  });

  it('an overdue ERP invoice draws the month’s interest, on the account and the statement', async () => {
    const admin = await apiSignIn(baseUrl, ADMIN);
    const token = await apiCall<{ secret: string }>(
      admin,
      'POST',
      '/api/admin/integrations/tokens',
      { name: `ERP ${stamp}`, scopes: ['invoices:write'] },
    );
    const number = `ERP-${stamp}`;
    await apiCall({ baseUrl, token: token.secret }, 'POST', '/api/integrations/invoices', {
      external_ref: `erp-ref-${stamp}`,
      number,
      customer_id: caId,
      issued_on: shopDay(75),
      due_on: shopDay(45),
      lines: [
        {
          product_id: 'ERP-SERVICE',
          name: 'Opening display set',
          quantity: 1,
          ship_pack: 1,
          unit_price_cents: 100_000,
          line_total_cents: 100_000,
        },
      ],
      taxes: [{ kind: 'HST', rate: 13, amount_cents: 13_000 }],
      subtotal_cents: 100_000,
      tax_cents: 13_000,
      total_cents: 113_000,
    });

    const period = lastEndedMonth();
    const { page } = staff;
    await page.goto('/admin/receivables');
    await page.getByLabel('Month (YYYY-MM)').fill(period);
    await page.getByRole('button', { name: 'Charge interest' }).click();
    // Charges cannot be taken back: the screen asks first.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Charge interest' }).click();
    // The server's daily run may have charged this month already: then it charges nobody new.
    await page
      .getByText(new RegExp(`Interest charged to \\d+ customers? for ${period}\\.`))
      .first()
      .waitFor();

    // 1.5 % of the CA$1,130.00 overdue at the month's end: CA$16.95, as its own line.
    const credit = caBuyer.page;
    await balance(credit);
    const interest = credit.getByRole('row').filter({ hasText: period });
    await interest.filter({ hasText: '16.95' }).first().waitFor();
    const erpRow = credit.getByRole('row').filter({ hasText: number });
    await erpRow.getByText('31–60 days').waitFor();
    await checkA11y(credit, '/profile/credit (Canadian buyer)');

    const statement = credit.getByRole('link', { name: `Statement ${period} (PDF)` });
    const pdf = await credit.request.get((await statement.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const text = pdfText(await pdf.body());
    expect(text).toContain('Interest');
    expect(text).toContain('16.95');
  });

  it('a return of a shipped line, authorised and received, issues a credit note', async () => {
    const before = await balance(caBuyer.page);
    const buyer = caBuyer.page;
    await buyer.goto(`/orderdetails/${order.id}`);
    await buyer.getByRole('button', { name: 'Request a return' }).click();
    const dialog = buyer.getByRole('dialog');
    await dialog
      .getByText(/Up to \d+ ship packs? /)
      .first()
      .waitFor();
    await dialog.getByRole('spinbutton').first().fill('1');
    await dialog.getByLabel('Reason for the return').fill('Colour does not match the sample');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await buyer
      .getByText(/Your return request was sent/)
      .first()
      .waitFor();

    const { page } = staff;
    await page.goto('/admin/returns');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Order #${order.id}`, exact: true }) });
    await row.getByRole('button', { name: 'Authorise' }).click();
    await page
      .getByText(/Return #\d+ authorised/)
      .first()
      .waitFor();
    // The desk lists requested returns first; the warehouse looks at the authorised ones.
    await page.getByLabel('Status', { exact: true }).selectOption('authorised');
    await row.getByRole('button', { name: 'Receive' }).click();
    await page
      .getByText(/Return #\d+ received; its credit note was issued/)
      .first()
      .waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('received');
    const note = (await row.getByText(/Credit note CN-CA-\d{6}/).innerText()).match(
      /CN-CA-\d{6}/,
    )![0];

    await buyer.goto('/profile/returns');
    const issued = buyer.getByText(new RegExp(`Credit note ${note}: `));
    await issued.waitFor();
    const creditCents = cents((await issued.innerText()).split(': ')[1]);
    expect(await balance(buyer, before)).toBe(before - creditCents);

    caBuyer.expectNoConsoleErrors();
    usBuyer.expectNoConsoleErrors();
    staff.expectNoConsoleErrors();
  });
});
