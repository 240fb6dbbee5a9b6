#!/usr/bin/env node
// Lighthouse (npm `lighthouse`, mobile preset, simulated throttling) on the storefront's key pages:
// home, a category listing, a product page (as a guest) and the cart (as a signed-in buyer).
// Builds what is missing, starts the production server on a free port with a fresh data folder and
// demo data (like e2e/global-setup.ts), prints a table and writes it with the JSON reports to
// bench/.tmp/lighthouse/. Targets (docs/product/storefront-ux.md): performance >= 90, CLS <= 0.05, LCP <= 2.5 s,
// TBT <= 200 ms, home route JS <= 150 KB on the wire.
//
//   npm run lighthouse                     one run per page
//   LIGHTHOUSE_RUNS=3 npm run lighthouse   three runs per page, the median by performance score
//   WEB_DIST=/tmp/my-web npm run lighthouse   serve another build of the web
//   LIGHTHOUSE_PORT=3400 npm run lighthouse    the server's port (default: a free one)
//   LIGHTHOUSE_PAGES=home,product npm run lighthouse   only these pages (home, category, product, cart)
//   LIGHTHOUSE_TRACE=1 npm run lighthouse   also write each run's trace with V8 CPU samples
//                                           (<page>-<run>.trace.json: long tasks by function)
//
// Exit code 1 when a target is missed and LIGHTHOUSE_STRICT=1 (the numbers are noisy on a busy
// machine, so by default it only reports).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ROOT, waitFor } from './lib.mjs';

const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const WEB_DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist');
const OUT = path.join(ROOT, 'bench/.tmp/lighthouse');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 0) || 0;
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const STRICT = process.env.LIGHTHOUSE_STRICT === '1';
const TRACE = process.env.LIGHTHOUSE_TRACE === '1';
const DEMO_EMAIL = 'buyer.ca@example.com';
const DEMO_PASSWORD = 'wholesale-demo';

