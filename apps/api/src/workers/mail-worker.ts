// Standalone outbox worker: `node dist/workers/mail-worker.js` (or `npx tsx src/workers/mail-worker.ts`).
// The API server already runs the same worker in-process; run this one when the API processes
// should not send mail themselves. Several workers may run at once (pg-boss gives each job to one).
import { loadConfigOrExit } from '../config';
import { openDatabase, runMigrations } from '../db/client';
import { startMailWorker } from '../modules/mail';
import { createJobQueue } from '../lib/job-queue';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.smtpUrl) {
    console.error('SMTP_URL is not set: there is nothing for the mail worker to do.');
    process.exit(1);
  }
  if (!config.databaseUrl) {
    // NOTE: an embedded PGlite directory can be opened by one process only; the server sends mail itself then.
    console.error(
      'The standalone mail worker needs DATABASE_URL; with embedded PGlite the API server sends mail in-process.',
    );
    process.exit(1);
  }
  const handle = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolSize: 2,
  });
  await runMigrations(handle);
  // This process's queue, with pg-boss's supervisor (jobs of a worker that died are retried).
  const jobQueue = createJobQueue(handle.db, { supervise: true });
  await jobQueue.boss();
  const log = {
    info: (o: object | string, m?: string) =>
      console.log(
        JSON.stringify({ level: 'info', msg: m ?? o, ...(typeof o === 'object' ? o : {}) }),
      ),
    warn: (o: object | string, m?: string) =>
      console.warn(
        JSON.stringify({ level: 'warn', msg: m ?? o, ...(typeof o === 'object' ? o : {}) }),
      ),
  };
  const worker = startMailWorker({
    db: handle.db,
    jobQueue,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log,
    intervalMs: 5_000,
  });
  await worker.runOnce();
  log.info('mail worker running');
  const stop = async () => {
    await worker.stop();
    await jobQueue.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
