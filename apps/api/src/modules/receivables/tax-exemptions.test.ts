import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, shopToday } from '@wholesale/contract';
import { addToCart, plentyInBoth } from '../../test/shopping-fixtures';
import { auditRowsFor } from '../../test/audit-rows';
import { pdfText } from '../../test/pdf-text';
import { insertAddresses } from '../accounts';
import { creditStaff, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';

// Tax exemption certificates (docs/product/accounts-receivable.md "Tax exemptions"): staff record
// and revoke them; the exempt taxes leave the checkout estimate and the order.

useReceivablesTestApp({
  products: [plentyInBoth('BOLT', { ca: 60_000, us: 30_000 })],
});
const today = shopToday(new Date());

async function buyer(country: 'ca' | 'us', regions: string[]) {
  const b = await t.signIn({ country });
  await insertAddresses(
    t.handle.db,
    regions.map((region, i) => ({
      userId: b.userId,
      label: region,
      company: 'Test Co',
      line1: '1 Main Street',
      city: 'Somewhere',
      region,
      postalCode: country === 'ca' ? 'A1A 1A1' : '12345',
      country,
      isDefault: i === 0,
    })),
  );
  return b;
}

/**
 * Puts one BOLT in the buyer's cart and places the order at `placeAt` as whoever `headers` sign in
 * as (the buyer, or the desk for a phone order); answers its id and the order as the buyer reads it.
 */
async function orderOneBolt(
  b: { headers: Record<string, string> },
  placeAt: string,
  headers: Record<string, string>,
) {
  await addToCart(t, b.headers, 'BOLT', 1);
  const placed = await t.post(placeAt, headers, {});
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().order_id as number;
  return { id, order: (await t.get(`/api/fetch-order?order_id=${id}`, b.headers)).json().order };
}

const url = (id: number) => `/api/admin/customers/${id}/tax-exemptions`;
const record = (id: number, body: object, headers = creditStaff.headers) =>
  t.post(url(id), headers, body);
const revoke = (id: number, exemptionId: number) =>
  t.post(`${url(id)}/${exemptionId}/revoke`, creditStaff.headers);

describe('staff record and revoke certificates', () => {
  it('records a BC PST certificate (trimmed), lists it active, and audits it', async () => {
    const b = await buyer('ca', ['BC']);
    const res = await record(b.userId, {
      tax_kind: 'PST',
      region: 'bc',
      certificate_number: '  PST-1234-5678 ',
      valid_from: addDays(today, -10),
    });
    expect(res.statusCode).toBe(200);
    const [saved] = res.json().exemptions;
    expect(saved).toMatchObject({
      tax_kind: 'PST',
      region: 'BC',
      certificate_number: 'PST-1234-5678',
      valid_until: null,
      revoked_at: null,
      active: true,
    });
    expect(await auditRowsFor(t.handle.db, 'tax_exemption', saved.id)).toEqual([
      expect.objectContaining({
        action: 'tax_exemption.record',
        after: expect.objectContaining({ certificate_number: 'PST-1234-5678', region: 'BC' }),
      }),
    ]);
    // Orders staff read them; they may not record one.
    expect((await t.get(url(b.userId), ordersStaff.headers)).json().exemptions).toHaveLength(1);
    expect((await record(b.userId, {}, ordersStaff.headers)).statusCode).toBe(403);

    const revoked = await revoke(b.userId, saved.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().exemptions[0]).toMatchObject({ active: false });
    expect(revoked.json().exemptions[0].revoked_at).not.toBeNull();
    // A second revoke changes nothing and writes no second audit row.
    expect((await revoke(b.userId, saved.id)).statusCode).toBe(200);
    expect(
      (await auditRowsFor(t.handle.db, 'tax_exemption', saved.id)).map((r) => r.action),
    ).toEqual(['tax_exemption.record', 'tax_exemption.revoke']);
  });

  it('names the field: Ontario has no PST, a state certificate is for US customers, dates in order', async () => {
    const ca = await buyer('ca', ['ON']);
    const valid = { certificate_number: 'X-1', valid_from: today };
    const ontario = await record(ca.userId, { ...valid, tax_kind: 'PST', region: 'ON' });
    expect(ontario.statusCode).toBe(400);
    expect(ontario.json().error.fields).toEqual({
      region: 'Ontario has no PST: HST cannot be exempted here',
    });
    const state = await record(ca.userId, { ...valid, tax_kind: 'STATE', region: 'NY' });
    expect(state.json().error.fields).toEqual({
      tax_kind: 'A state resale certificate is for US customers only',
    });
    const us = await buyer('us', ['NY']);
    expect(
      (await record(us.userId, { ...valid, tax_kind: 'QST', region: 'QC' })).json().error.fields,
    ).toEqual({ tax_kind: 'A PST or QST exemption is for Canadian customers only' });
    const bad = await record(us.userId, {
      tax_kind: 'STATE',
      region: 'NY',
      certificate_number: '   ',
      valid_from: '2026-03-01',
      valid_until: '2026-02-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      certificate_number: 'Certificate number is required',
      valid_until: 'Valid until must not be before valid from',
    });
    expect((await t.get(url(us.userId), creditStaff.headers)).json().exemptions).toEqual([]);
  });

  it('answers 404 for a staff account, an unknown customer, or another customer’s certificate', async () => {
    const a = await buyer('us', ['NY']);
    const b = await buyer('us', ['NY']);
    const saved = (
      await record(a.userId, {
        tax_kind: 'STATE',
        region: 'NY',
        certificate_number: 'NY-1',
        valid_from: today,
      })
    ).json().exemptions[0];
    expect((await revoke(b.userId, saved.id)).statusCode).toBe(404);
    expect((await t.get(url(999_999), creditStaff.headers)).statusCode).toBe(404);
    const staff = await t.signIn({ role: 'staff' });
    expect((await t.get(url(staff.userId), creditStaff.headers)).statusCode).toBe(404);
  });
});

describe('exempt taxes leave the checkout and the order', () => {
  it('a Québec QST certificate: the checkout lists it, the order charges GST only and says why', async () => {
    const b = await buyer('ca', ['QC', 'ON']);
    await record(b.userId, {
      tax_kind: 'QST',
      region: 'QC',
      certificate_number: 'QST-1000',
      valid_from: addDays(today, -1),
    });
    const checkout = (await t.get('/api/checkout', b.headers)).json();
    expect(checkout.tax_exemptions).toEqual([
      { tax_kind: 'QST', region: 'QC', certificate_number: 'QST-1000' },
    ]);
    const { id, order } = await orderOneBolt(b, '/api/store/orders', b.headers);
    expect(order.taxes).toEqual([{ kind: 'GST', rate: 5, amount: 30 }]);
    expect(order.tax_total).toBe(30);
    expect(order.total_with_tax).toBe(630);
    expect(order.tax_exemptions).toEqual([
      { kind: 'QST', rate: 9.975, amount: 59.85, region: 'QC', certificate_number: 'QST-1000' },
    ]);
    const [row] = (
      await t.handle.db.execute<{ taxes: unknown[]; tax_cents: number }>(
        sql`select taxes, tax_cents from orders where id = ${id}`,
      )
    ).rows;
    expect(row).toEqual({
      taxes: [{ kind: 'GST', rate: 5000, amountCents: 3000 }],
      tax_cents: 3000,
    });
    // The staff desk shows the same facts.
    const desk = (await t.get(`/api/admin/orders/${id}`, ordersStaff.headers)).json();
    expect(desk.order.tax_exemptions).toEqual(order.tax_exemptions);
    // …and the order's PDF.
    const pdf = await t.get(`/api/orders/${id}/pdf`, b.headers);
    expect(pdfText(pdf.rawPayload)).toContain('QST exempt (certificate QST-1000)');
  });

  it('a certificate of another region, expired, not yet valid or revoked exempts nothing', async () => {
    const b = await buyer('us', ['NY']);
    const cert = (region: string, from: string, until: string | null) =>
      record(b.userId, {
        tax_kind: 'STATE',
        region,
        certificate_number: `C-${region}-${from}`,
        valid_from: from,
        valid_until: until,
      });
    await cert('VT', addDays(today, -5), null);
    await cert('NY', addDays(today, -30), addDays(today, -1));
    await cert('NY', addDays(today, 1), null);
    const revoked = (await cert('NY', addDays(today, -3), null)).json().exemptions[0];
    await revoke(b.userId, revoked.id);
    const { order } = await orderOneBolt(b, '/api/store/orders', b.headers);
    expect(order.taxes).toEqual([{ kind: 'STATE', rate: 4, amount: 12 }]);
    expect(order.tax_exemptions).toEqual([]);
  });

  it('a phone order placed by staff applies the customer’s certificate too', async () => {
    const b = await buyer('us', ['NY']);
    await record(b.userId, {
      tax_kind: 'STATE',
      region: 'NY',
      certificate_number: 'NY-RESALE-9',
      valid_from: today,
    });
    const deskCheckout = (
      await t.get(`/api/admin/phone-orders/${b.userId}/checkout`, ordersStaff.headers)
    ).json();
    expect(deskCheckout.tax_exemptions).toEqual([
      { tax_kind: 'STATE', region: 'NY', certificate_number: 'NY-RESALE-9' },
    ]);
    const { order } = await orderOneBolt(
      b,
      `/api/admin/phone-orders/${b.userId}`,
      ordersStaff.headers,
    );
    expect(order.taxes).toEqual([]);
    expect(order.tax_total).toBe(0);
    expect(order.tax_exemptions).toEqual([
      { kind: 'STATE', rate: 4, amount: 12, region: 'NY', certificate_number: 'NY-RESALE-9' },
    ]);
  });
});
