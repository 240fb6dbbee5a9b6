import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CUSTOMER_CODE_FORMAT,
  formatCustomerCode,
  sampleCanadianApplication,
  sampleUsaApplication,
} from '@wholesale/contract';
import { migrationsFolder } from '../../db/client';

import { auditRowsFor } from '../../test/audit-rows';
import { erpWebhook, queuedDeliveries } from '../../test/erp-fixtures';
import {
  applicationOf,
  approve,
  customer,
  rows,
  staff,
  submit,
  t,
  uniqueEmail,
  useApplicationsTestApp,
} from './applications.test-app';

useApplicationsTestApp();

describe('staff review API', () => {
  const paths = (id: number) => [
    { method: 'GET' as const, url: '/api/admin/applications' },
    { method: 'GET' as const, url: `/api/admin/applications/${id}` },
    { method: 'POST' as const, url: `/api/admin/applications/${id}/approve` },
    {
      method: 'POST' as const,
      url: `/api/admin/applications/${id}/reject`,
      payload: { reason: 'no' },
    },
  ];

  it('refuses guests (401) and customers (403)', async () => {
    for (const p of paths(1)) {
      expect((await t.inject(p)).statusCode, `${p.method} ${p.url} guest`).toBe(401);
      expect(
        (await t.inject({ ...p, headers: customer.headers })).statusCode,
        `${p.method} ${p.url} customer`,
      ).toBe(403);
    }
  });

  it('lists by status, country and search text, paginated, without sensitive fields', async () => {
    const company = `Searchable Fabrics ${Date.now()}`;
    await submit(sampleUsaApplication({ email: uniqueEmail('list'), company_name: company }));
    const res = await t.inject({
      method: 'GET',
      url: '/api/admin/applications',
      query: { status: 'pending', country: 'usa', search: 'searchable fabrics', per_page: '5' },
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.per_page).toBe(5);
    expect(body.data[0].company_name).toBe(company);
    expect(
      body.data.every(
        (a: { country: string; status: string }) => a.country === 'usa' && a.status === 'pending',
      ),
    ).toBe(true);
    expect(JSON.stringify(body)).not.toContain('bank_account_number');
    const none = await t.inject({
      method: 'GET',
      url: '/api/admin/applications',
      query: { status: 'rejected', search: company },
      headers: staff.headers,
    });
    expect(none.json().total).toBe(0);
    const bad = await t.inject({
      method: 'GET',
      url: '/api/admin/applications',
      query: { status: 'lost' },
      headers: staff.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stores us for both wire spellings and answers usa, filtering by either spelling', async () => {
    const company = `Spelling Fabrics ${Date.now()}`;
    const viaUsa = uniqueEmail('usa');
    const viaUs = uniqueEmail('us');
    await submit(sampleUsaApplication({ email: viaUsa, company_name: company, country: 'usa' }));
    await submit(sampleUsaApplication({ email: viaUs, company_name: company, country: 'us' }));
    const stored = await rows<{ country: string }>(
      sql`select country from applications where email in (${viaUsa}, ${viaUs})`,
    );
    expect(stored.map((r) => r.country)).toEqual(['us', 'us']);
    for (const country of ['usa', 'us']) {
      const res = await t.inject({
        method: 'GET',
        url: '/api/admin/applications',
        query: { status: 'pending', country, search: company },
        headers: staff.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().total, country).toBe(2);
      expect(res.json().data.map((a: { country: string }) => a.country)).toEqual(['usa', 'usa']);
    }
    const canadian = await t.inject({
      method: 'GET',
      url: '/api/admin/applications',
      query: { status: 'pending', country: 'ca', search: company },
      headers: staff.headers,
    });
    expect(canadian.json().total).toBe(0);
    const app = await applicationOf(viaUs);
    const detail = await t.get(`/api/admin/applications/${app.id}`, staff.headers);
    expect(detail.json().data.country).toBe('usa');
    expect(detail.json().data.form.country).toBe('usa');
  });

  it('migration 0017 turns a stored usa into us and refuses usa afterwards', async () => {
    const email = uniqueEmail('legacy');
    await submit(sampleUsaApplication({ email }));
    // The row as it was stored before 0017.
    await t.handle.exec(
      `alter table applications drop constraint applications_country_check; update applications set country = 'usa' where email = '${email}'`,
    );
    const fs = await import('node:fs');
    const migration = fs.readFileSync(
      `${migrationsFolder}/0017_application_country_us.sql`,
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.handle.exec(statement);
    const [row] = await rows<{ country: string }>(
      sql`select country from applications where email = ${email}`,
    );
    expect(row.country).toBe('us');
    await expect(
      t.handle.exec(`update applications set country = 'usa' where email = '${email}'`),
    ).rejects.toThrow();
  });

  it('"Same as billing address" stores the billing address as shipping; "Not applicable" stores no owner answers', async () => {
    const email = uniqueEmail('same');
    const payload: Record<string, unknown> = {
      ...sampleCanadianApplication({ email }),
      shipping_same_as_billing: true,
      owner_not_applicable: true,
      shipping_street: '',
      owner_address: '',
      owner_driver_license: '',
    };
    delete payload.shipping_consignee_name;
    delete payload.owner_prov;
    const res = await submit(payload);
    expect(res.statusCode).toBe(200);
    const app = await applicationOf(email);
    const { form } = (await t.get(`/api/admin/applications/${app.id}`, staff.headers)).json().data;
    expect(form).toMatchObject({
      shipping_same_as_billing: true,
      shipping_consignee_name: form.company_name,
      shipping_street: form.billing_street,
      shipping_city: form.billing_city,
      shipping_prov: form.billing_prov,
      shipping_pc: form.billing_pc,
      owner_not_applicable: true,
      owner_name: payload.owner_name,
      email,
    });
    expect(form.shipping_street).not.toBe('');
    for (const name of ['owner_address', 'owner_city', 'owner_prov', 'owner_driver_license'])
      expect(form).not.toHaveProperty(name);

    // Unticked, the same blanks answer the usual messages.
    const refused = await submit({
      ...payload,
      email: uniqueEmail('same'),
      shipping_same_as_billing: false,
      owner_not_applicable: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toMatchObject({
      shipping_consignee_name: 'Please enter your consignee  name.',
      shipping_street: 'Street field is required',
      owner_address: 'Please enter your home address.',
      owner_prov: 'Province field is required',
    });
  });

  it('shows the decrypted application to staff and writes the view to the audit log', async () => {
    const email = uniqueEmail('detail');
    await submit(sampleCanadianApplication({ email, bank_account_number: '424242-77' }));
    const app = await applicationOf(email);
    const res = await t.get(`/api/admin/applications/${app.id}`, staff.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.form.bank_account_number).toBe('424242-77');
    expect(data.form.billing_gst).toBe('123456789RT0001');
    expect(data.officers).toHaveLength(1);
    const audit = await auditRowsFor(t.handle.db, 'application', app.id);
    expect(audit).toEqual([
      expect.objectContaining({ actor_user_id: staff.userId, action: 'application.viewed' }),
    ]);
    expect((await t.get('/api/admin/applications/999999', staff.headers)).statusCode).toBe(404);
  });

  it('rejects with a reason, e-mails the applicant, and cannot decide twice', async () => {
    const email = uniqueEmail('reject');
    await submit(sampleUsaApplication({ email, lang: 'es' }));
    const app = await applicationOf(email);
    const empty = await t.post(`/api/admin/applications/${app.id}/reject`, staff.headers, {
      reason: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.reason).toBe('Please give a reason for the rejection');
    const res = await t.post(`/api/admin/applications/${app.id}/reject`, staff.headers, {
      reason: 'Trade references could not be verified',
    });
    expect(res.json()).toEqual({ status: true });
    const [row] = await rows<{ status: string; rejection_reason: string }>(
      sql`select status, rejection_reason from applications where id = ${app.id}`,
    );
    expect(row).toEqual({
      status: 'rejected',
      rejection_reason: 'Trade references could not be verified',
    });
    const [mail] = await rows<{ template: string; lang: string; text: string }>(
      sql`select template, lang, text from mail_outbox where to_address = ${email} and template = 'application-rejected'`,
    );
    expect(mail.lang).toBe('es');
    expect(mail.text).toContain('Trade references could not be verified');
    expect(
      (await auditRowsFor(t.handle.db, 'application', app.id)).filter((r) =>
        r.action.startsWith('application.re'),
      ),
    ).toEqual([
      {
        actor_user_id: staff.userId,
        action: 'application.rejected',
        before: { status: 'pending' },
        after: { status: 'rejected', reason: 'Trade references could not be verified' },
      },
    ]);
    const again = await approve(app.id);
    expect(again.statusCode).toBe(409);
    // A rejected applicant may apply again.
    expect((await submit(sampleUsaApplication({ email }))).statusCode).toBe(200);
  });

  it('refuses to approve when the e-mail already has an account, and changes nothing', async () => {
    const email = uniqueEmail('taken');
    await t.signIn({ email: email.toUpperCase() });
    expect((await submit(sampleUsaApplication({ email }))).statusCode).toBe(200);
    const app = await applicationOf(email);
    const res = await approve(app.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('already exists');
    const [after] = await rows<{ status: string; n: number }>(
      sql`select a.status, (select count(*)::int from users u where lower(u.email) = ${email}) as n
          from applications a where a.id = ${app.id}`,
    );
    expect(after).toEqual({ status: 'pending', n: 1 });
  });

  it('approval creates a customer who sets a password through the mailed link and signs in', async () => {
    const email = uniqueEmail('approve');
    await submit(
      sampleUsaApplication({
        email,
        lang: 'fr',
        owner_name: 'Olive Owner',
        company_name: 'Olive Crafts',
      }),
    );
    const app = await applicationOf(email);
    const hookId = await erpWebhook(t, ['customer.created'], staff.headers);
    const res = await approve(app.id);
    expect(res.statusCode).toBe(200);
    const { user_id, customer_code } = res.json().data;
    expect(customer_code).toMatch(CUSTOMER_CODE_FORMAT);
    expect(customer_code).toBe(formatCustomerCode('us', user_id));
    expect(
      (await auditRowsFor(t.handle.db, 'application', app.id)).find(
        (r) => r.action === 'application.approved',
      ),
    ).toEqual({
      actor_user_id: staff.userId,
      action: 'application.approved',
      before: { status: 'pending' },
      after: { status: 'approved', customer_user_id: user_id, customer_code },
    });
    // The ERP learns of the new customer through the webhook outbox, in the same transaction.
    const [created] = await queuedDeliveries(t, hookId);
    expect(created).toMatchObject({
      event: 'customer.created',
      data: { customer_id: user_id, customer_code, email },
    });

    const [user] = await rows<{
      country: string;
      lang: string;
      company_name: string;
      owner_name: string;
      role: string;
      password_hash: string | null;
    }>(
      sql`select country, lang, company_name, owner_name, role, password_hash from users where id = ${user_id}`,
    );
    expect(user).toEqual({
      country: 'us',
      lang: 'fr',
      company_name: 'Olive Crafts',
      owner_name: 'Olive Owner',
      role: 'customer',
      password_hash: null,
    });
    const [approved] = await rows<{
      status: string;
      customer_user_id: number;
      customer_code: string;
    }>(sql`select status, customer_user_id, customer_code from applications where id = ${app.id}`);
    expect(approved).toEqual({ status: 'approved', customer_user_id: user_id, customer_code });

    const [mail] = await rows<{ text: string; template: string }>(
      sql`select text, template from mail_outbox where to_address = ${email} and template = 'password-set'`,
    );
    // A first password's link: the page asks for no e-mail (purpose=set, docs/product/accounts.md).
    const link = /(http\S+\/reset-password\?token=([^\s&]+)&purpose=set)/.exec(mail.text);
    expect(link?.[1].startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
    const token = decodeURIComponent(link![2]);

    const set = await t.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token,
        new_password: 'Olive-Crafts-2026!',
        confirm_password: 'Olive-Crafts-2026!',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Olive-Crafts-2026!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ email, customer_code, cflag: 'us', lang: 'fr' });

    const twice = await approve(app.id);
    expect(twice.statusCode).toBe(409);
  });

  it('approval of an application whose e-mail already has an account answers 409 and changes nothing', async () => {
    const email = uniqueEmail('taken');
    await t.signIn({ email });
    await submit(sampleCanadianApplication({ email }));
    const app = await applicationOf(email);
    const res = await approve(app.id);
    expect(res.statusCode).toBe(409);
    const [row] = await rows<{ status: string }>(
      sql`select status from applications where id = ${app.id}`,
    );
    expect(row.status).toBe('pending');
  });
});
