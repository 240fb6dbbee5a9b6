import { defineProject } from 'vitest/config';

// Proves the lint rules (import boundaries, cycles, unused code) on small fixture trees.
export default defineProject({
  test: {
    name: 'lint-rules',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['fixtures/**', '**/node_modules/**'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
