import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import * as schema from './schema';

const metaFolder = new URL('./migrations/meta/', import.meta.url);

// NOTE: drizzle-kit generate diffs the schema against the LAST snapshot in file-name order
// (hand-written migrations may have none), so that is the one that must describe the schema.
const snapshotFiles = fs
  .readdirSync(metaFolder)
  .filter((name) => name.endsWith('_snapshot.json'))
  .sort();
const readSnapshot = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(name, metaFolder), 'utf8')) as DrizzleSnapshotJSON;

describe('the latest migration snapshot', () => {
  it('describes the Drizzle schema, so db:generate writes only the next change', async () => {
    const latest = readSnapshot(snapshotFiles.at(-1)!);
    // A rename (a column gone and another added) makes drizzle-kit ask which it is; without a
    // terminal it throws, which fails this test too.
    const missing = await generateMigration(latest, generateDrizzleJson(schema, latest.id));
    expect(
      missing,
      'the schema changed without a migration: run `npm run db:generate` and commit its output',
    ).toEqual([]);
  });

  it('continues the chain drizzle-kit follows (each prevId is the id before it)', () => {
    const chain = snapshotFiles.map(readSnapshot);
    chain.slice(1).forEach((snapshot, index) => expect(snapshot.prevId).toBe(chain[index]!.id));
  });

  it('numbers each new migration after the others (the migrator skips one dated before the last applied)', () => {
    const journal = JSON.parse(fs.readFileSync(new URL('_journal.json', metaFolder), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    // Released before this check: a database that stopped at 0015 or 0017 skips these. Left as
    // released (a database that applied them would see new dates as new migrations).
    const releasedOutOfOrder = new Set([
      '0016_search_document',
      '0018_order_desk_indexes',
      '0019_catalogue_import_triggers',
      '0020_sign_in_throttle',
    ]);
    let latest = 0;
    const early = journal.entries.filter((entry) => {
      const before = entry.when <= latest;
      latest = Math.max(latest, entry.when);
      return before && !releasedOutOfOrder.has(entry.tag);
    });
    expect(early.map((entry) => entry.tag)).toEqual([]);
  });
});
