import nodemailer from 'nodemailer';
import { LANGS, StoreIdentity, type Lang } from '@wholesale/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailOutbox } from '../../db/schema';
import { enqueueMail, registerMailTemplate } from './mail.service';
import { TEST_IDENTITY } from '../../test/store-identity';
import { renderMail } from './mail.templates';
import {
  backoffMs,
  MAIL_MAX_ATTEMPTS,
  processOutbox,
  startMailWorker,
  type MailTransport,
} from './mail.worker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function row(id: number) {
  const [r] = await t.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return r;
}

const silentLog = { info: () => {}, warn: () => {} };

/** Queues the simplest mail there is, the password-changed notice, to `to`. */
function queueNotice(to: string, name: string, lang?: Lang) {
  return enqueueMail(t.handle.db, { to, template: 'password-changed', lang, data: { name } });
}

/** A worker on the test app's outbox, quiet; without a transport it sends nothing. */
function testWorker(
  options: Pick<Parameters<typeof startMailWorker>[0], 'intervalMs' | 'transport'>,
) {
  return startMailWorker({
    db: t.app.db,
    jobQueue: t.app.jobQueue,
    from: 'x@shop.example',
    log: silentLog,
    ...options,
  });
}

describe('enqueueMail', () => {
  it('renders HTML and text in the recipient language, escaping the data', async () => {
    const url = 'http://localhost:3000/reset-password?token=abc';
    const queued = async (to: string, template: string, lang: Lang | '', name: string) =>
      row(await enqueueMail(t.handle.db, { to, template, lang, data: { name, url } }));
    const en = await queued('a@shop.example', 'password-reset', '', '<b>Ann</b>');
    const fr = await queued('b@shop.example', 'password-reset', 'fr', 'Benoît');
    const es = await queued('c@shop.example', 'password-set', 'es', 'Carla');
    expect(en).toMatchObject({
      lang: 'en',
      status: 'pending',
      subject: 'Reset your password',
      attempts: 0,
    });
    expect(en.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(en.html).not.toContain('<b>Ann</b>');
    expect(en.html).toContain(`href="${url}"`);
    expect(en.text).toContain(`Reset my password: ${url}`);
    expect(fr.subject).toBe('Réinitialisez votre mot de passe');
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.text).toContain('Bonjour Benoît,');
    expect(es.subject).toBe('Su cuenta mayorista está lista: elija su contraseña');
    expect(es.text).toContain(url);
  });

  it("writes each personal mail's data into its text, in every language", () => {
    const url = 'https://shop.example/set-password?token=t';
    const data = { name: 'Ann', url, company: 'Ann Co', reason: 'No references', roles: 'credit' };
    for (const lang of LANGS) {
      for (const [template, values] of [
        ['password-reset', ['Ann', url]],
        ['password-set', ['Ann', url]],
        ['password-changed', ['Ann']],
        ['application-received', ['Ann', 'Ann Co']],
        ['application-rejected', ['Ann', 'Ann Co', 'No references']],
        ['staff-invite', ['Ann', 'credit', url]],
      ] as const) {
        const { text } = renderMail(template, lang, data);
        for (const value of values) expect(text, `${template} (${lang})`).toContain(value);
      }
    }
  });

  it("signs with the store identity in the reader's language, or neutrally while none is set", () => {
    const identity = StoreIdentity.parse(TEST_IDENTITY);
    const url = 'https://shop.example/reset';
    const en = renderMail('password-reset', 'en', { name: 'Ann', url }, identity);
    expect(en.text).toContain('The Maple Test Supply team');
    expect(en.text).toContain('Maple Test Supply Ltd.');
    expect(en.text).toContain('77 Sample Road');
    expect(en.html).toContain('hello@maple-test.example');
    const fr = renderMail('password-reset', 'fr', { name: 'Ann', url }, identity);
    expect(fr.text).toContain('L’équipe Fournitures Érable Test');
    expect(fr.text).toContain('77, chemin Exemple');
    // No Spanish name: the English one.
    expect(renderMail('password-reset', 'es', { name: 'Ann', url }, identity).text).toContain(
      'El equipo de Maple Test Supply',
    );
    const none = renderMail('password-reset', 'en', { name: 'Ann', url }, null);
    expect(none.text.trimEnd().split('\n').at(-1)).toBe('The team');
    // Every text of the identity is escaped in the HTML body.
    const sly = StoreIdentity.parse({ ...TEST_IDENTITY, name: { en: '<b>Sly</b> & Co' } });
    expect(renderMail('password-reset', 'en', { name: 'Ann', url }, sly).html).toContain(
      'The &lt;b&gt;Sly&lt;/b&gt; &amp; Co team',
    );
  });

  it('accepts templates other modules register, and refuses unknown ones', async () => {
    registerMailTemplate('test-greeting', (lang, d) => ({
      subject: lang === 'fr' ? 'Salut' : 'Hi',
      heading: `Hi ${String(d.name)}`,
      paragraphs: ['One line.'],
    }));
    const id = await enqueueMail(t.handle.db, {
      to: 'd@shop.example',
      template: 'test-greeting',
      lang: 'fr',
      data: { name: 'Dee' },
    });
    expect((await row(id)).subject).toBe('Salut');
    await expect(
      enqueueMail(t.handle.db, { to: 'x@shop.example', template: 'no-such-template' }),
    ).rejects.toThrow(/Unknown mail template/);
    expect(() =>
      registerMailTemplate('notice', () => ({ subject: '', heading: '', paragraphs: [] })),
    ).toThrow();
  });

  it("rolls back with the caller's transaction", async () => {
    await expect(
      t.handle.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: 'rollback@shop.example',
          template: 'notice',
          data: { subject: 'S', heading: 'H', paragraphs: ['p'] },
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(
      await t.handle.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'rollback@shop.example')),
    ).toHaveLength(0);
  });
});

