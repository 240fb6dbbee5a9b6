// Two API processes on one PostgreSQL behind a small load balancer, under a mixed buyer load, while
// one process is drained (SIGTERM) and later killed (SIGKILL). Checks what docs/deploy.md promises:
//   - a drained process finishes what it accepted: the buyers see no failed request;
//   - every order acknowledged to a buyer exists exactly once, also across a crash (the buyer
//     retries with the same Idempotency-Key);
//   - a session opened on one process works on the other;
//   - a price changed in the database shows on both processes (the change feed).
// Needs the production build (npm run build) and PostgreSQL (CI_PG_URL, default the local server).
// Exits non-zero on any broken promise; the last line is "N passed, M failed".
//
//   node scripts/scale-test.mjs
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  loadTestData,
  scriptChecks,
  scratchDatabase,
  startApi as startApiProcess,
  waitReady as waitApiReady,
} from './lib/api-processes.mjs';

const DB_NAME = `wholesale_scale_${process.pid}`;
const BASE_PORT = Number(process.env.SCALE_TEST_PORT ?? 4180);
const SHOPPERS = 16;

const { check, exit } = scriptChecks();

// ---------------------------------------------------------------- API processes
const encryptionKey = randomBytes(32).toString('hex');
let dbUrl;
const startApi = (port) =>
  startApiProcess({
    port,
    dbUrl,
    encryptionKey,
    publicUrl: `http://127.0.0.1:${BASE_PORT}`,
    env: { SHUTDOWN_DELAY_MS: '1000' },
  });
const waitReady = (api) => waitApiReady(api);

// ---------------------------------------------------------------- load balancer
// Like nginx or a cloud balancer: health-checks each process's readiness every 100 ms and sends
// traffic only to ready ones (a draining process turns not-ready first, then closes); a connection
// refused is retried on another process. A connection that breaks after the request was sent
// answers 502: the buyer does not know whether it ran, and retries with its Idempotency-Key.
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];
const endToEnd = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

