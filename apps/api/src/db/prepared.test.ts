import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { unnamedStatements } from './prepared';
import { users } from './schema';

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
