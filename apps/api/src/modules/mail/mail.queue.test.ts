import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import { mailOutbox } from '../../db/schema';
import { createJobQueue, type JobQueue } from '../../lib/job-queue';
import { createTestDatabase } from '../../test/test-app';
import { enqueueMail, enqueueMailInsert } from './mail.service';
import { processOutbox, type MailTransport } from './mail.worker';

/*
 * What the queue under the mail outbox guarantees (docs/decisions/035-jobs-on-a-kept-queue.md):
 * a job commits with its mail, each job goes to one worker across processes, and a job whose
 * worker died is picked up again.
 */

let test: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
/** This process: the database and its pg-boss, as an app holds them. */
let self: { db: Database; jobQueue: JobQueue };
/** A second API process on the same database: its own connections and its own pg-boss. */
let other: { db: Database; jobQueue: JobQueue; close: () => Promise<void> };

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.handle.db;
  self = { db, jobQueue: createJobQueue(db) };
  if (test.handle.pglite) {
    // PGlite is one process's embedded database: a second Drizzle over it stands in for one.
    const second = drizzlePglite(test.handle.pglite, { schema }) as unknown as Database;
    const jobQueue = createJobQueue(second);
    other = { db: second, jobQueue, close: () => jobQueue.stop() };
  } else {
    const handle = await openDatabase({ url: test.handle.url, poolSize: 2 });
    const jobQueue = createJobQueue(handle.db);
    other = {
      db: handle.db,
      jobQueue,
      close: async () => {
        await jobQueue.stop();
        await handle.close();
      },
    };
  }
});
afterAll(async () => {
  await other?.close();
  await self?.jobQueue.stop();
  await test?.drop();
});

/** A transport that records who it sent to. */
function recording() {
  const sent: string[] = [];
  const transport: MailTransport = {
    sendMail: async (m) => {
      sent.push(m.to);
      return {};
    },
  };
  return { sent, transport };
}

const notice = (to: string) => ({
  to,
  template: 'notice',
  data: { subject: 'S', heading: 'H', paragraphs: ['p'] },
});

const jobsOf = async (mailId: number) =>
  (
    await db.execute<{ id: string; state: string }>(
      sql`select id, state from pgboss.job where name = 'mail' and (data->>'mail_id')::int = ${mailId}`,
    )
  ).rows;

describe('mail jobs', () => {
  it('are written with the mail, by every way of writing one, and never for a rolled back mail', async () => {
    const id = await enqueueMail(db, notice('one@shop.example'));
    expect(await jobsOf(id)).toHaveLength(1);
    // enqueueMailInsert batched as a data-modifying CTE beside another statement (place-order's way).
    await db.execute(
      sql`with m as (${enqueueMailInsert(db, notice('cte@shop.example'))}) select 1`,
    );
    const [cte] = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} = 'cte@shop.example'`);
    expect(await jobsOf(cte.id)).toHaveLength(1);
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, notice('rollback@shop.example'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail'`,
    );
    expect(Number(rows[0].n)).toBe(2);
    await processOutbox(self, recording().transport, { from: 'x@shop.example' });
  });

  it('go to one worker each across two processes working at once', async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `many${i}@shop.example`);
    for (const to of addresses) await enqueueMail(db, notice(to));
    const a = recording();
    const b = recording();
    const drain = async (on: typeof self, r: ReturnType<typeof recording>) => {
      for (;;) {
        const done = await processOutbox(on, r.transport, { from: 'x@shop.example', batch: 4 });
        if (done.sent === 0) return;
      }
    };
    await Promise.all([drain(self, a), drain(other, b)]);
    expect([...a.sent, ...b.sent].sort()).toEqual([...addresses].sort());
    // Both worked (neither took every job) on PostgreSQL; PGlite runs one statement at a time.
    if (!test.handle.pglite) expect(a.sent.length * b.sent.length).toBeGreaterThan(0);
  });

  it('claimed by a process that died are picked up again once they expire', async () => {
    const id = await enqueueMail(db, notice('crash@shop.example'));
    // The other process takes the job and dies before sending it (it never completes it).
    const [claimed] = await (await other.jobQueue.boss()).fetch<{ mail_id: number }>('mail');
    expect(claimed.data.mail_id).toBe(id);
    const r = recording();
    // While its claim lasts, nobody else gets it.
    expect(await processOutbox(self, r.transport, { from: 'x@shop.example' })).toMatchObject({
      sent: 0,
    });
    // Its 5 minutes pass (pg-boss's clock is the database's: the claim is moved back instead),
    // the supervisor fails the expired job into a retry, and the retry comes due.
    await db.execute(
      sql`update pgboss.job set started_on = started_on - interval '301 seconds' where id = ${claimed.id}`,
    );
    await (await self.jobQueue.boss()).supervise('mail');
    const [retry] = await jobsOf(id);
    expect(retry.state).toBe('retry');
    await db.execute(sql`update pgboss.job set start_after = now() where id = ${claimed.id}`);
    expect(await processOutbox(self, r.transport, { from: 'x@shop.example' })).toMatchObject({
      sent: 1,
    });
    expect(r.sent).toEqual(['crash@shop.example']);
  });
});
