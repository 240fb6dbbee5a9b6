import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  sampleCanadianApplication,
  sampleUsaApplication,
  SENSITIVE_APPLICATION_FIELDS,
} from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createFieldCipher } from '../../lib/crypto';

import {
  applicationOf,
  rows,
  submit,
  t,
  uniqueEmail,
  useApplicationsTestApp,
} from './applications.test-app';

useApplicationsTestApp();

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
