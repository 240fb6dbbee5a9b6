import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sampleCanadianApplication } from '@wholesale/contract';
import { lastAuditRow } from '../../test/audit-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { users } from '../../db/schema';
import { mailsTo } from '../../test/mail-outbox';

let t: TestApp;
type Session = Awaited<ReturnType<TestApp['signIn']>>;
let credit: Session;
let orders: Session;
let content: Session;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  credit = await t.signIn({ role: 'staff', staffRoles: ['credit'], email: 'credit@test.example' });
  orders = await t.signIn({ role: 'staff', staffRoles: ['orders'] });
  content = await t.signIn({ role: 'staff', staffRoles: ['content'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function newCustomer(overrides: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const email = `buyer${n}-${Date.now()}@shop.example`;
  const session = await t.signIn({
    email,
    ownerName: `Bea Buyer ${n}`,
    companyName: `Notions Shop ${n}`,
    customerCode: `CA-T${n}${Date.now() % 100000}`,
    ...overrides,
  });
  return { ...session, email };
}

const lastAudit = (id: number) => lastAuditRow(t.handle.db, 'customer', id);

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('GET /api/admin/customers', () => {
  it('finds customers by name, e-mail, customer code or company, case-insensitively, paginated', async () => {
    const a = await newCustomer({ companyName: 'Zebra Buttons Ltd', ownerName: 'Quentin Quill' });
    for (const q of ['zebra buttons', 'QUENTIN', a.email.slice(0, 8), 'zebra']) {
      const res = await call(
        'GET',
        `/api/admin/customers?q=${encodeURIComponent(q)}`,
        orders.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { id: number }) => c.id)).toContain(a.userId);
    }
    const code = (await t.handle.db.select().from(users).where(eq(users.id, a.userId)))[0]
      .customerCode as string;
    const byCode = await call(
      'GET',
      `/api/admin/customers?q=${code.toLowerCase()}`,
      credit.headers,
    );
    expect(byCode.json().data).toHaveLength(1);
    const staffNotListed = await call('GET', '/api/admin/customers?q=credit@test', credit.headers);
    expect(staffNotListed.json().total).toBe(0);
    await newCustomer();
    const page = await call('GET', '/api/admin/customers?per_page=1&page=2', credit.headers);
    expect(page.json()).toMatchObject({ per_page: 1, current_page: 2 });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().last_page).toBeGreaterThanOrEqual(2);
  });

  it('treats % and _ as text, and refuses a search that is too long naming the field', async () => {
    const res = await call('GET', '/api/admin/customers?q=%25%25', credit.headers);
    expect(res.json().total).toBe(0);
    const long = await call('GET', `/api/admin/customers?q=${'x'.repeat(101)}`, credit.headers);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.q).toBe('Search must be at most 100 characters');
    expect((await call('GET', '/api/admin/customers', content.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('shows the account, orders, favourites and the application: decrypted for credit only', async () => {
    const applicant = `applicant${Date.now()}@shop.example`;
    const submitted = await t.inject({
      method: 'POST',
      url: '/api/store/user',
      payload: sampleCanadianApplication({ email: applicant, lang: 'fr' }),
    });
    expect(submitted.statusCode).toBe(200);
    const [{ id: applicationId }] = (
      (await t.handle.db.execute(
        sql`select id from applications where email = ${applicant}`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const approved = await call(
      'POST',
      `/api/admin/applications/${applicationId}/approve`,
      credit.headers,
    );
    const customerId = approved.json().data.user_id as number;
    await t.handle.db.execute(
      sql`insert into orders (user_id, country, status, total_cents) values (${customerId}, 'ca', 'placed', 1234), (${customerId}, 'ca', 'shipped', 500)`,
    );

    const asCredit = await call('GET', `/api/admin/customers/${customerId}`, credit.headers);
    expect(asCredit.statusCode).toBe(200);
    const detail = asCredit.json().data;
    expect(detail).toMatchObject({
      id: customerId,
      email: applicant,
      lang: 'fr',
      country: 'ca',
      active: true,
      order_count: 2,
      favourites_count: 0,
      last_sign_in_at: null,
    });
    expect(detail.last_orders.map((o: { total_cents: number }) => o.total_cents).sort()).toEqual([
      1234, 500,
    ]);
    expect(detail.application).toMatchObject({ id: applicationId, status: 'approved' });
    expect(detail.application.form).toBeTruthy();

    const asOrders = await call('GET', `/api/admin/customers/${customerId}`, orders.headers);
    expect(asOrders.json().data.application).toMatchObject({ id: applicationId, form: null });
  });

  it('answers 404 for an unknown id or a staff account, 400 for an id out of range', async () => {
    expect((await call('GET', '/api/admin/customers/999999', credit.headers)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/admin/customers/${orders.userId}`, credit.headers)).statusCode,
    ).toBe(404);
    const bad = await call('GET', '/api/admin/customers/abc', credit.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBeTruthy();
  });
});

describe('customer actions', () => {
  it('deactivates: sessions end at once, sign-in says inactive; reactivates: sign-in works', async () => {
    const buyer = await newCustomer();
    const me = () => call('GET', '/api/cart', buyer.headers);
    expect((await me()).statusCode).toBe(200);
    const off = await call(
      'POST',
      `/api/admin/customers/${buyer.userId}/deactivate`,
      credit.headers,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await me()).statusCode).toBe(401);
    const login = () =>
      t.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: buyer.email, password: 'a-long-test-password' },
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_INACTIVE');
    const audit = await lastAudit(buyer.userId);
    expect(audit).toMatchObject({
      action: 'customer.deactivate',
      actorUserId: credit.userId,
      before: { active: true },
      after: { active: false },
    });
    const on = await call(
      'POST',
      `/api/admin/customers/${buyer.userId}/reactivate`,
      credit.headers,
    );
    expect(on.json().data.active).toBe(true);
    expect((await login()).statusCode).toBe(200);
  });

  it('lets orders staff read but not act (403, nothing changed)', async () => {
    const buyer = await newCustomer();
    for (const [method, url, payload] of [
      ['POST', `/api/admin/customers/${buyer.userId}/deactivate`],
      ['POST', `/api/admin/customers/${buyer.userId}/password-reset`],
      ['PATCH', `/api/admin/customers/${buyer.userId}`, { staff_note: 'no' }],
    ] as const) {
      expect((await call(method, url, orders.headers, payload)).statusCode).toBe(403);
    }
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(row).toMatchObject({ isActive: true, staffNote: null });
  });

  it('sends a password-reset mail in the customer’s language, audited without the token', async () => {
    const buyer = await newCustomer({ lang: 'es' });
    const res = await call(
      'POST',
      `/api/admin/customers/${buyer.userId}/password-reset`,
      credit.headers,
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(t.handle.db, buyer.email);
    expect(mail).toMatchObject({ template: 'password-reset', lang: 'es' });
    const audit = await lastAudit(buyer.userId);
    expect(audit.action).toBe('customer.password_reset');
    expect(JSON.stringify(audit)).not.toMatch(/token=/);

    await call('POST', `/api/admin/customers/${buyer.userId}/deactivate`, credit.headers);
    const inactive = await call(
      'POST',
      `/api/admin/customers/${buyer.userId}/password-reset`,
      credit.headers,
    );
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.reason.key).toBe('ACCOUNT_NOT_ACTIVE');
  });

  it('changes country, customer code and note with before/after; the buyer’s next request sees the country', async () => {
    const buyer = await newCustomer();
    const res = await call('PATCH', `/api/admin/customers/${buyer.userId}`, credit.headers, {
      country: 'us',
      customer_code: 'US-NEW-1',
      staff_note: '  Prefers phone orders ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ country: 'us', customer_code: 'US-NEW-1' });
    const audit = await lastAudit(buyer.userId);
    expect(audit.action).toBe('customer.update');
    expect(audit.before).toMatchObject({ country: 'ca', staff_note: null });
    expect(audit.after).toMatchObject({
      country: 'us',
      customer_code: 'US-NEW-1',
      staff_note: 'Prefers phone orders',
    });
    const me = await call('GET', '/api/me', buyer.headers);
    expect(me.json().user).toMatchObject({ cflag: 'us', customer_code: 'US-NEW-1' });
  });

  it('refuses bad fields naming them, and a taken customer code with 409, changing nothing', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const patch = (payload: object) =>
      call('PATCH', `/api/admin/customers/${b.userId}`, credit.headers, payload);
    const country = await patch({ country: 'fr' });
    expect(country.statusCode).toBe(400);
    expect(country.json().error.fields.country).toBe('Country must be ca or us');
    const long = await patch({ staff_note: 'x'.repeat(2001) });
    expect(long.json().error.fields.staff_note).toBe('Staff note must be at most 2000 characters');
    const code = await patch({ customer_code: 'bad code!' });
    expect(code.json().error.fields.customer_code).toMatch(/letters, digits and hyphens/);
    expect((await patch({})).statusCode).toBe(400);
    const [aRow] = await t.handle.db.select().from(users).where(eq(users.id, a.userId));
    const taken = await patch({ customer_code: aRow.customerCode, staff_note: 'kept?' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.customer_code).toMatch(/already has the customer code/);
    const [bRow] = await t.handle.db.select().from(users).where(eq(users.id, b.userId));
    expect(bRow.staffNote).toBeNull();
    expect((await patch({ staff_note: 'ok' })).statusCode).toBe(200);
    expect(
      (await call('PATCH', '/api/admin/customers/999999', credit.headers, { staff_note: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