describe('outbox worker', () => {
  it('sends due mails through nodemailer and marks them sent', async () => {
    await t.handle.db.update(mailOutbox).set({ status: 'sent' }); // earlier tests' mails are out of the way
    const id = await queueNotice('send@shop.example', 'Eva', 'es');
    const sentMessages: string[] = [];
    const json = nodemailer.createTransport({ jsonTransport: true });
    const transport: MailTransport = {
      sendMail: async (m) => {
        const info = (await json.sendMail(m)) as { message: string };
        sentMessages.push(info.message);
        return info;
      },
    };
    const result = await processOutbox(t.app, transport, {
      from: 'Shop <no-reply@shop.example>',
    });
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
    const r = await row(id);
    expect(r.status).toBe('sent');
    expect(r.attempts).toBe(1);
    expect(r.sentAt).not.toBeNull();
    const message = JSON.parse(sentMessages[0]);
    expect(message.subject).toBe('Su contraseña ha cambiado');
    expect(message.to[0].address).toBe('send@shop.example');
    expect(message.html).toContain('Eva');
    expect(message.text).toContain('Eva');
    // Nothing is sent twice.
    expect(await processOutbox(t.app, transport, { from: 'x@shop.example' })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
  });

  it('retries failures with exponential backoff, then gives up', async () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(60 * 60 * 1000);
    const id = await queueNotice('down@shop.example', 'F');
    const broken: MailTransport = {
      sendMail: async () => Promise.reject(new Error('connection refused')),
    };
    const runBroken = () =>
      processOutbox(t.app, broken, { from: 'x@shop.example', log: silentLog });
    const before = Date.now();
    expect(await runBroken()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(r.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000 - 50);
    // Not due yet: a second run leaves it alone.
    expect(await runBroken()).toEqual({ sent: 0, retried: 0, failed: 0 });
    // Bring it to the last attempt and make it due.
    await t.handle.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id));
    expect(await runBroken()).toEqual({ sent: 0, retried: 0, failed: 1 });
    r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  it('does nothing without SMTP_URL: mails stay pending', async () => {
    const id = await queueNotice('stay@shop.example', 'G');
    const worker = testWorker({});
    await worker.runOnce();
    await worker.stop();
    expect((await row(id)).status).toBe('pending');
  });

  it('runs on an interval when a transport is configured', async () => {
    await t.handle.db.update(mailOutbox).set({ status: 'sent' });
    const id = await queueNotice('tick@shop.example', 'H');
    const worker = testWorker({
      intervalMs: 20,
      transport: nodemailer.createTransport({ jsonTransport: true }),
    });
    try {
      // Nobody calls runOnce: only the interval can send it. Awaited as a condition, bounded by the
      // test's time limit rather than a short window a busy machine overruns.
      await vi.waitFor(async () => expect((await row(id)).status).toBe('sent'), {
        timeout: 25_000,
        interval: 20,
      });
    } finally {
      await worker.stop();
    }
  });
});

describe('dev mailbox', () => {
  it('lists the outbox newest first and shows one mail with its bodies', async () => {
    const older = await queueNotice('old@shop.example', 'Old');
    const newer = await enqueueMail(t.handle.db, {
      to: 'new@shop.example',
      template: 'password-reset',
      data: { name: 'New', url: 'http://x.example/reset-password?token=t' },
    });
    const list = await t.get('/api/dev/mailbox');
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((m: { id: number }) => m.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(list.json().data[0]).not.toHaveProperty('html');
    const one = await t.get(`/api/dev/mailbox/${newer}`);
    expect(one.json().data).toMatchObject({
      id: newer,
      to: 'new@shop.example',
      subject: 'Reset your password',
      status: 'pending',
    });
    expect(one.json().data.html).toContain('reset-password?token=t');
    expect((await t.get('/api/dev/mailbox/999999')).statusCode).toBe(404);
    expect((await t.get('/api/dev/mailbox/abc')).statusCode).toBe(400);
  });
});
