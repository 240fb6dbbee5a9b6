import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, createdAt, rowId, optionalLink, counter, lifecycle, flag } from './columns';
import { users } from './users';

/** Bearer tokens for machines (an ERP): stored as SHA-256 hashes, shown once, revocable. */
export const integrationTokens = pgTable(
  'integration_tokens',
  {
    id: rowId(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the secret, so staff can tell tokens apart without the secret. */
    tokenHint: text('token_hint').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: optionalLink('created_by', () => users.id),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('integration_tokens_hash_uq').on(t.tokenHash)],
);

export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed';

/** One catalogue import: its file, its progress (committed with each batch) and its outcome. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: rowId(),
    status: lifecycle(['queued', 'running', 'done', 'failed'], 'queued'),
    dryRun: flag('dry_run', false),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    fileFormat: text('file_format', { enum: ['csv', 'xlsx'] }).notNull(),
    imagesKey: text('images_key'),
    createdBy: optionalLink('created_by', () => users.id),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    heartbeatAt: instant('heartbeat_at'),
    rowsTotal: counter('rows_total'),
    rowsDone: counter('rows_done'),
    created: counter('created'),
    updated: counter('updated'),
    unchanged: counter('unchanged'),
    deactivated: counter('deactivated'),
    groups: jsonb('groups')
      .$type<Record<string, { created: number; updated: number; unchanged: number }>>()
      .notNull()
      .default({}),
    errors: jsonb('errors')
      .$type<{ row: number; column: string; message: string; value?: string }[]>()
      .notNull()
      .default([]),
    errorCount: counter('error_count'),
    failure: text('failure'),
    /** Create the categories, classes and brands the file names and the store lacks (migration 0029). */
    createMissing: flag('create_missing', false),
    /** What it created (a dry run: would create), in the order the file first names them. */
    structure: jsonb('structure')
      .$type<
        {
          kind: 'category' | 'class' | 'brand';
          code: string;
          level: number | null;
          parent: string | null;
          name: string;
        }[]
      >()
      .notNull()
      .default([]),
  },
  (t) => [index('import_jobs_status_idx').on(t.status, t.id)],
);
