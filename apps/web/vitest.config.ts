import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

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
    // Ceilings for a hung test, not windows a test must finish in: on a busy 2-core machine a jsdom
    // test with userEvent took over 15 s (docs/decisions/024-test-speed.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
