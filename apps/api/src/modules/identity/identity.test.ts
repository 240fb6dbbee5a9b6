import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { auditRowsFor } from '../../test/audit-rows';
import { multipart } from '../../test/multipart';
import { saveTestIdentity, TEST_IDENTITY } from '../../test/store-identity';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lastReadStoreIdentity } from './index';
import { mailsTo } from '../../test/mail-outbox';

// docs/product/back-office-staff-and-customers.md "Store identity".
const PUBLIC = '/api/store-identity';
const ADMIN = '/api/admin/settings/identity';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ role: 'staff', staffRoles: ['admin'] });
});
afterAll(() => t?.close());

describe('a fresh store', () => {
  it('has no identity: the public read says so, and so does the admin read', async () => {
    const pub = await t.get(PUBLIC);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ set: false, identity: null });
    const own = await t.get(ADMIN, admin.headers);
    expect(own.json()).toEqual({ set: false, identity: null, updated_at: null, updated_by: null });
  });
});

describe('who may read and write it', () => {
  it('answers 401 to guests and 403 to buyers and to staff without the admin role', async () => {
    const buyer = await t.signIn();
    const orders = await t.signIn({ role: 'staff', staffRoles: ['orders', 'content', 'credit'] });
    for (const call of [
      { method: 'GET', url: ADMIN },
      { method: 'PUT', url: ADMIN, payload: TEST_IDENTITY },
    ] as const) {
      expect((await t.inject(call)).statusCode).toBe(401);
      for (const who of [buyer, orders])
        expect((await t.inject({ ...call, headers: who.headers })).statusCode).toBe(403);
    }
    expect((await t.get(PUBLIC)).json().set).toBe(false);
  });
});

describe('saving it', () => {
  it('refuses bad input with 400 naming each field, and keeps nothing', async () => {
    const res = await t.put(ADMIN, admin.headers, {
      ...TEST_IDENTITY,
      name: { en: '' },
      head_office: { ...TEST_IDENTITY.head_office, phone: 'ring us', email: 'nobody' },
      tax: { gst_hst: '123456789 RT0001' },
      logo: '/files/elsewhere.png',
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      'name.en': 'Store name (English) is required',
      'head_office.phone': 'Head office phone must be a phone number such as +1 514 555 0100',
      'head_office.email':
        'Head office e-mail must be an e-mail address such as orders@example.com',
      'tax.gst_hst': 'GST/HST number must look like 123456782 RT0001 (a valid business number)',
      logo: 'Logo must be an image uploaded on the settings page',
    });
    const notAnObject = await t.put(ADMIN, admin.headers, [1, 2]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().error.fields).toEqual({
      body: 'The store identity must be an object',
    });
    expect((await t.get(PUBLIC)).json().set).toBe(false);
  });

  it('saves it with an audit row; every reader sees it at once; the public read has no staff detail', async () => {
    const res = await t.put(ADMIN, admin.headers, TEST_IDENTITY);
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.set).toBe(true);
    expect(saved.updated_by).toBe(admin.email);
    // Tax numbers in their printed form; what was left out is empty.
    expect(saved.identity.tax).toEqual({ gst_hst: '123456782 RT0001', qst: '', us_ein: '' });
    expect(saved.identity.support_es.phone).toBe('');

    const pub = await t.get(PUBLIC);
    expect(pub.json()).toEqual({ set: true, identity: saved.identity });
    // No staff member, no e-mail of one, no time of the save.
    expect(pub.body).not.toContain(admin.email);
    expect(Object.keys(pub.json())).toEqual(['set', 'identity']);

    const [row] = await auditRowsFor(t.handle.db, 'store_identity', 1);
    expect(row).toMatchObject({ actor_user_id: admin.userId, action: 'store_identity.create' });
    expect(row.after).toMatchObject({ legal_name: 'Maple Test Supply Ltd.' });

    const renamed = { ...TEST_IDENTITY, legal_name: 'Maple Test Supply Inc.' };
    expect((await t.put(ADMIN, admin.headers, renamed)).statusCode).toBe(200);
    expect((await t.get(PUBLIC)).json().identity.legal_name).toBe('Maple Test Supply Inc.');
    const rows = await auditRowsFor(t.handle.db, 'store_identity', 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'store_identity.update',
      before: { legal_name: 'Maple Test Supply Ltd.' },
      after: { legal_name: 'Maple Test Supply Inc.' },
    });
    // Mails are signed with it from now on.
    expect(lastReadStoreIdentity()?.legal_name).toBe('Maple Test Supply Inc.');
  });

  it('signs the mails queued after it with the store name and head office', async () => {
    await saveTestIdentity(t);
    const email = `invitee-${Date.now()}@test.example`;
    const invited = await t.post('/api/admin/staff', admin.headers, {
      email,
      name: 'New Person',
      roles: ['orders'],
    });
    expect(invited.statusCode).toBe(200);
    const [mail] = await mailsTo(t.handle.db, email);
    expect(mail.text).toContain('The Maple Test Supply team');
    expect(mail.text).toContain('+1 902 555 0177');
    expect(mail.html).toContain('77 Sample Road');
  });
});

describe('the logo', () => {
  const png = () =>
    sharp({ create: { width: 8, height: 6, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
  const upload = async (data: Buffer, name = 'logo', headers = admin.headers) => {
    const form = multipart([{ name, filename: 'logo.png', contentType: 'image/png', data }]);
    return t.inject({
      method: 'POST',
      url: `${ADMIN}/logo`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('stores an uploaded picture, served under the path the identity then keeps', async () => {
    const res = await upload(await png());
    expect(res.statusCode).toBe(201);
    const { logo } = res.json();
    expect(logo).toMatch(/^\/files\/content\/store_logo\/[0-9a-f-]{36}\.png$/);
    const served = await t.get(logo);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const saved = await t.put(ADMIN, admin.headers, { ...TEST_IDENTITY, logo });
    expect(saved.json().identity.logo).toBe(logo);
  });

  it('refuses what is not a picture (415) or no file (400), naming the field, and non-admins (403)', async () => {
    const text = await upload(Buffer.from('MZ not an image at all'));
    expect(text.statusCode).toBe(415);
    expect(Object.keys(text.json().error.fields)).toEqual(['logo']);
    const wrongField = await upload(await png(), 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(Object.keys(wrongField.json().error.fields)).toEqual(['logo']);
    const content = await t.signIn({ role: 'staff', staffRoles: ['content'] });
    expect((await upload(await png(), 'logo', content.headers)).statusCode).toBe(403);
  });
});

describe('a second API process on the same database', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await buildApp({ config: t.config, db: t.handle, logger: false });
    await second.ready();
  });
  afterAll(() => second?.close());

  it('sees a save by the first one through the change feed, without a restart', async () => {
    await saveTestIdentity(t);
    const before = await second.inject({ method: 'GET', url: PUBLIC });
    expect(before.json().identity.name.en).toBe('Maple Test Supply');
    // Now cached in the second process (for 5 minutes); the first saves a new name. The feed may
    // still deliver the first save's notice, so the test waits for the name, not for a notice.
    const renamed = { ...TEST_IDENTITY, name: { en: 'Birch Test Supply' } };
    expect((await t.put(ADMIN, admin.headers, renamed)).statusCode).toBe(200);
    await expect
      .poll(
        async () => (await second.inject({ method: 'GET', url: PUBLIC })).json().identity.name.en,
        {
          timeout: 30_000,
        },
      )
      .toBe('Birch Test Supply');
  });
});
