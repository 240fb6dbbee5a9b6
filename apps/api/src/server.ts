import { loadConfigOrExit } from './config';
import { openDatabase, runMigrations } from './db/client';
import { buildApp } from './app';
import { prepareDatabase } from './db/prepare';
import { startMailWorker } from './modules/mail';
import { startWebhookWorker, WEBHOOKS_CHANNEL, webhookRuleOf } from './modules/webhooks';
import { warnWhenNoAdmin } from './modules/staff';
import { getFieldCipher } from './lib/crypto';

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
  const app = await buildApp({ config, db: handle });
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
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  const webhookWorker = startWebhookWorker({
    db: handle.db,
    cipher: getFieldCipher(config),
    log: app.log,
    ...webhookRuleOf(config),
  });
  wakeWebhooks = webhookWorker.wake;

  let closing = false;
  // Drain (docs/deploy.md "Restart"): say "not ready" while still serving, so the load balancer
  // moves traffic away; then stop accepting, let requests in flight finish (bounded), close the
  // pool and the LISTEN connection, exit 0.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info({ signal, delayMs: config.shutdownDelayMs }, 'draining');
    const force = setTimeout(() => {
      app.log.error('requests still in flight after the drain limit: exiting');
      process.exit(1);
    }, config.shutdownDelayMs + 10_000);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      await mailWorker.stop();
      await webhookWorker.stop();
      await app.close();
      await handle.close();
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
