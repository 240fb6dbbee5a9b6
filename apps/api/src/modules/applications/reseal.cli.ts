import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { resealApplications } from './applications.service';

// Re-encrypts applications with the current APP_ENCRYPTION_KEY after a key rotation:
//   APP_ENCRYPTION_KEY=<new> APP_ENCRYPTION_PREVIOUS_KEYS=<old> npx tsx apps/api/src/modules/applications/reseal.cli.ts
const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  const result = await resealApplications(handle.db, config);
  console.log(
    `Checked ${result.checked} applications, re-encrypted ${result.resealed} with key ${config.encryptionKey ? 'from APP_ENCRYPTION_KEY' : 'from the data directory'}.`,
  );
} finally {
  await handle.close();
}
