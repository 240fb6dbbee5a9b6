import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from './accounts.service';
import {
  delayAfterFailures,
  FREE_FAILURES,
  IP_CEILING,
  IP_WINDOW_SECONDS,
  MAX_DELAY_SECONDS,
  throttleKeys,
} from './sign-in-throttle';

const PASSWORD = 'correct-horse-battery';
const WRONG = 'wrong-password-x';
let t: TestApp;
let passwordHash: string;
let n = 0;
let clock = Date.parse('2026-03-02T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(PASSWORD);
  t.app.clock.now = () => new Date(clock);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  // Each test starts well after the previous one's waits and windows.
  clock += 24 * 60 * 60 * 1000 + 1;
});

async function newUser(): Promise<string> {
  n += 1;
  const email = `throttle${n}@shop.example`;
  await t.handle.db.insert(users).values({ email, ownerName: `Owner ${n}`, passwordHash });
  return email;
}

function signIn(email: string, password: string, ip = `10.20.0.${n}`, cookie?: string) {
  return t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
}

const advance = (seconds: number) => {
  clock += seconds * 1000;
};

describe('the delay rule', () => {
  it('costs nothing for the first typos, then doubles, capped', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(delayAfterFailures)).toEqual([0, 0, 0, 0, 2, 4, 8]);
    expect(delayAfterFailures(100)).toBe(MAX_DELAY_SECONDS);
  });

  it('never shrinks as failures grow and never exceeds the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (f) => {
        const d = delayAfterFailures(f);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
        expect(delayAfterFailures(f + 1)).toBeGreaterThanOrEqual(d);
      }),
    );
  });

  it('keys a known device alone, otherwise the account and the address', () => {
    expect(throttleKeys({ email: ' A@B.co ', ip: '1.2.3.4', deviceHash: null })).toEqual({
      account: 'email:a@b.co',
      ip: 'ip:1.2.3.4',
    });
    expect(throttleKeys({ email: 'a@b.co', ip: '1.2.3.4', deviceHash: 'h' })).toEqual({
      account: 'device:h',
      ip: null,
    });
  });
});

describe('POST /api/login under the sign-in throttle', () => {
  it('evaluates at most the free attempts of 50 parallel wrong passwords for one account', async () => {
    const email = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(email, `${WRONG}-${i}`, `10.30.${i}.1`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - FREE_FAILURES);
  });

  it('makes an account wait 2, 4, 8 … seconds, says so in every language, then lets the right password in', async () => {
    const email = await newUser();
    for (let i = 0; i < FREE_FAILURES; i += 1)
      expect((await signIn(email, WRONG)).statusCode).toBe(401);
    const wait = await signIn(email, PASSWORD);
    expect(wait.statusCode).toBe(429);
    expect(wait.headers['retry-after']).toBe('2');
    expect(wait.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      reason: { key: 'SIGN_IN_WAIT', params: { seconds: 2 } },
    });
    advance(2);
    expect((await signIn(email, WRONG)).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).headers['retry-after']).toBe('4');
    advance(4);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    // Success starts the account afresh: typos are free again.
    for (let i = 0; i < FREE_FAILURES - 1; i += 1)
      expect((await signIn(email, WRONG)).statusCode).toBe(401);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('does not lock an office out: typos on one account leave colleagues behind the same address alone', async () => {
    const office = '192.0.2.10';
    const careless = await newUser();
    const colleague = await newUser();
    for (let i = 0; i < FREE_FAILURES + 2; i += 1) await signIn(careless, WRONG, office);
    expect((await signIn(colleague, PASSWORD, office)).statusCode).toBe(200);
  });

  // A hundred password checks (argon2) take a while on a busy machine.
  it('stops one address guessing across many accounts at a much higher ceiling, for one window', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < IP_CEILING; i += 1)
      expect((await signIn(`nobody${i}-${n}@shop.example`, WRONG, ip)).statusCode).toBe(401);
    const email = await newUser();
    const refused = await signIn(email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(IP_WINDOW_SECONDS);
    expect((await signIn(email, PASSWORD, '198.51.100.78')).statusCode).toBe(200);
    advance(IP_WINDOW_SECONDS);
    expect((await signIn(email, PASSWORD, ip)).statusCode).toBe(200);
  }, 120_000);

  it('lets a device that signed in before in with the right password while its account waits', async () => {
    const email = await newUser();
    const first = await signIn(email, PASSWORD);
    const kd = first.cookies.find((c) => c.name === 'kd');
    expect(kd).toMatchObject({ httpOnly: true, path: '/api/login' });
    // Someone else guesses from elsewhere until the account waits.
    for (let i = 0; i < FREE_FAILURES; i += 1) await signIn(email, WRONG, '203.0.113.66');
    expect((await signIn(email, PASSWORD)).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, undefined, `kd=${kd!.value}`)).statusCode).toBe(200);
    // The device cookie of another account is no pass.
    const other = await newUser();
    for (let i = 0; i < FREE_FAILURES; i += 1) await signIn(other, WRONG);
    expect((await signIn(other, PASSWORD, undefined, `kd=${kd!.value}`)).statusCode).toBe(429);
  });

  it('throttles a known device too, so a stolen cookie does not guess freely', async () => {
    const email = await newUser();
    const kd = (await signIn(email, PASSWORD)).cookies.find((c) => c.name === 'kd')!.value;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signIn(email, WRONG, undefined, `kd=${kd}`)),
    );
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(FREE_FAILURES);
  });
});
