import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The test app of each applications test file (applications.test.ts, applications.review.test.ts)
 * and the applications they submit. NOTE: exported `let`s are live bindings, so a file reads the
 * app its own beforeAll made (the API tests run with isolate: false and share this module).
 */
export let t: TestApp;
export let staff: Awaited<ReturnType<TestApp['signIn']>>;
export let customer: Awaited<ReturnType<TestApp['signIn']>>;
let counter = 0;

export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}-${Date.now()}@applicant.example`;
}

export async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function submit(payload: unknown) {
  return t.inject({ method: 'POST', url: '/api/store/user', payload: payload as object });
}

export async function applicationOf(email: string): Promise<{ id: number }> {
  const [app] = await rows<{ id: number }>(sql`select id from applications where email = ${email}`);
  return app;
}

export function approve(id: number) {
  return t.post(`/api/admin/applications/${id}/approve`, staff.headers);
}

/** Gives the calling test file its own app, a staff member and a customer. */
export function useApplicationsTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    staff = await t.signIn({ role: 'staff', email: 'staff@test.example' });
    customer = await t.signIn({ role: 'customer' });
  });
  afterAll(async () => {
    await t?.close();
  });
}
