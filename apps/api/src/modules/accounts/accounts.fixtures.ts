import { users } from '../../db/schema';
import { hashPassword } from './accounts.service';
import { t } from './accounts.test-app';

// The customers and sign-ins of the accounts test files (accounts.*.test.ts), on the calling file's
// test app (accounts.test-app.ts).

export const PASSWORD = 'a-long-test-password';

let n = 0;

/** A fresh customer with a known password. */
export async function newUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const email = `person${n}-${Date.now()}@shop.example`;
  const [row] = await t.handle.db
    .insert(users)
    .values({
      email,
      ownerName: `Owner ${n}`,
      companyName: `Shop ${n}`,
      customerCode: `C${Date.now()}${n}`,
      passwordHash: await hashPassword(PASSWORD),
      ...overrides,
    })
    .returning();
  return row;
}

let ipCounter = 0;
/** Each test uses its own client IP so the per-IP throttle of one test does not leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export async function loginAs(email: string, password = PASSWORD, ip = freshIp()) {
  return t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

export type SetCookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
};

export function cookieOf(res: { cookies: SetCookie[] }, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** Cookie-authenticated headers as the browser sends them (optionally with the XSRF header). */
export function browserHeaders(res: Awaited<ReturnType<typeof loginAs>>, withXsrf: boolean) {
  const sid = cookieOf(res, 'sid')!.value;
  const xsrf = cookieOf(res, 'XSRF-TOKEN')!.value;
  return {
    cookie: `sid=${sid}; XSRF-TOKEN=${xsrf}`,
    ...(withXsrf ? { 'x-xsrf-token': xsrf } : {}),
  };
}
