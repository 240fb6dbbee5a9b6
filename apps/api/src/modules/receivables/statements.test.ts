import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, shopToday } from '@wholesale/contract';
import { pdfText } from '../../test/pdf-text';
import { chargeMonthlyInterest, startInterestWorker } from '.';
import { INTEREST_INTERVAL_MS } from './payments.interest-worker';
import { insertCreditNote, insertInvoice } from './receivables.fixtures';
import { creditStaff, db, recordedPayment, t, useReceivablesTestApp } from './receivables.test-app';

// docs/product/accounts-receivable.md "Payments, statements, interest and receivables": monthly
// interest, the buyer's account and statements, the staff receivables view.

useReceivablesTestApp();
afterEach(() => {
  vi.useRealTimers();
});

const today = shopToday(new Date());

/** An invoice of `totalCents` due `daysLate` days before today (issued 30 days before its due day). */
const invoiceDaysLate = (
  userId: number,
  totalCents: number,
  daysLate: number,
  country: 'ca' | 'us' = 'ca',
) =>
  insertInvoice(db(), {
    userId,
    totalCents,
    issuedOn: addDays(today, -daysLate - 30),
    dueOn: addDays(today, -daysLate),
    country,
  });

/** A French customer: an invoice due mid-August, partly paid in September. */
async function lateCustomer() {
  const buyer = await t.signIn({ lang: 'fr', companyName: 'Laines Lachance' });
  const invoice = await insertInvoice(db(), {
    userId: buyer.userId,
    totalCents: 10_000,
    issuedOn: '2026-07-16',
    dueOn: '2026-08-15',
  });
  await recordedPayment(buyer.userId, 4_000, '2026-09-10', { reference: 'CHQ 7' });
  return { buyer, invoice };
}

/** Charges a month's interest as credit staff. */
const chargeInterest = (body: object) =>
  t.post('/api/admin/receivables/interest', creditStaff.headers, body);
const staffRead = (url: string) => t.get(url, creditStaff.headers);
const chargedTo = (charged: { customer_id: number }[], id: number) =>
  charged.filter((c) => c.customer_id === id);

