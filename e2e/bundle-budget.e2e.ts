import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, PHONE } from './support/browser';

// The bundle budget (docs/decisions/010-web-shell-and-bundle-budget.md): the JavaScript the home route loads is at most 152 KB gzip. Counted from the
// build manifest: index.html's module script and its static imports, plus the home page's lazy
// chunk and its static imports (the router loads it before the home page shows).
// 152 KB since the trade account's pages joined the route table (decision 010, 2026-11-28).
const BUDGET_BYTES = 152 * 1024;
// What Lighthouse counts (docs/product/storefront-ux.md: home route JS <= 150 KB on the wire): every script a guest's
// home page loads, lazy chunks included, as transferred (brotli, with headers). 139 KB when this
// was set; the margin is for small changes, not for another library.
const WIRE_BUDGET_BYTES = 143 * 1024;
// Libraries the storefront's first paint must not load: zod (forms and the API validate) and
// DOMPurify (only the dev mailbox renders HTML).
const NOT_ON_HOME = [/\/schemas-/, /\/purify/, /\/zod-/];
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist');

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};

function staticClosure(
  manifest: Record<string, ManifestChunk>,
  start: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(start) || !manifest[start]) return seen;
  seen.add(start);
  for (const next of manifest[start].imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

describe('bundle budget', () => {
  it('the home route loads at most 152 KB of gzipped JavaScript', () => {
    const manifestFile = path.join(DIST, '.vite/manifest.json');
    expect(
      fs.existsSync(manifestFile),
      `${manifestFile} is missing: build the web with build.manifest`,
    ).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    expect(manifest['index.html'], 'index.html entry in the manifest').toBeDefined();
    const homeKey = Object.keys(manifest).find((k) => k.endsWith('src/app/routes/home.tsx'));
    expect(homeKey, 'home route chunk (src/app/routes/home.tsx) in the manifest').toBeDefined();

    const entry = staticClosure(manifest, 'index.html');
    const withHome = staticClosure(manifest, homeKey!, new Set(entry));
    const size = (keys: Iterable<string>) =>
      [...keys]
        .map((k) => manifest[k].file)
        .filter((f) => f.endsWith('.js'))
        .reduce(
          (sum, f) => sum + gzipSync(fs.readFileSync(path.join(DIST, f)), { level: 9 }).length,
          0,
        );
    const entryBytes = size(entry);
    const totalBytes = size(withHome);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `[bundle] home route JavaScript (gzip): ${kb(totalBytes)} of ${kb(BUDGET_BYTES)} ` +
        `(entry + static imports ${kb(entryBytes)}, home page chunks ${kb(totalBytes - entryBytes)})`,
    );
    expect(
      totalBytes,
      `home route loads ${kb(totalBytes)} gzip, budget ${kb(BUDGET_BYTES)}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

describe('files on the first load', () => {
  // docs/decisions/030-first-load-in-the-served-page.md: on HTTP/1.1 each file beyond six waits for
  // a connection, a round trip on a phone; Rollup alone cut the listing's route into nine files
  // (apps/web/vite.config.ts firstLoadChunks merges them).
  it('the listing route loads at most 5 script files beyond the entry, the cart no dialog code', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const entry = staticClosure(manifest, 'index.html');
    const files = (route: string) =>
      [...staticClosure(manifest, route)]
        .filter((key) => !entry.has(key))
        .map((key) => manifest[key].file);
    const listing = files('src/app/routes/products.tsx');
    expect(listing.length, listing.join(', ')).toBeGreaterThan(0);
    expect(listing.length, listing.join(', ')).toBeLessThanOrEqual(5);
    // The cart asks its one question (empty the cart?) through a dialog fetched when asked.
    const cart = files('src/app/routes/cart.tsx');
    const dialog = files('src/components/ui/confirm-dialog-view.tsx');
    expect(cart.length, cart.join(', ')).toBeGreaterThan(0);
    expect(dialog.length, 'the dialog view is a lazy chunk of its own').toBeGreaterThan(0);
    expect(cart.filter((file) => dialog.includes(file))).toEqual([]);
  });
});

describe('JavaScript on the wire', () => {
  it('a guest on a phone loads at most 143 KB of scripts on the home page, and no zod or DOMPurify', async () => {
    const browser = await launchBrowser();
    try {
      const { page, context, expectNoConsoleErrors } = await newPage(browser, {
        baseUrl: inject('baseUrl'),
        viewport: PHONE,
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Map<string, string>();
      const bytes = new Map<string, number>();
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
      });
      cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
      await page.goto('/');
      await page.locator('.product-card').first().waitFor();
      await page.locator('.carousel img').first().waitFor();
      await page.waitForLoadState('networkidle');
      const files = [...scripts].map(([id, url]) => ({ url, bytes: bytes.get(id) ?? 0 }));
      const total = files.reduce((sum, f) => sum + f.bytes, 0);
      const list = files.map((f) => `${path.basename(f.url)} ${(f.bytes / 1024).toFixed(1)}`);
      console.log(
        `[bundle] home on the wire: ${total} bytes (${(total / 1024).toFixed(1)} KB) in ${files.length} scripts: ${list.join(', ')}`,
      );
      expect(files.length, 'scripts seen').toBeGreaterThan(1);
      expect(total, list.join(', ')).toBeLessThanOrEqual(WIRE_BUDGET_BYTES);
      expect(
        files.filter((f) => NOT_ON_HOME.some((re) => re.test(f.url))).map((f) => f.url),
      ).toEqual([]);
      expectNoConsoleErrors();
    } finally {
      await browser.close();
    }
  });
});
