import {
  StoreIdentity,
  type AdminStoreIdentity,
  type StoreIdentity as Identity,
} from '@wholesale/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Tx } from '../../db/client';
import { selectIdentity } from './identity.queries';

/*
 * The store's identity (docs/product/back-office-staff-and-customers.md, "Store identity"): read by
 * every page head, the storefront's header and footer, mails and PDFs, so each process keeps it in
 * a cache the change feed drops (docs/decisions/016-caches-and-change-feed.md). A save
 * (identity.admin.ts) publishes IDENTITY_CHANNEL after commit; every process, this one at once, drops its copy and reloads.
 */

/** The change-feed channel a saved identity is announced on. */
export const IDENTITY_CHANNEL = 'ws_store_identity';

/** The identity as the app reads it: null while no admin has set one (a fresh store). */
export type StoreIdentityReader = {
  /** The identity now (cached; reloaded after any process saves). */
  read(): Promise<Identity | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    storeIdentity: StoreIdentityReader;
  }
}

/**
 * NOTE: the identity the process read last, for mails. A mail is rendered synchronously inside the
 * statement batch that queues it (mail.service enqueueMailPart), where nothing can be awaited;
 * every save reloads it in each process (the feed), and so does the app's start. A process that
 * has not read it yet signs mails with a neutral word, as a fresh store does. Two apps of one
 * process (tests) share it: making it the app's would mean passing the identity to every
 * enqueueMail caller, or rendering mails when they are sent.
 */
// eslint-disable-next-line no-restricted-syntax -- read by synchronous mail rendering, which has no app
let lastRead: Identity | null = null;

/** The identity this process read last (null before the first read or while none is set). */
export function lastReadStoreIdentity(): Identity | null {
  return lastRead;
}

/** A stored identity as the contract reads it; null for a row that no longer parses. */
function parsed(settings: unknown): Identity | null {
  const result = StoreIdentity.safeParse(settings);
  return result.success ? result.data : null;
}

/** The admin's view: the identity and who saved it last, when. */
export async function adminIdentity(db: Database | Tx): Promise<AdminStoreIdentity> {
  const row = await selectIdentity(db);
  const identity = row ? parsed(row.settings) : null;
  return {
    set: identity !== null,
    identity,
    updated_at: row ? row.updatedAt.toISOString() : null,
    updated_by: row?.updatedBy ?? null,
  };
}

/** Builds the app's identity reader: a one-entry cache following IDENTITY_CHANNEL. */
export function createStoreIdentity(
  app: Pick<FastifyInstance, 'caches' | 'changeFeed' | 'db' | 'clock'>,
): StoreIdentityReader {
  const cache = app.caches.ttl<Identity | null>(
    'store-identity',
    { ttlMs: 5 * 60_000, maxEntries: 1 },
    { channel: IDENTITY_CHANNEL },
  );
  app.changeFeed.announcesAfterCommit(IDENTITY_CHANNEL, '');
  // Counts the drops: a load that began before one must not overwrite the mails' copy after it.
  let generation = 0;
  const read = () =>
    cache.get('identity', async () => {
      const started = generation;
      const row = await selectIdentity(app.db);
      const identity = row ? parsed(row.settings) : null;
      if (started === generation) lastRead = identity;
      return identity;
    });
  // The cache was dropped (by this process's save or another's): the mails' copy reloads too.
  app.changeFeed.subscribe(IDENTITY_CHANNEL, () => {
    generation += 1;
    void read().catch(() => undefined);
  });
  // Notifications sent while the feed was down are lost: what was read then is read again.
  app.changeFeed.onLiveChange((live) => {
    if (!live) return;
    generation += 1;
    void read().catch(() => undefined);
  });
  return { read };
}

/** Decorates the app with `storeIdentity`, read once at start so the first mails are signed. */
export const storeIdentityPlugin = fp(
  async (app: FastifyInstance) => {
    const reader = createStoreIdentity(app);
    app.decorate('storeIdentity', reader);
    app.addHook('onReady', async () => {
      await reader
        .read()
        .catch((error: Error) =>
          app.log.warn(`[store-identity] not read at start: ${error.message}`),
        );
    });
  },
  { name: 'store-identity', dependencies: ['change-feed'] },
);
