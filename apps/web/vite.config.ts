import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at the
 * highest levels: the API serves them as they are to browsers that accept them (plugins/spa.ts,
 * `preCompressed`), so no request pays for compressing the bundle.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
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
        if (body.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

const api = 'http://localhost:3000';

// The SPA: dev server proxies the API and product images to the Fastify process; the build goes to
// apps/web/dist (served by the API in production) with hashed assets and a manifest the bundle
// budget check reads (e2e/bundle-budget.e2e.ts). Route pages are split by the router's lazy().
export default defineConfig({
  plugins: [react(), precompress()],
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
  },
});
