import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { DatabaseHandle } from './client';
import { seedDemoData } from './seed/demo';
import { createFileStore } from '../lib/file-store';
import { seedDemoContent } from '../modules/content';
import { seedDemoApplications } from '../modules/applications';

/** Loads the demo data into an empty database, unless DEMO_DATA=false (and never by default in production). */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!config.demoData) return;
  const result = await handle.db.execute<{ n: string }>(sql`select count(*) as n from products`);
  if (Number(result.rows[0]?.n ?? 0) > 0) return;
  const started = Date.now();
  log.info('empty database: loading demo data');
  const summary = await seedDemoData(handle.db, {});
  log.info({ ...summary, ms: Date.now() - started }, 'demo data loaded');
  log.info(
    { ...(await seedDemoContent(handle.db, createFileStore(config))) },
    'demo content loaded',
  );
  log.info({ ...(await seedDemoApplications(handle.db, config)) }, 'demo applications loaded');
}
