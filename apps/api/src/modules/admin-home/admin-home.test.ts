import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { GO_LIVE_STEPS, sampleCanadianApplication, type StaffRole } from '@wholesale/contract';
import { auditRowsFor } from '../../test/audit-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importJobs, mailOutbox, orders, storeIdentity, users } from '../../db/schema';
import { mailsTo } from '../../test/mail-outbox';

/** docs/product/back-office-staff-and-customers.md "Home": each role sees its own part. */

let empty: TestApp;
let demo: TestApp;

beforeAll(async () => {
  [empty, demo] = await Promise.all([
    createTestApp(),
    createTestApp({
      seed: { products: 30 },
      env: { SMTP_URL: 'smtp://user:secret@mail.example:587' },
    }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([empty?.close(), demo?.close()]);
});

const staff = (t: TestApp, roles: StaffRole[]) => t.signIn({ role: 'staff', staffRoles: roles });
const home = (t: TestApp, headers: Record<string, string>) => t.get('/api/admin/home', headers);
const checklistOf = (body: { data: { checklist: { step: string; done: boolean }[] } }) =>
  Object.fromEntries(body.data.checklist.map((item) => [item.step, item.done]));

describe('GET /api/admin/home: who sees what', () => {
  it('answers 401 to a guest, 403 to a buyer and to staff holding no role', async () => {
    expect((await home(demo, {})).statusCode).toBe(401);
    const buyer = await demo.signIn({ role: 'customer' });
    expect((await home(demo, buyer.headers)).statusCode).toBe(403);
    const roleless = await staff(demo, []);
    expect((await home(demo, roleless.headers)).statusCode).toBe(403);
  });

  it.each([
    [['credit'], ['applications', 'credit']],
    [['orders'], ['orders']],
    [['content'], ['imports']],
    [
      ['credit', 'orders'],
      ['applications', 'credit', 'orders'],
    ],
    [['admin'], ['checklist', 'deliveries', 'applications', 'credit', 'orders', 'imports']],
  ] as [StaffRole[], string[]][])('staff %j get exactly the parts %j', async (roles, parts) => {
    const res = await home(demo, (await staff(demo, roles)).headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const { sections, ...rest } = res.json().data;
    expect(sections).toEqual(parts);
    // Nothing of a part the roles do not open is in the answer, not even an empty one.
    expect(Object.keys(rest).sort()).toEqual([...parts].sort());
  });
});

describe('the go-live checklist', () => {
  it('on an empty database: nothing done, mail not configured, each step linked', async () => {
    const res = await home(empty, (await staff(empty, ['admin'])).headers);
    const body = res.json();
    expect(body.data.checklist.map((i: { step: string }) => i.step)).toEqual([...GO_LIVE_STEPS]);
    expect(Object.values(checklistOf(body)).every((done) => done === false)).toBe(true);
    expect(body.data.checklist.find((i: { step: string }) => i.step === 'identity').link).toBe(
      '/admin/settings',
    );
    expect(body.data.deliveries).toMatchObject({
      mail_configured: false,
      mails_failed: 0,
      webhooks_failed: 0,
    });
  });

  it('on the demo store: catalogue, customer and mail done; identity once a row exists', async () => {
    const admin = await staff(demo, ['admin']);
    const before = checklistOf((await home(demo, admin.headers)).json());
    expect(before).toMatchObject({
      categories: true,
      product_classes: true,
      products: true,
      mail: true,
      first_customer: true,
    });
    await demo.handle.db.delete(storeIdentity);
    expect(checklistOf((await home(demo, admin.headers)).json()).identity).toBe(false);
    await demo.handle.db.insert(storeIdentity).values({ settings: { name: 'Demo' } });
    expect(checklistOf((await home(demo, admin.headers)).json()).identity).toBe(true);
  });

  it('counts only an active customer as the first customer', async () => {
    const t = empty;
    const admin = await staff(t, ['admin']);
    const inactive = await t.signIn({ role: 'customer', isActive: false });
    expect(checklistOf((await home(t, admin.headers)).json()).first_customer).toBe(false);
    await t.handle.db.update(users).set({ isActive: true }).where(eq(users.id, inactive.userId));
    expect(checklistOf((await home(t, admin.headers)).json()).first_customer).toBe(true);
    await t.handle.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.userId));
  });
});

describe('the parts', () => {
  it('credit: the applications waiting and the oldest one', async () => {
    const credit = await staff(empty, ['credit']);
    const before = (await home(empty, credit.headers)).json().data.applications;
    const applied = await empty.inject({
      method: 'POST',
      url: '/api/store/user',
      payload: sampleCanadianApplication({ email: `home-${Date.now()}@shop.example` }),
    });
    expect(applied.statusCode).toBe(200);
    const after = (await home(empty, credit.headers)).json().data.applications;
    expect(after.pending).toBe(before.pending + 1);
    expect(after.oldest_at).toEqual(expect.any(String));
  });

  it('credit: the placed orders waiting for credit, as many as Receivables lists', async () => {
    const db = demo.handle.db;
    const credit = await staff(demo, ['credit']);
    const listed = async () =>
      (await demo.get('/api/admin/receivables/waiting-orders', credit.headers)).json().total;
    const before = (await home(demo, credit.headers)).json().data.credit.orders_waiting;
    expect(before).toBe(await listed());
    const [order] = await db
      .select({ id: orders.id, status: orders.status, holdReason: orders.holdReason })
      .from(orders)
      .where(sql`${orders.holdReason} is null and ${orders.depositCents} = 0`)
      .orderBy(orders.id)
      .limit(1);
    await db
      .update(orders)
      .set({ status: 'placed', holdReason: 'account_hold' })
      .where(eq(orders.id, order.id));
    const after = (await home(demo, credit.headers)).json().data.credit.orders_waiting;
    expect(after).toBe(before + 1);
    expect(after).toBe(await listed());
    await db
      .update(orders)
      .set({ status: order.status, holdReason: null })
      .where(eq(orders.id, order.id));
  });

  it('orders: to accept and to ship, soonest requested ship date first, none given last', async () => {
    const db = demo.handle.db;
    const open = await db.select({ id: orders.id }).from(orders).orderBy(orders.id).limit(4);
    expect(open).toHaveLength(4);
    const [a, b, c, d] = open.map((o) => o.id);
    await db.update(orders).set({ status: 'shipped' });
    await db
      .update(orders)
      .set({ status: 'placed', requestedShipDate: '2031-03-10' })
      .where(eq(orders.id, a));
    await db
      .update(orders)
      .set({ status: 'accepted', requestedShipDate: '2031-03-02' })
      .where(eq(orders.id, b));
    await db
      .update(orders)
      .set({ status: 'picking', requestedShipDate: null })
      .where(eq(orders.id, c));
    await db
      .update(orders)
      .set({ status: 'cancelled', requestedShipDate: '2031-01-01' })
      .where(eq(orders.id, d));
    const part = (await home(demo, (await staff(demo, ['orders'])).headers)).json().data.orders;
    expect(part).toMatchObject({ to_accept: 1, to_ship: 2 });
    expect(part.next.map((o: { id: number }) => o.id)).toEqual([b, a, c]);
    expect(part.next[0]).toMatchObject({ status: 'accepted', requested_ship_date: '2031-03-02' });
    expect(part.next[0].customer).toEqual(expect.any(String));
  });

  it('orders: the list is read from the open-orders index in its order, with no sort', async () => {
    const plan = await demo.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain
        select id from orders where status in ('placed', 'accepted', 'picking', 'partially_shipped')
        order by requested_ship_date asc nulls last, created_at asc, id asc limit 10`);
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('orders_open_ship_date_idx');
    expect(plan).not.toMatch(/Sort/);
  });

  it('content: imports running, and failed ones only until an import finishes', async () => {
    const db = demo.handle.db;
    const content = await staff(demo, ['content']);
    const job = (status: 'queued' | 'running' | 'done' | 'failed', failure?: string) =>
      db
        .insert(importJobs)
        .values({ status, fileName: `${status}.csv`, fileKey: 'k', fileFormat: 'csv', failure })
        .returning({ id: importJobs.id });
    await job('failed', 'old failure');
    await job('done');
    const [running] = await job('running');
    const [failed] = await job('failed', 'The file is not a CSV');
    const part = (await home(demo, content.headers)).json().data.imports;
    expect(part).toMatchObject({ running: 1, failed: 1 });
    expect(part.latest.map((i: { id: number }) => i.id)).toEqual([failed.id, running.id]);
    expect(part.latest[0]).toMatchObject({ status: 'failed', error: 'The file is not a CSV' });
  });
});

describe('failed mails (admin)', () => {
  async function failedMail(t: TestApp) {
    const [row] = await t.handle.db
      .insert(mailOutbox)
      .values({
        toAddress: 'someone@shop.example',
        subject: 'Choose your password',
        html: '<p>x</p>',
        text: 'x',
        template: 'password-set',
        status: 'failed',
        attempts: 8,
        lastError: '550 mailbox unavailable',
      })
      .returning({ id: mailOutbox.id });
    return row.id;
  }

  it('lists failed mails and sends one again: pending, due now, attempts from zero, audited', async () => {
    const admin = await staff(empty, ['admin']);
    const id = await failedMail(empty);
    const deliveries = (await home(empty, admin.headers)).json().data.deliveries;
    expect(deliveries.mails_failed).toBeGreaterThanOrEqual(1);
    expect(deliveries.failed_mails[0]).toMatchObject({
      id,
      to: 'someone@shop.example',
      last_error: '550 mailbox unavailable',
      attempts: 8,
    });
    const res = await empty.post(`/api/admin/mails/${id}/retry`, admin.headers);
    expect(res.statusCode).toBe(200);
    const [row] = await empty.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audit = await auditRowsFor(empty.handle.db, 'mail', id);
    expect(audit).toMatchObject([
      { actor_user_id: admin.userId, action: 'mail.retry', before: { status: 'failed' } },
    ]);
    // Pending now: sending it again would be a second copy (409 naming its state).
    const again = await empty.post(`/api/admin/mails/${id}/retry`, admin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      reason: { key: 'MAIL_NOT_FAILED', params: { status: 'pending' } },
    });
  });

  it('refuses other roles (403) and unknown mails (404)', async () => {
    const id = await failedMail(empty);
    for (const roles of [['credit'], ['orders'], ['content']] as StaffRole[][]) {
      const res = await empty.post(
        `/api/admin/mails/${id}/retry`,
        (await staff(empty, roles)).headers,
      );
      expect(res.statusCode).toBe(403);
    }
    const admin = await staff(empty, ['admin']);
    expect((await empty.post('/api/admin/mails/99999999/retry', admin.headers)).statusCode).toBe(
      404,
    );
    expect((await empty.post('/api/admin/mails/abc/retry', admin.headers)).statusCode).toBe(400);
  });
});

describe('readiness says whether mail is configured, and nothing more', () => {
  it('without SMTP_URL: ready, with the mail detail', async () => {
    const res = await empty.get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      checks: { mail: { ok: false, detail: expect.stringContaining('not configured') } },
    });
  });

  it('with SMTP_URL: mail ok, and no part of the URL in the answer', async () => {
    const res = await demo.get('/api/health/ready');
    expect(res.json().checks.mail).toEqual({ ok: true });
    expect(res.body).not.toMatch(/secret|mail\.example|smtp/i);
  });
});

describe('a customer set-password link without database access', () => {
  async function customer(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
    return t.signIn({ role: 'customer', passwordHash: null, ...overrides });
  }
  const setPassword = (t: TestApp, token: string) =>
    t.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token,
        new_password: 'a-brand-new-pass-1',
        confirm_password: 'a-brand-new-pass-1',
      },
    });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  it('copy link: a fresh link that sets the password; the previous one stops working; audited', async () => {
    const t = empty;
    const credit = await staff(t, ['credit']);
    const buyer = await customer(t);
    const first = await t.post(
      `/api/admin/customers/${buyer.userId}/set-password-link`,
      credit.headers,
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('no-store');
    const { link, expires_at } = first.json().data;
    expect(link).toMatch(/\/reset-password\?token=[\w-]{20,}&purpose=set$/);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const second = (
      await t.post(`/api/admin/customers/${buyer.userId}/set-password-link`, credit.headers)
    ).json().data.link;
    expect(second).not.toBe(link);

    expect((await setPassword(t, tokenOf(link))).statusCode).toBe(400);
    expect((await setPassword(t, tokenOf(second))).statusCode).toBe(200);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(row.passwordHash).toEqual(expect.any(String));
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: buyer.email, password: 'a-brand-new-pass-1' },
    });
    expect(login.statusCode).toBe(200);

    const audit = await auditRowsFor(t.handle.db, 'customer', buyer.userId);
    expect(audit.map((a) => a.action)).toEqual([
      'customer.set_password_link',
      'customer.set_password_link',
    ]);
    expect(audit[0].actor_user_id).toBe(credit.userId);
    // The link itself is never in the audit log.
    expect(JSON.stringify(audit)).not.toContain(tokenOf(second));
  });

  it('send again: a set-password mail in the customer language, earlier links retired, audited', async () => {
    const t = empty;
    const admin = await staff(t, ['admin']);
    const buyer = await customer(t, { lang: 'fr' });
    const copied = (
      await t.post(`/api/admin/customers/${buyer.userId}/set-password-link`, admin.headers)
    ).json().data.link;
    const res = await t.post(
      `/api/admin/customers/${buyer.userId}/set-password-mail`,
      admin.headers,
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(t.handle.db, buyer.email);
    expect(mail).toMatchObject({ template: 'password-set', lang: 'fr', status: 'pending' });
    const mailed = /reset-password\?token=([\w-]+)&purpose=set/.exec(mail.text)?.[1] ?? '';
    expect((await setPassword(t, tokenOf(copied))).statusCode).toBe(400);
    expect((await setPassword(t, mailed)).statusCode).toBe(200);
    const audit = await auditRowsFor(t.handle.db, 'customer', buyer.userId);
    expect(audit.at(-1)).toMatchObject({
      actor_user_id: admin.userId,
      action: 'customer.set_password_mail',
      after: { mail_to: buyer.email },
    });
  });

  it('refuses orders and content staff (403), other accounts (404) and inactive customers (409)', async () => {
    const t = empty;
    const buyer = await customer(t);
    for (const action of ['set-password-link', 'set-password-mail']) {
      for (const roles of [['orders'], ['content']] as StaffRole[][]) {
        const res = await t.post(
          `/api/admin/customers/${buyer.userId}/${action}`,
          (await staff(t, roles)).headers,
        );
        expect(res.statusCode).toBe(403);
      }
      const credit = await staff(t, ['credit']);
      const other = await staff(t, ['content']);
      expect(
        (await t.post(`/api/admin/customers/${other.userId}/${action}`, credit.headers)).statusCode,
      ).toBe(404);
      const inactive = await customer(t, { isActive: false });
      const res = await t.post(`/api/admin/customers/${inactive.userId}/${action}`, credit.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.reason).toMatchObject({ key: 'ACCOUNT_NOT_ACTIVE' });
    }
    expect(await auditRowsFor(t.handle.db, 'customer', buyer.userId)).toEqual([]);
  });
});
