import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
// The config is bundled on its own: the table is read from its source, not the workspace package.
import { FIRST_LOAD_PAGES, FIRST_LOAD_SHELL } from '../../packages/contract/src/first-load/routes';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
 * highest levels: the API serves them as they are to browsers that accept them (plugins/spa.ts,
 * `preCompressed`), so no request pays for compressing the bundle. A copy is written only when it
 * is smaller than the file by more than the Content-Encoding header it costs; a file without one
 * is sent as it is, with its length (plugins/spa.ts), never compressed per request.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  const writeIfSmaller = (file: string, body: Buffer, copy: Buffer, encoding: string) => {
    if (copy.length + `content-encoding: ${encoding}\r\n`.length < body.length) {
      fs.writeFileSync(file, copy);
    }
  };
  let outDir = 'dist';
  return {
    name: 'wholesale-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) =>
            e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
          );
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const body = fs.readFileSync(file);
        const brotli = zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        writeIfSmaller(`${file}.br`, body, brotli, 'br');
        writeIfSmaller(`${file}.gz`, body, zlib.gzipSync(body, { level: 9 }), 'gzip');
      }
    },
  };
}

/**
 * The pages whose first load is measured (docs/product/storefront-ux.md, bench/lighthouse.mjs), by
 * the lazily loaded modules they start from: the contract's first-load table (the route modules the
 * server names a page's files by, and the header's search box, which every page loads) and the
 * home page's product strips. A merged chunk is named after its key.
 */
const FIRST_LOAD_ROOTS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(FIRST_LOAD_PAGES).map(([page, { module }]) => [page, module]),
  ),
  'home-strips': 'src/features/content/components/product-strip.tsx',
  'search-box': FIRST_LOAD_SHELL.modules[0],
};
/**
 * Pages whose chunks stay as Rollup splits them: home is at its budget (decision 010). The search
 * box shares its parts with the search page, which must open while the box's file is still on its
 * way (e2e/search-typing.e2e.ts).
 */
const UNMERGED = new Set(['home', 'home-strips', 'cart', 'search-box']);
const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Puts each module that only the listing or only the product page imports statically, beyond the
 * entry chunk, into one chunk with its route; parts that several of those pages share stay where
 * Rollup puts them, so no page loads another's code. NOTE: on HTTP/1.1 a page has six connections,
 * so each file beyond them on the first load waits a round trip (150 ms on Lighthouse's simulated
 * phone), and Rollup alone cut the listing's route into nine files, one per set of routes sharing a
 * part (docs/decisions/030-first-load-in-the-served-page.md). Rules that keep the entry as it is:
 * `onlyExplicitManualChunks`, so a module's imports stay where Rollup puts them (React would follow
 * them otherwise); every merged chunk holds a lazily loaded module, else Rollup takes it for a
 * second entry and moves the code it shares with the entry (React) into a chunk of its own; and no
 * module home, the cart or the search box imports moves, so they load what they did.
 */
function firstLoadChunks(): Rollup.GetManualChunk {
  let groups: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!groups) {
      const closure = (from: string[], seen = new Set<string>()) => {
        for (const start of from) {
          if (seen.has(start)) continue;
          seen.add(start);
          closure([...(getModuleInfo(start)?.importedIds ?? [])], seen);
        }
        return seen;
      };
      const entry = closure([...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry));
      const pagesByModule = new Map<string, string[]>();
      for (const [page, file] of Object.entries(FIRST_LOAD_ROOTS)) {
        for (const m of closure([path.join(WEB_ROOT, file)])) {
          if (!entry.has(m)) pagesByModule.set(m, [...(pagesByModule.get(m) ?? []), page]);
        }
      }
      groups = new Map(
        [...pagesByModule]
          .filter(([, pages]) => pages.length === 1 && !UNMERGED.has(pages[0]))
          .map(([m, [page]]) => [m, page]),
      );
    }
    return groups.get(id);
  };
}

/**
 * Names each merged chunk after its route module in the build manifest, as Rollup names a route's
 * own chunk: the server finds a page's files by that name (api plugins/first-load.ts). NOTE: Rollup
 * makes a chunk the face of a lazily loaded module only when the chunk shares nothing else, which a
 * merged chunk does, so the manifest would call it `_listing-<hash>.js`. Fails the build if the
 * entry chunk imports a merged chunk: the home route's budget would then carry it.
 */
function nameMergedChunks(): Plugin {
  return {
    name: 'wholesale-name-merged-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      const merged = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.name in FIRST_LOAD_ROOTS)) continue;
        const id = path.join(WEB_ROOT, FIRST_LOAD_ROOTS[chunk.name]);
        if (!chunk.moduleIds.includes(id)) continue;
        merged.add(chunk.fileName);
        chunk.facadeModuleId ??= id;
      }
      for (const chunk of Object.values(bundle)) {
        const wrong =
          chunk.type === 'chunk' && chunk.isEntry && chunk.imports.find((f) => merged.has(f));
        if (wrong) this.error(`The entry chunk imports ${wrong}: see firstLoadChunks`);
      }
    },
  };
}

const api = 'http://localhost:3000';

// The SPA: dev server proxies the API and product images to the Fastify process; the build goes to
// apps/web/dist (served by the API in production) with hashed assets and a manifest the bundle
// budget check reads (e2e/bundle-budget.e2e.ts). Route pages are split by the router's lazy().
export default defineConfig({
  plugins: [react(), nameMergedChunks(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/images': { target: api, changeOrigin: false },
      '/files': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // NOTE: the server's CSP forbids inline script; Vite's module preload polyfill would be inline-free
    // anyway, but keep it off: every supported browser has modulepreload.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        manualChunks: firstLoadChunks(),
        onlyExplicitManualChunks: true,
        // Every lazy file's name is written into the entry chunk's preload map (over a hundred of
        // them), so each hash character there costs the home route bytes; seven characters (the least Rollup allows for this many files) still tell
        // two builds of a file apart for the immutable cache.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
});
