import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/** Headers that authenticate as a staff member; without them, a new admin makes the call. */
type StaffHeaders = Record<string, string> | undefined;

const adminHeaders = async (t: TestApp, staff: StaffHeaders) =>
  staff ?? (await t.signIn({ role: 'staff', staffRoles: ['admin'] })).headers;

/**
 * An integration token with `scopes`, minted by an admin (`staff`, else a new one) as the ERP's
 * would be; answers the headers that authenticate the ERP with it.
 */
export async function erpBearer(
  t: TestApp,
  scopes: string[],
  staff?: StaffHeaders,
): Promise<Record<string, string>> {
  const res = await t.post('/api/admin/integrations/tokens', await adminHeaders(t, staff), {
    name: `ERP ${scopes.join()}`,
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().secret}` };
}

/**
 * An ERP's webhook endpoint for `events`, registered by an admin (`staff`, else a new one); answers
 * its id. No worker runs in the API tests: the deliveries queued for it show the payloads.
 */
export async function erpWebhook(
  t: TestApp,
  events: string[],
  staff?: StaffHeaders,
): Promise<number> {
  const hook = await t.post('/api/admin/webhooks', await adminHeaders(t, staff), {
    url: 'http://127.0.0.1:9/erp',
    events,
    secret: 'a-very-secret-signing-key',
  });
  expect(hook.statusCode, hook.body).toBe(200);
  return hook.json().endpoint.id as number;
}

/** The bodies queued for a webhook endpoint, oldest first, parsed (`Data`: what the test reads of their data). */
export async function queuedDeliveries<Data = Record<string, unknown>>(
  t: TestApp,
  endpointId: number,
): Promise<Array<{ event: string; data: Data }>> {
  const { rows } = await t.handle.db.execute<{ body: string }>(
    sql`select body from webhook_deliveries where endpoint_id = ${endpointId} order by id`,
  );
  return rows.map((r) => JSON.parse(r.body));
}
