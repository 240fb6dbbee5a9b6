import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn({ role: 'staff' });
});
afterAll(() => t.close());

const audit = (query: string) => t.get(`/api/admin/audit?${query}`, staff.headers);

describe('GET /api/admin/audit', () => {
  it('refuses a date the database cannot hold with 400 naming the field (was a 500)', async () => {
    // Year 0 and the day after 9999-12-31 are no timestamps in PostgreSQL.
    for (const [field, value] of [
      ['to', 'fuzz-214912'],
      ['from', '0000-01-01'],
      ['to', '0000-01-01'],
      ['to', '9999-12-31'],
    ]) {
      const res = await audit(`${field}=${value}`);
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
  });

  it('filters by a date range', async () => {
    const res = await audit('from=2026-01-01&to=2026-01-31');
    expect(res.statusCode).toBe(200);
  });
});
