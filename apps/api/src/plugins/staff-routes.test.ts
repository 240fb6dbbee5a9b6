import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { staffOf, staffRoute } from './auth';

/**
 * Who may call each staff route. Every route under /api/admin must have a row (a new route without
 * one fails this test), and so must any staff route elsewhere. `[]` means any staff member holding
 * a role. Admin may call everything. docs/product/back-office-staff-and-customers.md.
 */
const EXPECTED_ROLES: Record<string, StaffRole[]> = {
  'GET /api/admin/applications': ['credit'],
  'GET /api/admin/applications/:id': ['credit'],
  'POST /api/admin/applications/:id/approve': ['credit'],
  'POST /api/admin/applications/:id/reject': ['credit'],
  'GET /api/admin/content/:kind': ['content'],
  'POST /api/admin/content/:kind': ['content'],
  'PUT /api/admin/content/:kind/:id': ['content'],
  'PUT /api/admin/content/:kind/:id/file': ['content'],
  'POST /api/admin/content/:kind/reorder': ['content'],
  'DELETE /api/admin/content/:kind/:id': ['content'],
  'GET /api/admin/audit': ['admin'],
  'GET /api/admin/integrations/tokens': ['admin'],
  'POST /api/admin/integrations/tokens': ['admin'],
  'DELETE /api/admin/integrations/tokens/:id': ['admin'],
  // Machine feeds: an integration token with the scope, or staff with the matching role.
  'PATCH /api/admin/stock': ['content'],
  'PATCH /api/admin/prices': ['content'],
  'GET /api/admin/imports': ['content'],
  'POST /api/admin/imports': ['content'],
  'GET /api/admin/imports/:id': ['content'],
  'GET /api/admin/imports/:id/errors': ['content'],
  'GET /api/admin/imports/:id/errors.csv': ['content'],
  'GET /api/admin/imports/template.csv': ['content'],
  'GET /api/admin/catalogue/export.csv': ['content'],
  'GET /api/admin/products': ['content'],
  'GET /api/admin/products/:sku': ['content'],
  'PUT /api/admin/products/:sku': ['content'],
  'PATCH /api/admin/products/:sku': ['content'],
  'POST /api/admin/products/:sku/images': ['content'],
  'PUT /api/admin/products/:sku/images/order': ['content'],
  'DELETE /api/admin/products/:sku/images/:id': ['content'],
  // Catalogue structure: content staff, or an integration token holding catalogue:write.
  'GET /api/admin/catalogue/categories': ['content'],
  'POST /api/admin/catalogue/categories': ['content'],
  'PATCH /api/admin/catalogue/categories/:id': ['content'],
  'POST /api/admin/catalogue/categories/:id/move': ['content'],
  'POST /api/admin/catalogue/categories/:id/retire': ['content'],
  'GET /api/admin/catalogue/classes': ['content'],
  'POST /api/admin/catalogue/classes': ['content'],
  'PATCH /api/admin/catalogue/classes/:code': ['content'],
  'PUT /api/admin/catalogue/classes/:code/badge': ['content'],
  'POST /api/admin/catalogue/classes/:code/retire': ['content'],
  'GET /api/admin/catalogue/brands': ['content'],
  'POST /api/admin/catalogue/brands': ['content'],
  'PATCH /api/admin/catalogue/brands/:id': ['content'],
  'POST /api/admin/catalogue/brands/:id/retire': ['content'],
  'DELETE /api/admin/webhooks/:id': ['admin'],
  'GET /api/admin/orders': ['orders'],
  'GET /api/admin/orders.csv': ['orders'],
  'GET /api/admin/orders/:id': ['orders', 'credit'],
  'GET /api/admin/orders/:id/picking-list.pdf': ['orders'],
  'GET /api/admin/orders/:id/packing-slip.pdf': ['orders'],
  'GET /api/admin/phone-orders/:customer_id/cart': ['orders'],
  'GET /api/admin/phone-orders/:customer_id/checkout': ['orders'],
  'GET /api/admin/webhooks': ['admin'],
  'GET /api/admin/webhooks/:id/deliveries': ['admin'],
  'POST /api/admin/orders/:id/status': ['orders'],
  'POST /api/admin/phone-orders/:customer_id': ['orders'],
  'POST /api/admin/phone-orders/:customer_id/cart/lines': ['orders'],
  'PATCH /api/admin/phone-orders/:customer_id/cart/lines/:line_id': ['orders'],
  'DELETE /api/admin/phone-orders/:customer_id/cart/lines/:line_id': ['orders'],
  'POST /api/admin/webhook-deliveries/:id/redeliver': ['admin'],
  'POST /api/admin/webhooks': ['admin'],
  'POST /api/admin/webhooks/:id/pause': ['admin'],
  'POST /api/admin/webhooks/:id/resume': ['admin'],
  'GET /api/admin/staff': ['admin'],
  'POST /api/admin/staff': ['admin'],
  'PATCH /api/admin/staff/:id': ['admin'],
  'POST /api/admin/staff/:id/deactivate': ['admin'],
  'POST /api/admin/staff/:id/reactivate': ['admin'],
  // Orders staff read customers; only credit (and admin) act on them.
  'GET /api/admin/customers': ['credit', 'orders'],
  'GET /api/admin/customers/:id': ['credit', 'orders'],
  'PATCH /api/admin/customers/:id': ['credit'],
  'POST /api/admin/customers/:id/deactivate': ['credit'],
  'POST /api/admin/customers/:id/reactivate': ['credit'],
  'POST /api/admin/customers/:id/password-reset': ['credit'],
  'POST /api/admin/customers/:id/set-password-mail': ['credit'],
  'POST /api/admin/customers/:id/set-password-link': ['credit'],
  // The home: any staff member holding a role; the answer holds only what their roles open.
  'GET /api/admin/home': [],
  'POST /api/admin/mails/:id/retry': ['admin'],
  'GET /api/admin/settings/identity': ['admin'],
  'PUT /api/admin/settings/identity': ['admin'],
  'POST /api/admin/settings/identity/logo': ['admin'],
  // A customer's address book: orders staff read it (they ship to it), credit changes it.
  'GET /api/admin/customers/:id/addresses': ['credit', 'orders'],
  'POST /api/admin/customers/:id/addresses': ['credit'],
  'PUT /api/admin/customers/:id/addresses/:address_id': ['credit'],
  'POST /api/admin/customers/:id/addresses/:address_id/default': ['credit'],
  'DELETE /api/admin/customers/:id/addresses/:address_id': ['credit'],
  // Trade credit: orders staff read a customer's credit; credit staff change it and hold it, and
  // record deposits and release credit holds on the desk.
  'GET /api/admin/customers/:id/credit': ['credit', 'orders'],
  'PATCH /api/admin/customers/:id/credit': ['credit'],
  'PUT /api/admin/customers/:id/credit/hold': ['credit'],
  'POST /api/admin/orders/:id/deposit': ['credit'],
  'POST /api/admin/orders/:id/release-hold': ['credit'],
  // Returns: credit staff decide, the warehouse (orders) receives; both read the desk.
  'GET /api/admin/returns': ['credit', 'orders'],
  'GET /api/admin/returns/:id': ['credit', 'orders'],
  'POST /api/admin/returns/:id/authorise': ['credit'],
  'POST /api/admin/returns/:id/refuse': ['credit'],
  'POST /api/admin/returns/:id/receive': ['orders', 'credit'],
  'GET /api/admin/credit-notes/:id/pdf': ['credit', 'orders'],
  // Payments, interest and receivables: credit staff; the ERP records payments with payments:write.
  'GET /api/admin/customers/:id/payments': ['credit'],
  'POST /api/admin/customers/:id/payments': ['credit'],
  'GET /api/admin/customers/:id/statements/:period/pdf': ['credit'],
  'POST /api/admin/payments/:id/bounce': ['credit'],
  'POST /api/admin/receivables/interest': ['credit'],
  'GET /api/admin/receivables': ['credit'],
  'GET /api/admin/receivables/aging.csv': ['credit'],
  'GET /api/admin/receivables/waiting-orders': ['credit'],
  'POST /api/integrations/payments': ['credit'],
  // Tax exemption certificates: orders staff read them, credit records and revokes them.
  'GET /api/admin/customers/:id/tax-exemptions': ['credit', 'orders'],
  'POST /api/admin/customers/:id/tax-exemptions': ['credit'],
  'POST /api/admin/customers/:id/tax-exemptions/:exemptionId/revoke': ['credit'],
  // Invoices: credit and orders staff read them; the ERP's calls take a token or credit staff.
  'GET /api/admin/invoices': ['credit', 'orders'],
  'GET /api/admin/invoices/:id': ['credit', 'orders'],
  'GET /api/admin/invoices/:id/pdf': ['credit', 'orders'],
  'GET /api/integrations/invoices': ['credit'],
  'POST /api/integrations/invoices': ['credit'],
  // Price lists and customer groups: the catalogue's staff; the ERP writes entries with prices:write.
  'GET /api/admin/price-lists': ['content'],
  'POST /api/admin/price-lists': ['content'],
  'PATCH /api/admin/price-lists/:id': ['content'],
  'DELETE /api/admin/price-lists/:id': ['content'],
  'GET /api/admin/price-lists/:id/entries': ['content'],
  'POST /api/admin/price-lists/:id/entries': ['content'],
  'PUT /api/admin/price-lists/:id/entries/:entry_id': ['content'],
  'DELETE /api/admin/price-lists/:id/entries/:entry_id': ['content'],
  'POST /api/admin/price-lists/:id/import': ['content'],
  'GET /api/admin/price-lists/:id/export': ['content'],
  'POST /api/admin/price-lists/:id/assignments': ['content'],
  'DELETE /api/admin/price-lists/:id/assignments/:assignment_id': ['content'],
  'GET /api/admin/pricing/customers': ['content'],
  'GET /api/admin/customer-groups': ['content'],
  'POST /api/admin/customer-groups': ['content'],
  'PATCH /api/admin/customer-groups/:id': ['content'],
  'DELETE /api/admin/customer-groups/:id': ['content'],
  'GET /api/admin/customer-groups/:id/members': ['content'],
  'POST /api/admin/customer-groups/:id/members': ['content'],
  'DELETE /api/admin/customer-groups/:id/members/:customer_id': ['content'],
  'PUT /api/integrations/price-lists/:id/entries': ['content'],
};

