// A rolling restart behind the SHIPPED nginx configuration loses nothing (docs/deploy.md "Rolling
// restart"). Debian's nginx runs deploy/nginx.conf — the same file, only its upstream addresses and
// its listen port replaced — in front of two production API processes on PostgreSQL. Buyers send
// at least 10,000 mixed requests (add to cart and place orders with an Idempotency-Key, cart reads,
// catalogue reads) while each process in turn gets SIGTERM, exits, starts again and becomes ready.
// Fails unless every answer is the expected 2xx (the buyers never retry: nginx must) and every
// cart holds exactly what was added, every acknowledged order exists once.
// Needs nginx on PATH (.ci/run installs it), the production build and PostgreSQL (CI_PG_URL).
// The last line is "N passed, M failed".
//
//   node scripts/rolling-restart-test.mjs
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ROOT,
  freePort,
  loadTestData,
  scratchDatabase,
  scriptChecks,
  startApi,
  waitReady,
} from './lib/api-processes.mjs';

const MIN_REQUESTS = Number(process.env.ROLLING_REQUESTS ?? 10_000);
const CART_BUYERS = 24;
const ORDER_BUYERS = 8;
/** Everything, start to end, within this: a hung load fails instead of holding CI. */
const TIME_LIMIT_MS = Number(process.env.ROLLING_TIME_LIMIT_S ?? 170) * 1000;

const { check, anyFailed, exit } = scriptChecks();

// ---------------------------------------------------------------- nginx with the shipped file
/**
 * deploy/nginx.conf with only addresses replaced: the upstream servers api1:3000 and api2:3000 by
 * the two processes' loopback ports, `listen 80` by a loopback port. Each must be found exactly
 * once, so a change to the shipped file that this test would no longer exercise fails here.
 */
