/**
 * npm run staff:create -- --email <e-mail> --roles admin[,credit,…] [--name "<name>"]
 * (in a production image: node apps/api/dist/staff-create.js …)
 *
 * Creates or promotes a staff member in DATABASE_URL (or the embedded PGlite) and prints a one-time
 * set-password link on PUBLIC_URL. Exit codes: 0 done, 1 refused, 2 bad arguments.
 */
import { loadConfigOrExit } from './config';
import { openDatabase, runMigrations } from './db/client';
import { runStaffCreate } from './modules/staff';

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await runMigrations(handle);
    return await runStaffCreate(process.argv.slice(2), {
      db: handle.db,
      publicUrl: config.publicUrl,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