describe('monthly interest', () => {
  it('charges what was overdue at the month end, once per customer and month, from the staff action', async () => {
    const { buyer } = await lateCustomer();
    const onTime = await t.signIn();
    await insertInvoice(db(), {
      userId: onTime.userId,
      totalCents: 50_000,
      issuedOn: '2026-08-20',
      dueOn: '2026-09-19',
    });
    const res = await chargeInterest({ period: '2026-08' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().period).toBe('2026-08');
    // The September payment does not count at the end of August: 1.5 % of 100.00.
    expect(chargedTo(res.json().charged, buyer.userId)).toEqual([
      { customer_id: buyer.userId, overdue_cents: 10_000, amount_cents: 150 },
    ]);
    expect(chargedTo(res.json().charged, onTime.userId)).toEqual([]);
    const again = await chargeInterest({ period: '2026-08' });
    expect(chargedTo(again.json().charged, buyer.userId)).toEqual([]);
    const rows = await db().execute<{
      period: string;
      charged_on: string;
      amount_cents: number;
    }>(sql`
      select period, charged_on::text as charged_on, amount_cents from interest_charges where user_id = ${buyer.userId}`);
    expect(rows.rows).toEqual([{ period: '2026-08', charged_on: '2026-08-31', amount_cents: 150 }]);
  });

  it('refuses a month that has not ended or is not a month, naming period', async () => {
    const thisMonth = today.slice(0, 7);
    const open = await chargeInterest({ period: thisMonth });
    expect(open.statusCode).toBe(400);
    expect(open.json().error.fields).toHaveProperty(['period']);
    expect(open.json().error.reason.key).toBe('PERIOD_NOT_ENDED');
    for (const period of ['2026-13', '2026-9', 'august', 202608]) {
      const bad = await chargeInterest({ period });
      expect(bad.statusCode, String(period)).toBe(400);
      expect(bad.json().error.fields).toHaveProperty(['period']);
    }
  });

  it('is charged by the daily worker for the last month that ended, on an injected clock', async () => {
    const { buyer } = await lateCustomer();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = new Date('2026-09-20T15:00:00Z');
    const log = { info: vi.fn(), warn: vi.fn() };
    const worker = startInterestWorker({ db: db(), log, now: () => now });
    await worker.runOnce();
    const charges = async () =>
      (
        await db().execute<{ period: string; overdue_cents: number; amount_cents: number }>(sql`
          select period, overdue_cents, amount_cents from interest_charges
           where user_id = ${buyer.userId} order by period`)
      ).rows;
    expect(await charges()).toEqual([
      { period: '2026-08', overdue_cents: 10_000, amount_cents: 150 },
    ]);
    // A day later nothing new; a month later September's 60.00 overdue is charged.
    vi.advanceTimersByTime(INTEREST_INTERVAL_MS);
    await worker.runOnce();
    expect(await charges()).toHaveLength(1);
    now = new Date('2026-10-02T15:00:00Z');
    vi.advanceTimersByTime(INTEREST_INTERVAL_MS);
    await worker.runOnce();
    expect(await charges()).toEqual([
      { period: '2026-08', overdue_cents: 10_000, amount_cents: 150 },
      { period: '2026-09', overdue_cents: 6_000, amount_cents: 90 },
    ]);
    await worker.stop();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('the service takes its period from asOf and refuses one not ended', async () => {
    await expect(
      chargeMonthlyInterest(db(), { asOf: '2026-10-31', period: '2026-10' }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const { period } = await chargeMonthlyInterest(db(), { asOf: '2026-03-01' });
    expect(period).toBe('2026-02');
  });
});

describe("the buyer's account", () => {
  it('shows limit, balance, open orders, available credit, aging, open invoices, payments and interest: only their own', async () => {
    const buyer = await t.signIn({ country: 'us' });
    const other = await t.signIn({ country: 'us' });
    const mine = [];
    for (const [total, late] of [
      [10_000, -5],
      [20_000, 10],
      [30_000, 45],
      [40_000, 75],
      [50_000, 120],
    ] as const)
      mine.push(await invoiceDaysLate(buyer.userId, total, late, 'us'));
    const theirs = await invoiceDaysLate(other.userId, 99_900, 10, 'us');
    await recordedPayment(other.userId, 1_000, today);
    // 50,000 settles the 120-days-late invoice; 5,000 of it pays the 75-days-late one in part.
    await recordedPayment(buyer.userId, 55_000, today, { method: 'card_on_file' });
    await insertCreditNote(db(), { userId: buyer.userId, totalCents: 1_000, issuedOn: today });
    await db().execute(sql`
      insert into interest_charges (user_id, period, charged_on, overdue_cents, basis_points, amount_cents)
      values (${buyer.userId}, '2026-06', '2026-06-30', 10000, 150, 150)`);

    const res = await t.get('/api/account/credit', buyer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const balance = 150_000 - 55_000 - 1_000 + 150;
    expect(data).toMatchObject({
      country: 'us',
      as_of: today,
      credit_limit_cents: 300_000,
      balance_cents: balance,
      open_orders_cents: 0,
      available_credit_cents: 300_000 - balance,
      overdue_cents: 20_000 + 30_000 + 35_000,
      on_hold: false,
      hold_reason: null,
      aging: {
        current: 10_000,
        days_1_30: 20_000,
        days_31_60: 30_000,
        days_61_90: 35_000,
        over_90: 0,
      },
      interest: [{ period: '2026-06', amount_cents: 150 }],
    });
    expect(data.open_invoices.map((i: { number: string }) => i.number)).toEqual(
      [mine[3], mine[2], mine[1], mine[0]].map((i) => i.number),
    );
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]).not.toHaveProperty('external_ref');
    expect(data.statement_periods[0]).toBe(today.slice(0, 7));
    expect(data.statement_periods).toContain('2026-06');
    expect(JSON.stringify(data)).not.toContain(theirs.number);
    expect(JSON.stringify(data)).not.toContain('99900');

    expect((await t.get('/api/account/credit')).statusCode).toBe(401);
  });

  it('downloads a month statement in the customer language: opening, each document with running balance, closing, aging', async () => {
    const { buyer, invoice } = await lateCustomer();
    const stranger = await lateCustomer();
    await chargeMonthlyInterest(db(), { asOf: '2026-10-01', period: '2026-09' });
    const res = await t.get('/api/account/statements/2026-09/pdf', buyer.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    // Opening 100.00 (the July invoice); the September payment, its method in the customer's
    // words (never its code); interest on 60.00 overdue; the closing balance and its aging.
    for (const said of [
      'Relevé de compte',
      'Laines Lachance',
      'Solde d’ouverture',
      '100,00 $ CA',
      'Paiement',
      'Chèque CHQ 7',
      '60,00 $ CA',
      'Intérêts',
      '60,90 $ CA',
      'Solde de clôture',
      '31 à 60 jours',
    ])
      expect(text).toContain(said);
    expect(text).not.toContain('cheque');
    expect(text).not.toContain(stranger.invoice.number);
    // The invoice month lists the invoice itself.
    const july = pdfText(
      (await t.get('/api/account/statements/2026-07/pdf', buyer.headers)).rawPayload,
    );
    expect(july).toContain(invoice.number);
    expect(july).toContain('Facture');

    for (const period of ['2026-13', '2026-9', 'latest']) {
      const bad = await t.get(`/api/account/statements/${period}/pdf`, buyer.headers);
      expect(bad.statusCode, period).toBe(400);
      expect(bad.json().error.fields).toHaveProperty(['period']);
    }
    expect((await t.get('/api/account/statements/2026-09/pdf')).statusCode).toBe(401);
  });
});

describe("a customer's statement for staff", () => {
  it('downloads the statement credit staff send a customer, in the customer language; 404 for no customer', async () => {
    const { buyer } = await lateCustomer();
    const url = `/api/admin/customers/${buyer.userId}/statements/2026-09/pdf`;
    const res = await staffRead(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/statement-.*2026-09\.pdf/);
    // The same document the buyer downloads.
    const mine = await t.get('/api/account/statements/2026-09/pdf', buyer.headers);
    expect(pdfText(res.rawPayload)).toBe(pdfText(mine.rawPayload));
    expect(pdfText(res.rawPayload)).toContain('Chèque CHQ 7');

    expect((await staffRead(`/api/admin/customers/999999/statements/2026-09/pdf`)).statusCode).toBe(
      404,
    );
    const staffId = creditStaff.userId;
    expect(
      (await staffRead(`/api/admin/customers/${staffId}/statements/2026-09/pdf`)).statusCode,
    ).toBe(404);
    const bad = await staffRead(`/api/admin/customers/${buyer.userId}/statements/2026-9/pdf`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['period']);
    expect((await t.get(url, buyer.headers)).statusCode).toBe(403);
  });
});

describe('the staff receivables view', () => {
  it('lists customers by amount overdue, filters by country, pages, and exports the aging as CSV', async () => {
    const small = await t.signIn({ country: 'us', companyName: 'Small Yarns' });
    const big = await t.signIn({ country: 'us', companyName: 'Big Yarns' });
    const canadian = await t.signIn({ country: 'ca', companyName: 'Canada Yarns' });
    await invoiceDaysLate(small.userId, 1_000, 30, 'us');
    await invoiceDaysLate(big.userId, 900_000, 100, 'us');
    await invoiceDaysLate(canadian.userId, 5_000, -20);
    await db().execute(sql`
      insert into credit_accounts (user_id, credit_limit_cents, hold_reason) values (${big.userId}, 300000, 'overdue')`);

    const res = await staffRead('/api/admin/receivables?country=us&per_page=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { customer_id: number; country: string }[];
    expect(rows.every((r) => r.country === 'us')).toBe(true);
    const ids = rows.map((r) => r.customer_id);
    expect(ids.indexOf(big.userId)).toBeLessThan(ids.indexOf(small.userId));
    expect(ids).not.toContain(canadian.userId);
    expect(rows.find((r) => r.customer_id === big.userId)).toMatchObject({
      company_name: 'Big Yarns',
      balance_cents: 900_000,
      overdue_cents: 900_000,
      aging: { over_90: 900_000, current: 0 },
      on_hold: true,
      hold_reason: 'overdue',
    });
    const ca = await staffRead('/api/admin/receivables?country=ca');
    expect(
      ca.json().data.find((r: { customer_id: number }) => r.customer_id === canadian.userId),
    ).toMatchObject({ overdue_cents: 0, aging: { current: 5_000 } });
    const paged = await staffRead('/api/admin/receivables?per_page=1&page=1');
    expect(paged.json()).toMatchObject({ per_page: 1, current_page: 1 });
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().last_page).toBe(paged.json().total);

    const bad = await staffRead('/api/admin/receivables?country=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['country']);

    const csv = await staffRead('/api/admin/receivables/aging.csv?country=us');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'customer_id,customer_code,company_name,owner_name,country,balance,overdue,current,days_1_30,days_31_60,days_61_90,over_90,on_hold,hold_reason',
    );
    expect(lines.find((l) => l.startsWith(`${big.userId},`))).toContain('Big Yarns');
    expect(lines.find((l) => l.startsWith(`${big.userId},`))).toContain(
      ',us,9000.00,9000.00,0.00,0.00,0.00,0.00,9000.00,yes,overdue',
    );
    expect(csv.body).not.toContain('Canada Yarns');
  });
});