function templateShippedConfig(text, { listenPort, upstreamPorts }) {
  const swaps = [
    [/\bserver api1:3000\b/g, `server 127.0.0.1:${upstreamPorts[0]}`],
    [/\bserver api2:3000\b/g, `server 127.0.0.1:${upstreamPorts[1]}`],
    [/\blisten 80;/g, `listen 127.0.0.1:${listenPort};`],
  ];
  let out = text;
  for (const [pattern, replacement] of swaps) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== 1)
      throw new Error(`deploy/nginx.conf: ${pattern} found ${found} times, not once`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

async function startNginx(dir, site) {
  await writeFile(path.join(dir, 'site.conf'), site);
  // The http{} context a distribution's nginx.conf gives conf.d/ files, with every path in `dir`.
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/site.conf;
}
`,
  );
  const child = spawn(
    'nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited };
}

// ---------------------------------------------------------------- buyers
function loadState() {
  const waiters = [];
  const state = {
    stop: false,
    phase: 'warm-up',
    requests: 0,
    byPhase: {},
    lost: [],
    added: new Map(), // userId → Map(code → packs acknowledged)
    orders: [], // { key, orderId }
    /** Resolves once `n` requests have been answered (or the load stopped). */
    reached(n) {
      return state.requests >= n || state.stop
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ n, resolve }));
    },
    answered() {
      state.requests += 1;
      state.byPhase[state.phase] = (state.byPhase[state.phase] ?? 0) + 1;
      for (let i = waiters.length - 1; i >= 0; i -= 1)
        if (state.requests >= waiters[i].n) waiters.splice(i, 1)[0].resolve();
    },
    release() {
      for (const w of waiters.splice(0)) w.resolve();
    },
  };
  return state;
}

function client(base, state) {
  return async function call(method, url, token, { body, key, expect = 200 } = {}) {
    let status;
    let json = null;
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      status = res.status;
      const text = await res.text();
      try {
        json = JSON.parse(text);
      } catch {
        json = { text: text.slice(0, 200) };
      }
    } catch (error) {
      status = String(error.cause?.code ?? error.code ?? error);
    }
    state.answered();
    if (status !== expect) {
      state.lost.push({
        phase: state.phase,
        method,
        url: url.split('?')[0],
        status,
        error: json?.error?.message ?? json?.text,
      });
      return null;
    }
    return json;
  };
}

async function cartBuyer(buyer, codes, call, state) {
  const added = new Map();
  state.added.set(buyer.userId, added);
  for (let n = 0; !state.stop; n += 1) {
    const code = codes[(buyer.index * 7 + n) % codes.length];
    switch (n % 5) {
      case 0:
      case 1: {
        // One logical action, one key: what nginx sends again under it is not added twice.
        const answer = await call('POST', '/api/cart/add', buyer.token, {
          body: { product_id: code, item: 1 },
          key: randomUUID(),
        });
        if (answer) added.set(code, (added.get(code) ?? 0) + 1);
        break;
      }
      case 2:
        await call('GET', '/api/cart', buyer.token);
        break;
      case 3:
        await call(
          'GET',
          `/api/productDescription?product_id=${encodeURIComponent(code)}&country=ca&lang=en`,
          buyer.token,
        );
        break;
      default:
        await call('GET', '/api/categories?lang=en&country=ca', buyer.token);
    }
  }
}

async function orderBuyer(buyer, codes, call, state) {
  for (let n = 0; !state.stop; n += 1) {
    const code = codes[(buyer.index * 11 + n) % codes.length];
    const added = await call('POST', '/api/cart/add', buyer.token, {
      body: { product_id: code, item: 1 },
      key: randomUUID(),
    });
    if (!added) continue;
    const key = `roll-${buyer.userId}-${n}-${randomUUID()}`;
    const order = await call('POST', '/api/store/orders', buyer.token, {
      body: { product_id: [code], po_number: key.slice(0, 60) },
      key,
    });
    if (order?.order_id) state.orders.push({ key: key.slice(0, 60), orderId: order.order_id });
    await call('GET', '/api/order-history', buyer.token);
  }
}

// ---------------------------------------------------------------- the run
async function main() {
  const scratch = await scratchDatabase(`wholesale_rolling_${process.pid}`, [
    '--products',
    '200',
    '--customers',
    String(CART_BUYERS + ORDER_BUYERS),
    '--cart-lines',
    '0',
    // Earlier orders: the opening minimum does not apply to the order buyers.
    '--orders',
    String((CART_BUYERS + ORDER_BUYERS) * 2),
  ]);
  const { db } = scratch;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wholesale-nginx-'));
  const processes = [];
  let nginx;
  let cleaned;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      nginx?.child.kill('SIGQUIT');
      for (const p of processes) p.child.kill('SIGKILL');
      await Promise.all([nginx?.exited, ...processes.map((p) => p.exited)]);
      await scratch.drop();
      await rm(dir, { recursive: true, force: true });
    })());
  // Bounded: a hung load fails and cleans up instead of holding CI.
  const timer = setTimeout(() => {
    console.error(`rolling restart test: over ${TIME_LIMIT_MS / 1000} s`);
    void cleanUp().finally(() => exit(1));
  }, TIME_LIMIT_MS);
  timer.unref();
  try {
    const { codes, userIds, sessions } = await loadTestData(db, {
      products: 40,
      buyers: CART_BUYERS + ORDER_BUYERS,
    });
    await db.query(`delete from cart_lines where user_id = any($1::int[])`, [userIds]);
    const buyers = sessions.map((s, index) => ({ ...s, index }));

    const [portA, portB, listenPort] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${listenPort}`;
    const apiOptions = {
      dbUrl: scratch.url,
      encryptionKey: randomBytes(32).toString('hex'),
      publicUrl: base,
      // The production default drain (SHUTDOWN_DELAY_MS 3 s): longer than nginx's fail_timeout.
    };
    const apis = {
      a: startApi({ ...apiOptions, port: portA }),
      b: startApi({ ...apiOptions, port: portB }),
    };
    processes.push(apis.a, apis.b);
    await Promise.all([waitReady(apis.a), waitReady(apis.b)]);

    const shipped = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    nginx = await startNginx(
      dir,
      templateShippedConfig(shipped, { listenPort, upstreamPorts: [portA, portB] }),
    );
    await waitReady({ port: listenPort, exited: nginx.exited });

    // A write without a key goes through nginx as well (the @api location, no retry after sending).
    const plain = await fetch(`${base}/api/cart/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyers[0].token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: codes[0], item: 1 }),
    });
    check(
      'a write without an Idempotency-Key passes through nginx',
      plain.status === 200,
      String(plain.status),
    );
    await db.query(`delete from cart_lines where user_id = $1`, [buyers[0].userId]);

    const state = loadState();
    const call = client(base, state);
    const started = Date.now();
    const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s:`;
    const loops = [
      ...buyers.slice(0, CART_BUYERS).map((b) => cartBuyer(b, codes, call, state)),
      ...buyers.slice(CART_BUYERS).map((b) => orderBuyer(b, codes, call, state)),
    ];

    // Each process in turn: SIGTERM, wait for its exit, start it again, wait until it is ready.
    const exits = [];
    for (const [name, port] of [
      ['a', portA],
      ['b', portB],
    ]) {
      await state.reached(state.requests + 1500);
      state.phase = `restart ${name}`;
      console.log(
        `${elapsed()} ${state.requests} requests answered, ${state.lost.length} lost: SIGTERM to ${name}`,
      );
      apis[name].child.kill('SIGTERM');
      exits.push({ name, ...(await apis[name].exited) });
      apis[name] = startApi({ ...apiOptions, port });
      processes.push(apis[name]);
      await waitReady(apis[name]);
      state.phase = `after ${name}`;
      console.log(
        `${elapsed()} ${state.requests} requests answered, ${state.lost.length} lost: ${name} ready again`,
      );
    }
    await state.reached(MIN_REQUESTS);
    state.stop = true;
    state.release();
    await Promise.all(loops);
    const seconds = (Date.now() - started) / 1000;

    for (const e of exits)
      check(`process ${e.name} drained and exited 0 on SIGTERM`, e.code === 0, JSON.stringify(e));
    console.log(
      `load: ${state.requests} requests in ${seconds.toFixed(1)} s (${Math.round(state.requests / seconds)}/s), ` +
        `${CART_BUYERS + ORDER_BUYERS} buyers; per phase ${JSON.stringify(state.byPhase)}`,
    );
    check(
      `at least ${MIN_REQUESTS} requests`,
      state.requests >= MIN_REQUESTS,
      String(state.requests),
    );
    check(
      'no request lost: every answer was the expected 2xx',
      state.lost.length === 0,
      `${state.lost.length} lost: ${JSON.stringify(state.lost.slice(0, 5))}`,
    );

    // Every cart holds exactly the packs acknowledged (cart_lines.quantity counts packs), nothing twice.
    const lines = (
      await db.query(
        `select c.user_id, p.product_id as code, c.quantity
         from cart_lines c join products p on p.id = c.product_id where c.user_id = any($1::int[])`,
        [buyers.slice(0, CART_BUYERS).map((b) => b.userId)],
      )
    ).rows;
    const mismatches = [];
    for (const b of buyers.slice(0, CART_BUYERS)) {
      const expected = state.added.get(b.userId) ?? new Map();
      const actual = new Map(
        lines.filter((l) => l.user_id === b.userId).map((l) => [l.code, l.quantity]),
      );
      for (const code of new Set([...expected.keys(), ...actual.keys()]))
        if ((expected.get(code) ?? 0) !== (actual.get(code) ?? 0))
          mismatches.push({
            user: b.userId,
            code,
            added: expected.get(code) ?? 0,
            inCart: actual.get(code) ?? 0,
          });
    }
    const packsAdded = [...state.added.values()].reduce(
      (s, m) => s + [...m.values()].reduce((a, n) => a + n, 0),
      0,
    );
    check(
      `every cart holds exactly the ${packsAdded} packs added`,
      mismatches.length === 0,
      JSON.stringify(mismatches.slice(0, 5)),
    );
    const placed = (
      await db.query(
        `select po_number, count(*)::int as n from orders where po_number like 'roll-%' group by po_number`,
      )
    ).rows;
    const twice = placed.filter((r) => r.n > 1);
    const acked = new Set(state.orders.map((o) => o.key));
    const missing = [...acked].filter((k) => !placed.some((r) => r.po_number === k));
    check(
      `every acknowledged order (${acked.size}) exists once, no other`,
      twice.length === 0 && missing.length === 0 && placed.length === acked.size,
      `placed ${placed.length}, twice ${twice.length}, missing ${missing.length}`,
    );
  } finally {
    // Why nginx answered what it answered (no live upstreams, a refused or reset connection).
    if (anyFailed())
      console.log(
        await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => 'no nginx error.log'),
      );
    await cleanUp();
  }
  exit();
}

main().catch((error) => {
  console.error(error);
  exit(1);
});
