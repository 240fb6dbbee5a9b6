import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertShoppingFixtures, type FixtureProduct } from '../../test/shopping-fixtures';

/**
 * The test app of each receivables test file (invoices, payments, statements, returns, credit, tax
 * exemptions; their documents come from receivables.fixtures.ts) with the staff who work the
 * receivables. NOTE: exported `let`s are live bindings, so a file reads the app its own beforeAll
 * made (the API tests run with isolate: false and share this module).
 */
export let t: TestApp;
/** The products of the file's shop by code (none unless the file asks for some). */
export let ids: Record<string, number>;
type Member = { userId: number; headers: Record<string, string> };
/** Credit staff: record and bounce payments, charge interest, decide returns, record certificates. */
export let creditStaff: Member;
/** Orders staff (the desk and the warehouse): ship, receive returns, read credit and invoices. */
export let ordersStaff: Member;

/**
 * Gives the calling test file its own app, made before its tests and closed after them: a shop
 * with `products`, its credit and orders staff, and the app's settings `env`.
 */
export function useReceivablesTestApp(
  options: { products?: FixtureProduct[]; env?: Record<string, string> } = {},
): void {
  beforeAll(async () => {
    t = await createTestApp({ env: options.env });
    ids = await insertShoppingFixtures(t.handle.db, options.products ?? []);
    creditStaff = await t.signIn({ role: 'staff', staffRoles: ['credit'] });
    ordersStaff = await t.signIn({ role: 'staff', staffRoles: ['orders'] });
  }, 120_000);
  afterAll(() => t?.close());
}

/** The file's database. */
export const db = () => t.handle.db;

/** Records a payment of the customer as credit staff (or whoever `headers` sign in as). */
export const pay = (
  customerId: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = creditStaff.headers,
) => t.post(`/api/admin/customers/${customerId}/payments`, headers, body);

/**
 * Records a cheque (or the payment `more` says) of `amountCents` received on `receivedOn` as credit
 * staff; answers the payment recorded.
 */
export async function recordedPayment(
  customerId: number,
  amountCents: number,
  receivedOn: string,
  more: Record<string, unknown> = {},
) {
  const res = await pay(customerId, {
    amount_cents: amountCents,
    method: 'cheque',
    received_on: receivedOn,
    ...more,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
