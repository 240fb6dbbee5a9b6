import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, shopToday } from '@wholesale/contract';
import { seededTestDatabase } from '../../test/seeded-database';
import {
  accountPosition,
  activeTaxExemptions,
  nextDocumentNumber,
} from '../../modules/receivables';

// The demo buyers' trade accounts (docs/product/accounts-receivable.md "Demo data"): every
// receivables screen has rows on a first start, and the documents keep the rules that must hold.

const NOW = new Date('2026-11-20T15:00:00Z');
const TODAY = shopToday(NOW);

const ids: Record<string, number> = {};
const { db, summary, rows } = seededTestDatabase(
  { products: 300, seed: 7, now: NOW },
  async (seeded) => {
    const codes = await seeded.execute<{ id: number; customer_code: string }>(
      sql`select id, customer_code from users where customer_code is not null`,
    );
    for (const r of codes.rows) ids[r.customer_code] = Number(r.id);
  },
);
const n = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: string | number }>(query))[0]?.n ?? 0);

describe('demo trade accounts', () => {
  it('keeps balance = invoices − received payments − credit notes + interest for every buyer', async () => {
    expect(summary().trade).toEqual({
      creditAccounts: 3,
      invoices: 4,
      payments: 2,
      creditNotes: 1,
    });
    for (const code of ['CA100001', 'CA100002', 'US100003']) {
      const id = ids[code];
      const documents =
        (await n(
          sql`select coalesce(sum(total_cents), 0) as n from invoices where user_id = ${id}`,
        )) -
        (await n(
          sql`select coalesce(sum(amount_cents), 0) as n from payments where user_id = ${id} and bounced_at is null`,
        )) -
        (await n(
          sql`select coalesce(sum(total_cents), 0) as n from credit_notes where user_id = ${id}`,
        )) +
        (await n(
          sql`select coalesce(sum(amount_cents), 0) as n from interest_charges where user_id = ${id}`,
        ));
      const position = await db().transaction((tx) => accountPosition(tx, id));
      expect(position.balanceCents, code).toBe(documents);
    }
    const ca1 = await db().transaction((tx) => accountPosition(tx, ids.CA100001));
    expect(ca1.balanceCents).toBeGreaterThan(0);
    // The US invoice is paid in full by the card on file.
    const us = await db().transaction((tx) => accountPosition(tx, ids.US100003));
    expect(us.balanceCents).toBe(0);
  });

  it('adds up every invoice (subtotal + tax, tax = its lines) and never settles beyond a total', async () => {
    expect(
      await n(sql`
        select count(*) as n from invoices i
         where i.total_cents <> i.subtotal_cents + i.tax_cents
            or i.tax_cents <> coalesce((select sum((t->>'amountCents')::int) from jsonb_array_elements(i.taxes) t), 0)
            or i.subtotal_cents <> (select sum(line_total_cents) from invoice_lines l where l.invoice_id = i.id)`),
    ).toBe(0);
    expect(
      await n(sql`
        select count(*) as n from invoices i
         where (select coalesce(sum(amount_cents), 0) from settlements s where s.invoice_id = i.id) > i.total_cents`),
    ).toBe(0);
    expect(
      await n(sql`
        select count(*) as n from payments p
         where (select coalesce(sum(amount_cents), 0) from settlements s where s.payment_id = p.id) > p.amount_cents`),
    ).toBe(0);
  });

  it("bills exactly the shipped lines: each invoice's lines are its shipment's lines", async () => {
    const mismatched = await n(sql`
      select count(*) as n from invoices i
       where exists (
         (select l.id, l.quantity, l.line_total_cents from order_lines l where l.shipment_id = i.shipment_id
          except
          select il.order_line_id, il.quantity, il.line_total_cents from invoice_lines il where il.invoice_id = i.id)
         union all
         (select il.order_line_id, il.quantity, il.line_total_cents from invoice_lines il where il.invoice_id = i.id
          except
          select l.id, l.quantity, l.line_total_cents from order_lines l where l.shipment_id = i.shipment_id))`);
    expect(mismatched).toBe(0);
    expect(await n(sql`select count(*) as n from invoices where shipment_id is null`)).toBe(0);
  });

  it('numbers through the counters in issue order, so the next invoice continues the sequence', async () => {
    // The trade accounts' invoices and those of the buyers' past shipped orders (demo-desk.ts),
    // issued in the order they shipped: numbers follow the issue dates, without a gap.
    const numbers = await rows<{ number: string }>(
      sql`select number from invoices where country = 'ca' order by issued_on, id`,
    );
    const count = numbers.length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(numbers.map((r) => r.number)).toEqual(
      Array.from({ length: count }, (_, i) => `CA-${String(i + 1).padStart(6, '0')}`),
    );
    // Inside a transaction rolled back at once: the counter gives the next number, then takes it back.
    const next = await db()
      .transaction(async (tx) => {
        const number = await nextDocumentNumber(tx, 'invoice', 'ca');
        throw Object.assign(new Error('rollback'), { number });
      })
      .catch((e: { number: string }) => e.number);
    expect(next).toBe(`CA-${String(count + 1).padStart(6, '0')}`);
    expect(
      (await rows<{ number: string }>(sql`select number from credit_notes`)).map((r) => r.number),
    ).toEqual(['CN-CA-000001']);
  });

  it('gives CA100001 an invoice overdue by about 45 days, a partial payment, interest, a return and a hold', async () => {
    const id = ids.CA100001;
    // The one invoice left open past its due date (the past orders' were paid before theirs).
    const overdue = await rows<{ due_on: string; total_cents: number; settled: string }>(sql`
      select * from (
        select due_on::text as due_on, total_cents,
               (select coalesce(sum(amount_cents), 0) from settlements s where s.invoice_id = i.id) as settled
          from invoices i where user_id = ${id} and due_on < ${TODAY}) x
       where settled::int < total_cents`);
    expect(overdue).toHaveLength(1);
    // Shipped on the business day on or before 75 days ago (2026-09-06 is a Sunday: Friday the
    // 4th, as staff do not ship at weekends), due 30 days later: overdue by 47 days on this clock.
    expect(addDays(TODAY, -75)).toBe('2026-09-06');
    expect(overdue[0].due_on).toBe('2026-10-04');
    expect(Number(overdue[0].settled)).toBeGreaterThan(0);
    expect(Number(overdue[0].settled)).toBeLessThan(Number(overdue[0].total_cents));
    expect(await n(sql`select count(*) as n from interest_charges where user_id = ${id}`)).toBe(1);
    expect(
      await n(sql`
        select count(*) as n from return_requests r join return_lines l on l.return_id = r.id
         where r.user_id = ${id} and r.status = 'received' and r.credit_note_id is not null`),
    ).toBe(1);
    expect(
      await n(
        sql`select count(*) as n from orders where user_id = ${id} and hold_reason = 'credit_limit'`,
      ),
    ).toBe(1);
    // One parcel per shipped order: the trade account's three and the past orders that shipped.
    const shipped = await n(
      sql`select count(*) as n from orders where user_id = ${id} and status = 'shipped'`,
    );
    expect(shipped).toBeGreaterThanOrEqual(3);
    expect(
      await n(
        sql`select count(*) as n from shipments s join orders o on o.id = s.order_id where o.user_id = ${id}`,
      ),
    ).toBe(shipped);
  });

  it('gives CA100002 an opening order waiting for its deposit, and US100003 a resale certificate', async () => {
    // The new account's only order (its first: demo-story.test.ts checks the rule itself).
    const [opening, ...others] = await rows<{ total_cents: number; deposit_cents: number }>(sql`
      select total_cents, deposit_cents from orders
       where user_id = ${ids.CA100002} and deposit_cents > 0 and deposit_received_at is null
         and status = 'placed'`);
    expect(others).toEqual([]);
    expect(await n(sql`select count(*) as n from orders where user_id = ${ids.CA100002}`)).toBe(1);
    expect(Number(opening.total_cents)).toBeGreaterThan(80_000);
    expect(Number(opening.deposit_cents)).toBe(Math.ceil((Number(opening.total_cents) * 65) / 100));
    const certificates = await db().transaction((tx) =>
      activeTaxExemptions(tx, ids.US100003, 'VT', TODAY),
    );
    expect(certificates).toEqual([
      { taxKind: 'STATE', region: 'VT', certificateNumber: 'VT-S3-204518' },
    ]);
    const [invoice] = await rows<{ taxes: unknown[]; exemptions: unknown[] }>(
      sql`select taxes, exemptions from invoices where user_id = ${ids.US100003}`,
    );
    expect(invoice.taxes).toEqual([]);
    expect(invoice.exemptions).toEqual([
      { taxKind: 'STATE', region: 'VT', certificateNumber: 'VT-S3-204518' },
    ]);
    expect(await n(sql`select count(*) as n from credit_accounts`)).toBe(3);
  });

  it('leaves every demo buyer at least 5,000 of available credit, and the held order beyond it', async () => {
    for (const code of ['CA100001', 'CA100002', 'US100003']) {
      const id = ids[code];
      const position = await db().transaction((tx) => accountPosition(tx, id));
      const limit = await n(
        sql`select credit_limit_cents as n from credit_accounts where user_id = ${id}`,
      );
      const available = limit - position.balanceCents - position.uninvoicedOpenOrdersCents;
      expect(available, code).toBeGreaterThanOrEqual(500_000);
      if (code === 'CA100001')
        expect(
          await n(
            sql`select total_cents as n from orders where user_id = ${id} and hold_reason is not null`,
          ),
        ).toBeGreaterThan(available);
    }
  });
});
