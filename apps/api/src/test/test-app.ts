import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { LogStream } from '../lib/log-redaction';
import { loadConfig, type Config } from '../config';
import { openDatabase, runMigrations, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { createSession } from '../modules/accounts';
import { seedDemoData, type SeedOptions } from '../db/seed/demo';
import { createFileStore } from '../lib/file-store';
import { seedDemoContent } from '../modules/content';

export type TestApp = {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  /** Creates a user and a session for it; returns the user id and e-mail and headers that authenticate as it (bearer). */
  signIn: (user?: Partial<typeof users.$inferInsert>) => Promise<{
    userId: number;
    email: string;
    token: string;
    headers: Record<string, string>;
  }>;
  inject: (opts: InjectOptions) => ReturnType<FastifyInstance['inject']>;
  /** The answer to a GET of `url` as whoever `headers` authenticate (none: a guest). */
  get: (url: string, headers?: InjectOptions['headers']) => ReturnType<FastifyInstance['inject']>;
  /** The answer to a POST of `payload` to `url` as whoever `headers` authenticate. */
  post: Send;
  put: Send;
  patch: Send;
  delete: Send;
  close: () => Promise<void>;
};

type Send = (
  url: string,
  headers?: InjectOptions['headers'],
  payload?: InjectOptions['payload'],
) => ReturnType<FastifyInstance['inject']>;

/**
 * What the api project's global set-up prepared (src/test/global-setup.ts): a migrated PGlite data
 * directory, or a migrated PostgreSQL template. Empty outside that set-up: then each database runs
 * the migrations itself.
 */
function prepared(key: 'pgliteSnapshot' | 'templateDatabase'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

let snapshot: { file: string; data: Blob } | undefined;
function pgliteSnapshot(): Blob | undefined {
  const file = prepared('pgliteSnapshot');
  if (!file) return undefined;
  if (snapshot?.file !== file) snapshot = { file, data: new Blob([fs.readFileSync(file)]) };
  return snapshot.data;
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the server at DATABASE_URL. */
export async function createTestDatabase(): Promise<{
  handle: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const data = pgliteSnapshot();
    const handle = await openDatabase({ pgliteDir: 'memory', pgliteData: data });
    // Loaded from the snapshot this finds nothing to apply; it still checks.
    await runMigrations(handle);
    return { handle, drop: () => handle.close() };
  }
  const name = `wholesale_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = prepared('templateDatabase');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString(), poolSize: 10 });
  await runMigrations(handle);
  return {
    handle,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// argon2 is slow on purpose; every test user has the same password, so it is hashed once.
let testPasswordHash: Promise<string> | undefined;
const hashTestPassword = () => (testPasswordHash ??= hash('a-long-test-password'));

let userCounter = 0;

/** A new folder in the system's temporary folder holding `files` (path in the folder → content). */
function temporaryFolder(prefix: string, files: Record<string, string | Buffer> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  return dir;
}

/** Builds the real app on a fresh database, optionally with a small demo catalogue. */
export async function createTestApp(
  options: {
    seed?: SeedOptions | false;
    env?: Record<string, string>;
    /** Also load the demo content (content module). */ content?: boolean;
    /** Routes only this test registers, before the app is ready. */
    routes?: (app: FastifyInstance) => void;
    /** Turns the app's real logger on, its lines written here (with env LOG_LEVEL). */
    logStream?: LogStream;
    /**
     * Gives the app an empty data folder of its own (uploaded files, imports, drawn pictures) in
     * the system's temporary folder, removed on close; `t.config.dataDir` names it.
     */
    ownDataDir?: boolean;
    /**
     * The web build the app serves (WEB_DIST): each file's path in the build and its content,
     * written to a temporary folder removed on close.
     */
    webBuild?: Record<string, string | Buffer>;
  } = {},
): Promise<TestApp> {
  const { handle, drop } = await createTestDatabase();
  const folders: Record<string, string> = {};
  if (options.ownDataDir) folders.DATA_DIR = temporaryFolder('test-data-');
  if (options.webBuild) folders.WEB_DIST = temporaryFolder('web-dist-', options.webBuild);
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    APPLICATIONS_PER_HOUR: '10000',
    // Searches rank in PostgreSQL unless a test asks for the in-process index: the index follows
    // writes through the change feed, a moment after they commit, so a test that writes and then
    // searches would race it. The index's own tests (search-index, relevance) turn it on and await
    // what the feed brings.
    SEARCH_INDEX: 'off',
    ...folders,
    ...options.env,
  });
  if (options.seed) await seedDemoData(handle.db, options.seed);
  if (options.content) await seedDemoContent(handle.db, createFileStore(config));
  const app = await buildApp({
    config,
    db: handle,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
  });
  options.routes?.(app);
  await app.ready();
  const inject = (opts: InjectOptions) => app.inject(opts) as ReturnType<FastifyInstance['inject']>;
  const send =
    (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'): Send =>
    (url, headers, payload) =>
      inject({ method, url, headers, payload });
  return {
    app,
    handle,
    config,
    inject,
    get: (url, headers) => inject({ method: 'GET', url, headers }),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: send('DELETE'),
    signIn: async (user = {}) => {
      userCounter += 1;
      const [row] = await handle.db
        .insert(users)
        .values({
          email: `user${userCounter}-${randomBytes(3).toString('hex')}@test.example`,
          ownerName: `Test User ${userCounter}`,
          passwordHash: await hashTestPassword(),
          role: 'customer',
          country: 'ca',
          lang: 'en',
          // A staff member without stated roles is an admin, so a test about something else passes
          // the role checks; role tests state the roles they mean.
          staffRoles: user.role === 'staff' ? ['admin'] : [],
          ...user,
        })
        .returning({ id: users.id, email: users.email });
      const { token } = await createSession(handle.db, row.id);
      return {
        userId: row.id,
        email: row.email,
        token,
        headers: { authorization: `Bearer ${token}` },
      };
    },
    close: async () => {
      await app.close();
      await drop();
      for (const dir of Object.values(folders)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
