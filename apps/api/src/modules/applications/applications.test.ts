import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CUSTOMER_CODE_FORMAT,
  formatCustomerCode,
  sampleCanadianApplication,
  sampleUsaApplication,
  SENSITIVE_APPLICATION_FIELDS,
} from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createFieldCipher } from '../../lib/crypto';
import { migrationsFolder } from '../../db/client';

import { auditRowsFor } from '../../test/audit-rows';
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['signIn']>>;
let customer: Awaited<ReturnType<TestApp['signIn']>>;
let counter = 0;

function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@applicant.example`;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function submit(payload: unknown) {
  return t.inject({ method: 'POST', url: '/api/store/user', payload: payload as object });
}

async function applicationOf(email: string): Promise<{ id: number }> {
  const [app] = await rows<{ id: number }>(sql`select id from applications where email = ${email}`);
  return app;
}

function approve(id: number) {
  return t.post(`/api/admin/applications/${id}/approve`, staff.headers);
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn({ role: 'staff', email: 'staff@test.example' });
  customer = await t.signIn({ role: 'customer' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/store/user', () => {
  it('accepts a valid Canadian application with status true', async () => {
    const res = await submit(sampleCanadianApplication({ email: uniqueEmail('ca') }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
  });

  it('accepts a valid USA application with status true', async () => {
    const res = await submit(sampleUsaApplication({ email: uniqueEmail('us') }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
  });

  it('answers a missing field with its exact docs/product/registration.md message', async () => {
    const payload: Record<string, unknown> = {
      ...sampleCanadianApplication({ email: uniqueEmail('ca') }),
    };
    delete payload.shipping_consignee_name;
    const res = await submit({
      ...payload,
      owner_driver_license: '',
      billing_prov: 'QC',
      billing_qst: '',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.shipping_consignee_name).toBe('Please enter your consignee  name.');
    expect(body.error.fields.owner_driver_license).toBe('Driver’s License field is required');
    expect(body.error.fields.billing_qst).toBe('QST field is required');
  });

  it('answers USA-only messages for the USA form', async () => {
    const res = await submit(
      sampleUsaApplication({
        owner_social_security: '',
        customsBroker: '',
        formerCustomer: 'Yes',
        formerName: '',
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.owner_social_security).toBe('Social Security field is required');
    expect(fields.customsBroker).toBe('Customs Broker is required');
    expect(fields.formerName).toBe("Please enter your former customer's name.");
  });

  it('refuses an unknown country, a card type other than visa/mastercard and a past expiry', async () => {
    expect(
      (await submit({ ...sampleCanadianApplication(), country: 'mx' })).json().error.fields.country,
    ).toBe('Country must be ca or usa');
    const res = await submit(
      sampleCanadianApplication({ card_type: 'amex' as never, expiry_date: '2001-01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.card_type).toBe('Please choose Visa or Mastercard');
    expect(res.json().error.fields.expiry_date).toBe('The card expiry date cannot be in the past');
  });

  it('answers 409 to a second pending application with the same e-mail (any case)', async () => {
    const email = uniqueEmail('dup');
    expect((await submit(sampleCanadianApplication({ email }))).statusCode).toBe(200);
    const res = await submit(sampleUsaApplication({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');
    expect(res.json().error.message).toMatch(/already waiting for review/);
  });

  it('stores no plain-text bank account, SSN, licence or card details, and no card number', async () => {
    const email = uniqueEmail('secret');
    const secrets = {
      bank_account_number: '55501234567890',
      owner_social_security: '987-65-4321',
      owner_driver_license: 'LIC-ZZ-778899',
      cardholder_name: 'Cardy McHolder',
    };
    const res = await submit({
      ...sampleUsaApplication({ email, ...secrets }),
      card_number: '4111111111111111',
      cvv: '737',
    });
    expect(res.statusCode).toBe(200);
    const [raw] = await rows<Record<string, unknown>>(
      sql`select * from applications where email = ${email}`,
    );
    const dump = JSON.stringify(raw);
    for (const secret of [...Object.values(secrets), '4111111111111111', '737"', 'mastercard'])
      expect(dump).not.toContain(secret);
    expect(String(raw.sensitive)).toMatch(/^enc:v1:[0-9a-f]{12}:/);
    // The sealed value opens with the key in the data directory and holds the answers.
    const key = (await import('node:fs'))
      .readFileSync(`${t.config.dataDir}/dev-encryption.key`, 'utf8')
      .trim();
    const opened = JSON.parse(
      createFieldCipher(Buffer.from(key, 'hex')).decrypt(
        String(raw.sensitive),
        `applications.sensitive:${raw.id}`,
      ),
    );
    expect(opened.bank_account_number).toBe(secrets.bank_account_number);
    expect(opened.owner_social_security).toBe(secrets.owner_social_security);
    expect(opened.card_type).toBe('mastercard');
    // Every answer the contract marks sensitive is sealed, none is in the plain `form` column.
    const sealedOnUsaForm = SENSITIVE_APPLICATION_FIELDS.filter((f) => f in sampleUsaApplication());
    expect(Object.keys(opened).sort()).toEqual([...sealedOnUsaForm].sort());
    for (const name of SENSITIVE_APPLICATION_FIELDS) expect(raw.form).not.toHaveProperty(name);
    // …and is bound to its row: under another row's context it does not open.
    expect(() =>
      createFieldCipher(Buffer.from(key, 'hex')).decrypt(
        String(raw.sensitive),
        'applications.sensitive:0',
      ),
    ).toThrow();
  });

  it('keeps officers and trade references in their own tables, dropping blank entries', async () => {
    const email = uniqueEmail('lists');
    await submit(
      sampleCanadianApplication({
        email,
        officers: [
          { name: 'A One', title: 'President', address: '1 A St' },
          { name: '', title: '', address: '' },
          { name: 'B Two', title: 'Secretary', address: '2 B St' },
        ],
        trade: [
          { name: 'Ref One', telephone: '111', fax: '', contact: 'X' },
          { name: 'Ref Two', telephone: '222', fax: '333', contact: 'Y' },
        ],
      }),
    );
    const app = await applicationOf(email);
    const officers = await rows<{ name: string; position: number }>(
      sql`select name, position from application_officers where application_id = ${app.id} order by position`,
    );
    expect(officers.map((o) => o.name)).toEqual(['A One', 'B Two']);
    const trade = await rows<{ name: string }>(
      sql`select name from application_trade_references where application_id = ${app.id} order by position`,
    );
    expect(trade.map((r) => r.name)).toEqual(['Ref One', 'Ref Two']);
  });

  it('queues the acknowledgement in the applicant language and the staff notice', async () => {
    const email = uniqueEmail('mail');
    await submit(sampleCanadianApplication({ email, lang: 'fr' }));
    const mails = await rows<{
      to_address: string;
      template: string;
      lang: string;
      subject: string;
    }>(
      sql`select to_address, template, lang, subject from mail_outbox where to_address in (${email}, ${t.config.staffEmail}) order by id`,
    );
    const ack = mails.find((m) => m.to_address === email)!;
    expect(ack.template).toBe('application-received');
    expect(ack.lang).toBe('fr');
    expect(ack.subject).toMatch(/demande/);
    expect(
      mails.some(
        (m) => m.to_address === t.config.staffEmail && m.template === 'application-staff-notice',
      ),
    ).toBe(true);
  });
});

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
    const hook = await t.post('/api/admin/webhooks', staff.headers, {
      url: 'http://127.0.0.1:9/erp',
      events: ['customer.created'],
      secret: 'a-long-enough-secret',
    });
    expect(hook.statusCode, hook.body).toBe(200);
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
    const [created] = await rows<{ body: string }>(
      sql`select body from webhook_deliveries where endpoint_id = ${hook.json().endpoint.id}`,
    );
    expect(JSON.parse(created.body)).toMatchObject({
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

describe('key rotation', () => {
  it('re-seals values made with a previous key, which then open with the new key alone', async () => {
    const { randomBytes } = await import('node:crypto');
    const { loadConfig } = await import('../../config');
    const { resealApplications } = await import('./applications.service');
    const fs = await import('node:fs');
    const oldHex = fs.readFileSync(`${t.config.dataDir}/dev-encryption.key`, 'utf8').trim();
    const newHex = randomBytes(32).toString('hex');
    const email = uniqueEmail('rotate');
    await submit(sampleCanadianApplication({ email, bank_account_number: 'ROTATE-1' }));
    const rotated = loadConfig({
      NODE_ENV: 'test',
      APP_ENCRYPTION_KEY: newHex,
      APP_ENCRYPTION_PREVIOUS_KEYS: oldHex,
    });
    const result = await resealApplications(t.handle.db, rotated, 3);
    expect(result.resealed).toBe(result.checked);
    expect(result.checked).toBeGreaterThan(3);
    const [raw] = await rows<{ id: number; sensitive: string }>(
      sql`select id, sensitive from applications where email = ${email}`,
    );
    const onlyNew = createFieldCipher(Buffer.from(newHex, 'hex'));
    expect(raw.sensitive.split(':')[2]).toBe(onlyNew.keyId);
    expect(
      JSON.parse(onlyNew.decrypt(raw.sensitive, `applications.sensitive:${raw.id}`))
        .bank_account_number,
    ).toBe('ROTATE-1');
  });
});

describe('demo applications', () => {
  it('seeds two pending, sealed applications', async () => {
    const { seedDemoApplications } = await import('./applications.seed');
    expect(await seedDemoApplications(t.handle.db, t.config)).toEqual({ applications: 2 });
    const seeded = await rows<{ status: string; sensitive: string; lang: string }>(
      sql`select status, sensitive, lang from applications where email like 'demo.applicant.%' order by id`,
    );
    expect(seeded.map((r) => [r.status, r.lang])).toEqual([
      ['pending', 'fr'],
      ['pending', 'en'],
    ]);
    expect(seeded.every((r) => r.sensitive.startsWith('enc:v1:'))).toBe(true);
  });
});

describe('submission rate limit', () => {
  // Its own app (a low limit) built in a hook: building one inside the test counted the database
  // start-up against the test's time limit, which a busy machine overran.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_MAX: '40' } });
  });
  afterAll(() => limited.close());

  it('answers 429 after too many submissions from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      codes.push(
        (await limited.inject({ method: 'POST', url: '/api/store/user', payload: {} })).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await limited.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
