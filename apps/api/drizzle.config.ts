import { defineConfig } from 'drizzle-kit';

// NOTE: run `npm run db:generate` through `flock /tmp/wholesale-drizzle.lock` when several people
// change the schema at once, so two migrations never take the same number.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
