import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { composedStatement, executeNamed, prepared, rowPart, unnamedStatements } from './prepared';
import { auditLog, users } from './schema';

let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ handle, drop } = await createTestDatabase());
  await handle.db.insert(users).values([
    { email: 'first@example.com', passwordHash: 'x', ownerName: 'First' },
    { email: 'second@example.com', passwordHash: 'x', ownerName: 'Second' },
  ]);
});
afterAll(() => drop());

describe('unnamedStatements', () => {
  it('builds a statement once per key and database and runs it with each call’s values', async () => {
    const statements = unnamedStatements(2);
    let built = 0;
    const byEmail = () =>
      statements<{ name: string }>(handle.db, 'by-email', (db) => {
        built += 1;
        return db
          .select({ name: users.ownerName })
          .from(users)
          .where(eq(users.email, sql.placeholder('email')));
      });
    expect(await byEmail().execute({ email: 'first@example.com' })).toEqual([{ name: 'First' }]);
    expect(await byEmail().execute({ email: 'second@example.com' })).toEqual([{ name: 'Second' }]);
    expect(built).toBe(1);
    // At `max` keys every statement is dropped and built again on demand.
    statements(handle.db, 'other', (db) => db.select({ id: users.id }).from(users));
    statements(handle.db, 'third', (db) => db.select({ id: users.id }).from(users));
    await byEmail().execute({ email: 'first@example.com' });
    expect(built).toBe(2);
  });
});

describe('named statements (node-postgres directly, Drizzle where there is no runner)', () => {
  const byEmails = prepared<{ name: string; at: unknown }, { emails: string[] }>(
    'test_users_by_emails',
    sql`select owner_name as name, now() as at from users
        where email = any(${sql.placeholder('emails')}::text[]) order by owner_name`,
  );
  const emails = ['first@example.com', 'second@example.com'];

  it('answers the rows Drizzle’s execute answers (timestamps as text), arrays as one parameter', async () => {
    const rows = await byEmails(handle.db, { emails });
    expect(rows.map((r) => r.name)).toEqual(['First', 'Second']);
    const { rows: direct } = await handle.db.execute<{ at: unknown }>(sql`select now() as at`);
    expect(typeof rows[0].at).toBe(typeof direct[0].at);
    const { rows: named } = await executeNamed<{ n: number; at: unknown }>(
      handle.db,
      sql`select ${2}::int as n, now() as at`,
    );
    expect(named[0].n).toBe(2);
    expect(typeof named[0].at).toBe(typeof direct[0].at);
  });

  it('runs in a transaction and in its savepoints', async () => {
    await handle.db.transaction(async (tx) => {
      expect(await byEmails(tx, { emails: emails.slice(1) })).toMatchObject([{ name: 'Second' }]);
      await tx.transaction(async (savepoint) => {
        expect(await byEmails(savepoint, { emails })).toHaveLength(2);
        const { rows } = await executeNamed<{ n: number }>(savepoint, sql`select ${3}::int as n`);
        expect(rows[0].n).toBe(3);
      });
      if (handle.kind !== 'postgres') return;
      // The transaction's own connection holds them by name: parsed and planned once there.
      const { rows } = await tx.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name = 'test_users_by_emails'`,
      );
      expect(rows).toHaveLength(1);
    });
  });
});

describe('composedStatement', () => {
  it('builds a statement of parts once per shape and runs it with each call’s values', async () => {
    let built = 0;
    const audit = (prefix: string, subjectId: string, after: Record<string, unknown> | null) =>
      rowPart(
        prefix,
        { action: 'test.composed', subjectType: 'order', subjectId, after },
        (tx, p) => {
          built += 1;
          return tx.insert(auditLog).values(p).returning({ id: auditLog.id }).getSQL();
        },
      );
    const write = composedStatement<{ n: number }>(
      'test_composed',
      (parts) =>
        sql`with ${sql.join(
          parts.map((part, i) => sql`${sql.raw(`p${i}`)} as (${part})`),
          sql`, `,
        )} select (select count(*) from p0)::int + (select count(*) from p1)::int as n`,
    );
    const one = await write(handle.db, [
      audit('x', 'a', { step: 1 }),
      audit('y', 'b', { step: 2 }),
    ]);
    expect(one).toEqual([{ n: 2 }]);
    // Another call of the same shape: not built again, its own values (jsonb encoded as the column's).
    await write(handle.db, [audit('x', 'c', null), audit('y', 'd', { step: 4 })]);
    expect(built).toBe(2);
    const { rows } = await handle.db.execute<{ subject_id: string; after: unknown }>(
      sql`select subject_id, after from audit_log where action = 'test.composed' order by id`,
    );
    expect(rows.map((r) => [r.subject_id, r.after])).toEqual([
      ['a', { step: 1 }],
      ['b', { step: 2 }],
      ['c', null],
      ['d', { step: 4 }],
    ]);
    // Two parts of one prefix would fill each other's values: refused when the shape is built.
    await expect(write(handle.db, [audit('x', 'e', null), audit('x', 'f', null)])).rejects.toThrow(
      'share the placeholder "x_action"',
    );
  });
});
