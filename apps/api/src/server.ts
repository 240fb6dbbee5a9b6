import { loadConfigOrExit } from './config';
import { openDatabase, runMigrations } from './db/client';
import { buildApp } from './app';
import { prepareDatabase } from './db/prepare';
import { startMailWorker } from './modules/mail';
import { startWebhookWorker, WEBHOOKS_CHANNEL, webhookRuleOf } from './modules/webhooks';
import { warnWhenNoAdmin } from './modules/staff';
import { startInterestWorker } from './modules/receivables';
import { getFieldCipher } from './lib/crypto';
import { drainAndClose } from './lib/drain';

/** Starts the API (and the built SPA) on PORT; shuts down cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const handle = await openDatabase({
    url: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    pgliteDir: config.pgliteDir,
    poolSize: config.databasePoolSize,
  });
  await runMigrations(handle);
  // The app's job queue runs pg-boss's supervisor: a job whose process died is retried once it
  // expires (lib/job-queue.ts, plugins/job-queue.ts).
  const app = await buildApp({ config, db: handle, superviseJobs: true });
  // Queued webhook deliveries notify (from any process, at commit): the worker starts on them at
  // once; its poll remains for retries that come due and for notifications missed while the
  // LISTEN connection was down. Subscribed before the app is ready, when the feed starts listening.
  let wakeWebhooks = () => {};
  app.changeFeed.subscribe(WEBHOOKS_CHANNEL, () => wakeWebhooks());
  await prepareDatabase(handle, config, app.log);
  await warnWhenNoAdmin(handle.db, config.env, (message) => app.log.warn(message));
  await app.listen({ port: config.port, host: config.host });
  const mailWorker = startMailWorker({
    db: handle.db,
    jobQueue: app.jobQueue,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  const webhookWorker = startWebhookWorker({
    db: handle.db,
    jobQueue: app.jobQueue,
    cipher: getFieldCipher(config),
    log: app.log,
    ...webhookRuleOf(config),
  });
  wakeWebhooks = webhookWorker.wake;
  // Monthly interest on overdue accounts, checked daily (docs/product/accounts-receivable.md).
  const interestWorker = startInterestWorker({ db: handle.db, log: app.log });
  void interestWorker.runOnce();

  let closing = false;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  // Drain (lib/drain.ts, docs/deploy.md "Rolling restart"): not ready while still serving for
  // SHUTDOWN_DELAY_MS, then stop accepting, finish the requests in flight (at most
  // SHUTDOWN_TIMEOUT_MS), close the pool and the LISTEN connection, exit 0.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, delayMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs },
      'draining',
    );
    try {
      const outcome = await drainAndClose(app, {
        delay: () => sleep(config.shutdownDelayMs),
        deadline: () => sleep(config.shutdownTimeoutMs),
        beforeClose: async () => {
          await mailWorker.stop();
          await webhookWorker.stop();
          await interestWorker.stop();
        },
        afterClose: () => handle.close(),
      });
      if (outcome === 'timed out') {
        app.log.error('requests still in flight after SHUTDOWN_TIMEOUT_MS: exiting');
        process.exit(1);
      }
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