/** Staff routes outside /api/admin (none yet); listed in EXPECTED_ROLES like the others. */
const isStaffRoute = (key: string) => key.split(' ')[1].startsWith('/api/admin');

let t: TestApp;

/** Sign-in headers per set of staff roles, for one app. */
function staffSignIns(app: TestApp) {
  const staffWith = new Map<string, Record<string, string>>();
  return async (roles: StaffRole[]): Promise<Record<string, string>> => {
    const key = roles.join(',');
    let headers = staffWith.get(key);
    if (!headers) {
      headers = (await app.signIn({ role: 'staff', staffRoles: roles })).headers;
      staffWith.set(key, headers);
    }
    return headers;
  };
}

/** The route's URL with every parameter filled with something that exists in no table. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999');

function registeredStaffRoutes(app: TestApp, expected: Record<string, StaffRole[]>): string[] {
  const keys = app.app.registeredRoutes
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => `${r.method} ${r.url}`);
  return [...new Set(keys)].filter((key) => isStaffRoute(key) || key in expected).sort();
}

/**
 * Calls every staff route of `app` as a guest (401), a buyer (403), staff without the route's roles
 * (403), staff with its first role and an admin (neither 401 nor 403); answers what went otherwise.
 */
async function roleCheckFailures(
  app: TestApp,
  expected: Record<string, StaffRole[]>,
): Promise<string[]> {
  const staffHeaders = staffSignIns(app);
  const buyer = (await app.signIn({ role: 'customer' })).headers;
  const failures: string[] = [];
  for (const key of registeredStaffRoutes(app, expected)) {
    const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
    const allowed = expected[key] ?? [];
    const call = (headers: Record<string, string>) =>
      app.inject({ method, url: concrete(url), headers });
    const lacking = STAFF_ROLES.filter((r) => r !== 'admin' && !allowed.includes(r));
    const withoutRole = allowed.length === 0 ? [] : lacking;
    const checks: Array<[string, Record<string, string>, (status: number) => boolean]> = [
      ['guest', {}, (s) => s === 401],
      ['buyer', buyer, (s) => s === 403],
      [`staff [${withoutRole.join(',')}]`, await staffHeaders(withoutRole), (s) => s === 403],
      [
        `staff [${allowed[0] ?? 'admin'}]`,
        await staffHeaders([allowed[0] ?? 'admin']),
        (s) => s !== 401 && s !== 403,
      ],
      ['admin', await staffHeaders(['admin']), (s) => s !== 401 && s !== 403],
    ];
    for (const [who, headers, ok] of checks) {
      const res = await call(headers);
      if (!ok(res.statusCode)) failures.push(`${key} as ${who}: ${res.statusCode}`);
    }
  }
  return failures;
}

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('staff route role checks', () => {
  it('has a row for every registered staff route, and a registered route for every row', () => {
    const registered = registeredStaffRoutes(t, EXPECTED_ROLES);
    expect(registered.length).toBeGreaterThan(10);
    expect(registered.filter((key) => !(key in EXPECTED_ROLES))).toEqual([]);
    expect(Object.keys(EXPECTED_ROLES).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('answers 401 to guests, 403 to buyers and to staff without the role, and lets the role in', async () => {
    expect(await roleCheckFailures(t, EXPECTED_ROLES)).toEqual([]);
  }, 120_000);
});

describe('the route guard and the table', () => {
  // Handlers trust the guard (staffOf) instead of checking again: this proves the guard is what
  // checks, that it hands the member over, and that the walk above still reports a route whose
  // check is missing, whether its handler reads the member or not.
  let probe: TestApp;
  beforeAll(async () => {
    probe = await createTestApp({
      routes: (app) => {
        app.get('/api/admin/probe/guarded', staffRoute(['orders'], {}), async (request) => ({
          id: staffOf(request).id,
        }));
        app.get('/api/admin/probe/unguarded', async () => ({ ok: true }));
        app.get('/api/admin/probe/unguarded-reader', async (request) => ({
          id: staffOf(request).id,
        }));
      },
    });
  }, 120_000);
  afterAll(async () => {
    await probe?.close();
  });

  it('puts the staff member it let in on the request', async () => {
    const { headers, userId } = await probe.signIn({ role: 'staff', staffRoles: ['orders'] });
    const res = await probe.inject({ method: 'GET', url: '/api/admin/probe/guarded', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: userId });
  });

  it('reports a staff route without a role check, and one whose handler reads a member no guard set', async () => {
    const expected = {
      'GET /api/admin/probe/guarded': ['orders'],
      'GET /api/admin/probe/unguarded': ['orders'],
      'GET /api/admin/probe/unguarded-reader': ['orders'],
    } satisfies Record<string, StaffRole[]>;
    const failures = await roleCheckFailures(probe, { ...EXPECTED_ROLES, ...expected });
    const probes = failures.filter((f) => f.includes('/probe/'));
    expect(probes.filter((f) => f.includes('/probe/guarded '))).toEqual([]);
    expect(probes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/probe/unguarded as guest: 200',
        'GET /api/admin/probe/unguarded as buyer: 200',
        'GET /api/admin/probe/unguarded-reader as guest: 500',
        'GET /api/admin/probe/unguarded-reader as buyer: 500',
      ]),
    );
  }, 120_000);
});
