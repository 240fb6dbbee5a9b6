import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

// The SPA: dev server proxies the API and product images to the Fastify process; the build goes to
// apps/web/dist (served by the API in production) with hashed assets and a manifest the bundle
// budget check reads (e2e/bundle-budget.e2e.ts). Route pages are split by the router's lazy().
export default defineConfig({
  plugins: [react()],
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
