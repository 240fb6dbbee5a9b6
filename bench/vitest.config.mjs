import { defineProject } from 'vitest/config';

// The bench's pure helpers (what a run computes before it asks autocannon), never a measurement.
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['**/*.test.mjs'],
    exclude: ['.tmp/**', '**/node_modules/**'],
  },
});
