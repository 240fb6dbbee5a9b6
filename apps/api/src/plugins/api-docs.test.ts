import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * The OpenAPI document tells the truth about who may call what (decision 031): each operation's
 * `security` is what its route accepts, and the back office is listed to staff only.
 */

let t: TestApp;
let staff: { token: string; headers: Record<string, string> };
let staffCookie: Record<string, string>;
let buyer: Record<string, string>;

type Operation = { security?: Array<Record<string, string[]>> };
type Document = { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn({ role: 'staff' });
  buyer = (await t.signIn()).headers;
  // The session cookie alone: its XSRF token comes back on the first call, as a browser gets it.
  const first = await t.get('/api/me', { cookie: `sid=${staff.token}` });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(first.headers['set-cookie']))![1];
  staffCookie = { cookie: `sid=${staff.token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
}, 120_000);
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('the OpenAPI security of every operation', () => {
  it('is what the route accepts: a guest refused means security is stated, and each stated credential is taken, each unstated one refused', async () => {
    const doc = (await t.get('/api/docs/json', staff.headers)).json() as Document;
    const failures: string[] = [];
    let walked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      // Signing out would end the session this walk calls with.
      if (/logout/.test(path)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        walked += 1;
        const url = path.replace(/\{[^}]+\}/g, '999999');
        /** True when the call is refused for want of a credential (401 UNAUTHENTICATED). */
        const refused = async (headers: Record<string, string>) => {
          const res = await t.inject({ method: method.toUpperCase() as 'GET', url, headers });
          return res.statusCode === 401 && res.json().error?.code === 'UNAUTHENTICATED';
        };
        const key = `${method.toUpperCase()} ${path}`;
        const stated = new Set((op.security ?? []).flatMap((s) => Object.keys(s)));
        if (stated.size === 0) {
          if (await refused({})) failures.push(`${key}: refuses guests, states no security`);
          continue;
        }
        for (const [credential, headers] of [
          ['bearer', staff.headers],
          ['session', staffCookie],
        ] as const) {
          const isRefused = await refused(headers);
          if (stated.has(credential) && isRefused)
            failures.push(`${key}: states ${credential}, refuses it`);
          if (!stated.has(credential) && !isRefused)
            failures.push(`${key}: does not state ${credential}, takes it`);
        }
      }
    }
    expect(walked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('the OpenAPI document', () => {
  const adminPaths = (doc: Document) =>
    Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin'));

  it('lists the back office to staff only: guests and buyers get the storefront API', async () => {
    const forStaff = (await t.get('/api/docs/json', staff.headers)).json() as Document;
    expect(adminPaths(forStaff).length).toBeGreaterThan(20);
    expect(Object.keys(forStaff.paths)).toContain('/api/cart');
    for (const headers of [{}, buyer]) {
      const res = await t.get('/api/docs/json', headers);
      expect(res.statusCode).toBe(200);
      const doc = res.json() as Document;
      expect(adminPaths(doc)).toEqual([]);
      expect(Object.keys(doc.paths)).toContain('/api/cart');
      const yaml = await t.get('/api/docs/yaml', headers);
      expect(yaml.body).not.toContain('/api/admin');
    }
    // A cookie session is staff too (the browser reading /api/docs).
    const viaCookie = (await t.get('/api/docs/json', staffCookie)).json() as Document;
    expect(adminPaths(viaCookie).length).toBe(adminPaths(forStaff).length);
  });
});
