import { defineConfig } from 'drizzle-kit';

// NOTE: two branches that each generate a migration take the same number; whichever merges second
// deletes its migration and snapshot and runs `npm run db:generate` again on top of the first
// (docs/conventions.md "Migrations: generated for the schema, hand-written for the rest").
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
