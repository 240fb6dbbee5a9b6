import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Node 25+ puts its own Web Storage `localStorage` on globalThis; without --localstorage-file it has no
// methods, and Vitest's jsdom environment does not shadow a global that already exists, so the app's
// storage calls would reach Node's stub instead of jsdom's Storage. Older Node refuses the flag.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const jsdomStorageArgs = nodeMajor >= 22 ? ['--no-experimental-webstorage'] : [];

// Component tests in jsdom. A console.error during a test fails it (src/test/setup.ts).
export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    isolate: false,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    execArgv: jsdomStorageArgs,
    // Ceilings for a hung test, not windows a test must finish in: on a busy 2-core machine a jsdom
    // test with userEvent took over 15 s (docs/decisions/024-test-speed.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
