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
});