const TARGETS = { score: 90, cls: 0.05, lcpMs: 2500, tbtMs: 200, homeJsKb: 150 };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function ensureBuilt() {
  for (const [file, workspace] of [
    [path.join(WEB_DIST, 'index.html'), '@wholesale/web'],
    [SERVER, '@wholesale/api'],
  ]) {
    if (fs.existsSync(file)) continue;
    console.log(
      `[lighthouse] ${path.relative(ROOT, file)} is missing: npm run build -w ${workspace}`,
    );
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`Building ${workspace} failed`);
  }
}

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wholesale-lighthouse-'));
  const port = PORT || (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  fs.mkdirSync(OUT, { recursive: true });
  const logFile = path.join(OUT, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const env = {
    ...process.env,
    // NOTE: production never seeds demo data by default; development + DEMO_DATA, as the journeys do.
    NODE_ENV: 'development',
    DEMO_DATA: 'true',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    WEB_DIST,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/api/health`, {
      timeoutMs: 240_000,
      exited: () => child.exitCode !== null,
    });
  } catch {
    await stop();
    throw new Error(`The server did not become healthy; see ${logFile}`);
  }
  return { baseUrl, stop };
}

async function json(response) {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
  return response.json();
}

/** A category listing and a product of it, found through the public API. */
async function pickPages(baseUrl) {
  const categories = await json(await fetch(`${baseUrl}/api/categories?lang=en`));
  const cat = categories.data.find((c) => c.cat_code === 'BT') ?? categories.data[0];
  const listing = await json(
    await fetch(`${baseUrl}/api/displayProducts?cate=${encodeURIComponent(cat.cat_code)}&lang=en`),
  );
  const products = listing.products.data;
  const product = products[0];
  const enc = encodeURIComponent;
  return {
    products,
    listingPath: `/products/${enc(cat.name)}/${enc(cat.category)}/${enc(cat.cat_code)}`,
    productPath: `/description/${enc(product.product_id)}/${enc(product.country || 'ca')}`,
  };
}

/** Puts a line in the demo buyer's cart through the API (the first product in stock). */
async function putLineInCart(baseUrl, products) {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Signing in ${DEMO_EMAIL} failed: HTTP ${login.status}`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const cookie = cookies.join('; ');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
  for (const product of products) {
    const added = await fetch(`${baseUrl}/api/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf ?? '' },
      body: JSON.stringify({ product_id: product.product_id, item: 1 }),
    });
    if (added.ok) return;
  }
  throw new Error('No product of the listing could be added to the cart');
}

function summarize(lhr) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const jsBytes = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  // Main-thread time by kind (ms): script evaluation plus parse/compile is the "scripting" figure.
  const work = Object.fromEntries(
    (audit('mainthread-work-breakdown')?.details?.items ?? []).map((i) => [i.group, i.duration]),
  );
  const shifts = (audit('layout-shifts')?.details?.items ?? [])
    .slice(0, 3)
    .map((i) => `${i.node?.selector ?? '?'} (${Number(i.score).toFixed(3)})`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: audit('cumulative-layout-shift').numericValue,
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    fcpMs: audit('first-contentful-paint').numericValue,
    jsKb: jsBytes / 1024,
    jsFiles: scripts.map(
      (r) => `${path.basename(new URL(r.url).pathname)} ${(r.transferSize / 1024).toFixed(1)}`,
    ),
    scriptingMs: (work.scriptEvaluation ?? 0) + (work.scriptParseCompile ?? 0),
    mainThreadMs: Object.values(work).reduce((sum, ms) => sum + ms, 0),
    lcpElement: audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node
      ?.selector,
    shifts,
  };
}

/**
 * Signs the demo buyer in through the sign-in page of the browser Lighthouse will drive (the SPA
 * keeps the user record in localStorage, the server the session cookie), then empties the HTTP cache
 * so the measured load is a cold one like the guests' pages.
 */
async function signInBrowser(port, baseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await browser.close();
}

async function runPage(url, name, baseUrl, signedIn) {
  const results = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A fresh browser per run: no cache, no service worker, no leftover storage.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      if (signedIn) await signInBrowser(chrome.port, baseUrl);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The trace then holds V8's CPU samples: what each long task ran, function by function.
        ...(TRACE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
        // Keeps the signed-in user's cookie and localStorage (the cache was emptied above).
        disableStorageReset: signedIn,
      });
      fs.writeFileSync(path.join(OUT, `${name}-${i + 1}.json`), result.report);
      if (TRACE) {
        const trace = JSON.stringify(result.artifacts.Trace);
        fs.writeFileSync(path.join(OUT, `${name}-${i + 1}.trace.json`), trace);
      }
      // NOTE: on a loaded machine Lighthouse sometimes fails to record the trace (NO_NAVSTART,
      // NO_FCP): such a run has no figures, so it is left out of the median, not counted as 0.
      if (result.lhr.runtimeError) {
        console.warn(`[lighthouse]   ${name} run ${i + 1} failed: ${result.lhr.runtimeError.code}`);
        continue;
      }
      results.push(summarize(result.lhr));
    } finally {
      await chrome.kill();
    }
  }
  if (!results.length) throw new Error(`Every Lighthouse run of ${name} failed`);
  results.sort((a, b) => a.score - b.score);
  return { ...results[Math.floor(results.length / 2)], runs: results.map((r) => r.score) };
}

function table(rows) {
  const ok = (v) => (v ? '' : ' ✗');
  const lines = [
    '| page | performance | CLS | LCP | TBT | FCP | JS on the wire | scripting / main thread |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ name, r }) =>
        `| ${name} | ${r.score}${ok(r.score >= TARGETS.score)}${r.runs.length > 1 ? ` (${r.runs.join(', ')})` : ''} ` +
        `| ${r.cls.toFixed(3)}${ok(r.cls <= TARGETS.cls)} ` +
        `| ${(r.lcpMs / 1000).toFixed(2)} s${ok(r.lcpMs <= TARGETS.lcpMs)} ` +
        `| ${Math.round(r.tbtMs)} ms${ok(r.tbtMs <= TARGETS.tbtMs)} ` +
        `| ${(r.fcpMs / 1000).toFixed(2)} s ` +
        `| ${r.jsKb.toFixed(1)} KB in ${r.jsFiles.length} files${name === 'home' ? ok(r.jsKb <= TARGETS.homeJsKb) : ''} ` +
        `| ${Math.round(r.scriptingMs)} / ${Math.round(r.mainThreadMs)} ms |`,
    ),
  ];
  return lines.join('\n');
}

async function main() {
  ensureBuilt();
  const { baseUrl, stop } = await startServer();
  const rows = [];
  try {
    const pages = await pickPages(baseUrl);
    await putLineInCart(baseUrl, pages.products);
    const plan = [
      ['home', '/', false],
      ['category listing', pages.listingPath, false],
      ['product page', pages.productPath, false],
      ['cart (signed in)', '/cart', true],
    ];
    for (const [name, pathname, signedIn] of plan) {
      if (PAGES && !PAGES.includes(name.split(' ')[0])) continue;
      console.log(`[lighthouse] ${name}: ${pathname}`);
      const r = await runPage(`${baseUrl}${pathname}`, name.split(' ')[0], baseUrl, signedIn);
      console.log(
        `[lighthouse]   LCP element ${r.lcpElement ?? '-'}; shifts ${r.shifts.join(', ') || '-'}`,
      );
      console.log(`[lighthouse]   scripts (KB on the wire): ${r.jsFiles.join(', ')}`);
      rows.push({ name, r });
    }
  } finally {
    await stop();
  }
  const chromium = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const lhVersion = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  const heading =
    `Lighthouse ${lhVersion}, mobile preset (simulated throttling), ${chromium}, ` +
    `${RUNS} run(s) per page (median), ${new Date().toISOString()}, ${os.cpus().length} CPUs, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`;
  const text = `${heading}\n\n${table(rows)}\n\n✗ = target missed (performance >= ${TARGETS.score}, CLS <= ${TARGETS.cls}, LCP <= ${TARGETS.lcpMs / 1000} s, TBT <= ${TARGETS.tbtMs} ms, home JS <= ${TARGETS.homeJsKb} KB)\n`;
  fs.writeFileSync(path.join(OUT, 'summary.md'), text);
  console.log(`\n${text}\nReports: ${path.relative(ROOT, OUT)}/`);
  const missed = rows.some(
    ({ name, r }) =>
      r.score < TARGETS.score ||
      r.cls > TARGETS.cls ||
      r.lcpMs > TARGETS.lcpMs ||
      r.tbtMs > TARGETS.tbtMs ||
      (name === 'home' && r.jsKb > TARGETS.homeJsKb),
  );
  if (STRICT && missed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
