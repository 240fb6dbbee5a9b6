import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { drainAndClose } from './drain';

/** A promise and the function that settles it: the test decides when each step may go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

let t: TestApp;
let port: number;
const inHandler = gate();
const finishHandler = gate();

beforeAll(async () => {
  t = await createTestApp({
    routes: (app) =>
      // A request in flight when the listener closes.
      app.get('/api/test-slow', async () => {
        inHandler.open();
        await finishHandler.opened;
        return { status: true };
      }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** GET over a real connection: status, the Connection header and the parsed body. */
function get(path: string): Promise<{ status: number; connection?: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: JSON.parse(text) as unknown,
          }),
        );
      })
      .on('error', reject);
  });
}

describe('drainAndClose (SIGTERM)', () => {
  it('says not ready while it still serves, then closes after the requests in flight finish', async () => {
    expect((await get('/api/health/ready')).status).toBe(200);
    const slow = get('/api/test-slow');
    await inHandler.opened;

    const delay = gate();
    const closing = gate();
    let afterClose = false;
    let settled = false;
    const drained = drainAndClose(t.app, {
      delay: () => delay.opened,
      deadline: () => new Promise(() => {}),
      beforeClose: async () => closing.open(),
      afterClose: async () => {
        afterClose = true;
      },
    }).finally(() => (settled = true));

    // The drain period: not ready, still serving, every answer closes its connection.
    const ready = await get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ checks: { accepting: { ok: false } } });
    const served = await get('/api/health');
    expect(served).toMatchObject({ status: 200, connection: 'close' });

    delay.open();
    await closing.opened;
    await new Promise((resolve) => setImmediate(resolve));
    // Closing waits for the request in flight.
    expect(settled).toBe(false);
    expect(afterClose).toBe(false);
    finishHandler.open();
    expect((await slow).status).toBe(200);
    expect(await drained).toBe('closed');
    expect(afterClose).toBe(true);
    // The listener is gone: a new connection is refused (nginx passes the request to another process).
    await expect(get('/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('drainAndClose: a request that never finishes', () => {
  it("answers 'timed out' at the deadline, without closing the database", async () => {
    // A bare Fastify app is enough here: the drain needs `draining` and `close` only.
    const entered = gate();
    const stuck = Fastify();
    stuck.decorate('draining', false);
    stuck.get('/stuck', () => {
      entered.open();
      return new Promise(() => {});
    });
    await stuck.listen({ port: 0, host: '127.0.0.1' });
    port = (stuck.server.address() as AddressInfo).port;
    const request = http.get({ host: '127.0.0.1', port, path: '/stuck', agent: false });
    request.on('error', () => {});
    await entered.opened;
    let afterClose = false;
    const drained = drainAndClose(stuck, {
      delay: async () => {},
      deadline: async () => {},
      beforeClose: async () => {},
      afterClose: async () => {
        afterClose = true;
      },
    });
    expect(await drained).toBe('timed out');
    expect(stuck.draining).toBe(true);
    expect(afterClose).toBe(false);
    request.destroy();
  });
});