function startBalancer(upstreams) {
  let turn = 0;
  const ready = new Map(upstreams.map((port) => [port, true]));
  const probe = setInterval(() => {
    for (const port of upstreams)
      fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(1000) })
        .then((res) => ready.set(port, res.ok))
        .catch(() => ready.set(port, false));
  }, 100);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries) => {
        const live = upstreams.filter((port) => ready.get(port));
        const pool = live.length ? live : upstreams;
        const port = pool[turn++ % pool.length];
        const up = http.request(
          {
            host: '127.0.0.1',
            port,
            method: req.method,
            path: req.url,
            headers: endToEnd(req.headers),
            agent,
          },
          (upRes) => {
            res.writeHead(upRes.statusCode ?? 502, endToEnd(upRes.headers));
            upRes.pipe(res);
          },
        );
        up.on('error', (error) => {
          if (res.headersSent) return res.destroy();
          if (error.code === 'ECONNREFUSED' && tries > 0) {
            ready.set(port, false);
            return attempt(tries - 1);
          }
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              status: false,
              error: { code: 'BAD_GATEWAY', message: `${port}: ${error.code ?? error.message}` },
            }),
          );
        });
        up.end(body);
      };
      attempt(upstreams.length * 3);
    });
  });
  server.on('close', () => clearInterval(probe));
  return new Promise((resolve) => server.listen(BASE_PORT, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------- buyers
async function call(port, method, url, token, body, extraHeaders = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...extraHeaders,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json };
}

/** One buyer: add a pack, place an order with a fresh key; retries a lost answer with the same key. */
async function shopperLoop(shopper, codes, state) {
  let n = 0;
  while (!state.stop) {
    n += 1;
    const code = codes[(shopper.index * 7 + n) % codes.length];
    const key = `scale-${shopper.id}-${n}`;
    let acked = false;
    for (let attempt = 0; attempt < 20 && !acked; attempt += 1) {
      try {
        const add = await call(BASE_PORT, 'POST', '/api/cart/add', shopper.token, {
          product_id: code,
          item: 1,
        });
        state.requests += 1;
        if (add.status !== 200) {
          state.failures.push({
            phase: state.phase,
            url: 'cart/add',
            status: add.status,
            error: add.json?.error?.message,
          });
          continue;
        }
        const order = await call(
          BASE_PORT,
          'POST',
          '/api/store/orders',
          shopper.token,
          { product_id: [code], po_number: key },
          { 'idempotency-key': key },
        );
        state.requests += 1;
        if (order.status === 200 && order.json?.order_id) {
          state.acked.push({ key, orderId: order.json.order_id, userId: shopper.id });
          acked = true;
        } else {
          state.failures.push({
            phase: state.phase,
            url: 'store/orders',
            status: order.status,
            error: order.json?.error?.message,
          });
        }
      } catch (error) {
        state.failures.push({
          phase: state.phase,
          url: 'network',
          status: String(error.cause?.code ?? error.code ?? error),
        });
        // A failure that answers at once must not starve the timers of this process.
        await new Promise((r) => setImmediate(r));
      }
    }
  }
}

async function main() {
  const scratch = await scratchDatabase(DB_NAME, [
    '--products',
    '300',
    '--customers',
    String(SHOPPERS),
    '--cart-lines',
    '0',
    '--orders',
    String(SHOPPERS * 2),
  ]);
  dbUrl = scratch.url;
  const { db } = scratch;
  const processes = [];
  let balancer;
  try {
    // Sessions made straight in the database: the buyers' identity does not depend on either process.
    const { codes, sessions } = await loadTestData(db, { products: 100, buyers: SHOPPERS });
    const shoppers = sessions.map((session, index) => ({
      index,
      id: session.userId,
      ...session,
    }));

    const a = startApi(BASE_PORT + 1);
    const b = startApi(BASE_PORT + 2);
    processes.push(a, b);
    await Promise.all([waitReady(a), waitReady(b)]);
    balancer = await startBalancer([a.port, b.port]);

    // Sessions work on both processes: signed in through one, used on the other.
    const login = await fetch(`http://127.0.0.1:${a.port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer.ca@example.com', password: 'wholesale-demo' }),
    });
    const loginBody = await login.json();
    const token = loginBody.token ?? loginBody.user?.token;
    const me = token ? await call(b.port, 'GET', '/api/me', token) : { status: 0 };
    check(
      'a session opened on process A works on process B',
      login.ok && me.status === 200,
      `login ${login.status}, me on B ${me.status}`,
    );

    const state = { stop: false, phase: 'warm', requests: 0, failures: [], acked: [] };
    const loops = shoppers.map((s) => shopperLoop(s, codes, state));
    const until = (n) =>
      new Promise((resolve) => {
        const tick = () =>
          state.acked.length >= n || state.stop ? resolve() : setTimeout(tick, 20);
        tick();
      });

    await until(40);
    // Drain: SIGTERM on A in the middle of the load.
    state.phase = 'drain';
    const failuresBeforeDrain = state.failures.length;
    a.child.kill('SIGTERM');
    const drained = await a.exited;
    check('a drained process exits 0', drained.code === 0, JSON.stringify(drained));
    await until(state.acked.length + 40);
    const drainFailures = state.failures.slice(failuresBeforeDrain);
    check(
      'no buyer request fails while a process drains',
      drainFailures.length === 0,
      JSON.stringify(drainFailures.slice(0, 5)),
    );

    // A comes back; then B is killed outright mid-load.
    const a2 = startApi(a.port);
    processes.push(a2);
    await waitReady(a2);
    await until(state.acked.length + 40);
    state.phase = 'crash';
    b.child.kill('SIGKILL');
    await b.exited;
    await until(state.acked.length + 40);
    const b2 = startApi(b.port);
    processes.push(b2);
    await waitReady(b2);
    await until(state.acked.length + 40);
    state.stop = true;
    await Promise.all(loops);

    // Every acknowledged order exists once; no key produced two orders.
    const ackedIds = state.acked.map((o) => o.orderId);
    const found = (
      await db.query(`select id::text, po_number from orders where id::text = any($1::text[])`, [
        ackedIds.map(String),
      ])
    ).rows;
    check(
      'every acknowledged order exists',
      found.length === new Set(ackedIds.map(String)).size,
      `${found.length} of ${ackedIds.length}`,
    );
    const dupes = (
      await db.query(
        `select po_number, count(*)::int as n from orders where po_number like 'scale-%' group by po_number having count(*) > 1`,
      )
    ).rows;
    check('no order was placed twice', dupes.length === 0, JSON.stringify(dupes.slice(0, 5)));
    const crashFailures = state.failures.filter((f) => f.phase === 'crash').length;
    console.log(
      `load: ${state.requests} requests, ${state.acked.length} orders acknowledged, ${crashFailures} answers lost in the crash (retried)`,
    );

    // The change feed keeps both processes' caches fresh.
    const code = codes[0];
    const priceOf = async (port) => {
      const res = await call(
        port,
        'GET',
        `/api/productDescription?product_id=${encodeURIComponent(code)}&country=ca&lang=en`,
        shoppers[0].token,
      );
      return JSON.stringify(res.json);
    };
    const before = [await priceOf(a2.port), await priceOf(b2.port)];
    await db.query(
      `update product_prices set selling_price_cents = selling_price_cents + 123 where country = 'ca' and product_id = (select id from products where product_id = $1)`,
      [code],
    );
    const deadline = Date.now() + 10_000;
    let fresh = false;
    while (!fresh && Date.now() < deadline) {
      const now = [await priceOf(a2.port), await priceOf(b2.port)];
      fresh = now[0] !== before[0] && now[1] !== before[1];
      if (!fresh) await new Promise((r) => setTimeout(r, 100));
    }
    check('a price changed in the database shows on both processes', fresh);
  } finally {
    balancer?.close();
    for (const p of processes) p.child.kill('SIGKILL');
    await scratch.drop();
  }
  exit();
}

main().catch((error) => {
  console.error(error);
  exit(1);
});
