import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import throttle from 'lodash-es/throttle.js';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../db/client';
import { BatchTtlCache, TtlCache, type CacheOptions, type CacheStats } from '../lib/ttl-cache';

/*
 * The change feed: PostgreSQL NOTIFY (sent by triggers at commit, migrations 0008 and 0009) tells each
 * API process which products, prices, sessions or users changed, so its caches drop exactly those
 * entries (docs/decisions/016-caches-and-change-feed.md). This plugin owns the one LISTEN connection
 * of the process, reconnects it, and says whether the feed is live: a cache may only be trusted
 * for long while it is, because notifications sent while nobody listened are lost.
 */

/** Something a notification drops: the whole of it, or some keys. */
export type Droppable<K = unknown> = { clear(): void; delete(key: K): unknown };

export type { CacheStats };

type Registration = {
  name: string;
  cache: Droppable & { stats?: () => CacheStats };
  channel?: string;
  /** Keys a payload drops, or 'all'; absent: every notification on the channel drops everything. */
  keysFromPayload?: (payload: string) => unknown[] | 'all';
  /** Drops the whole cache for a notification: at once, or at most once per window (see register). */
  clearAll: (() => void) & { cancel?: () => void; flush?: () => void };
};

/** How a cache follows its channel. */
export type CacheFollowing<K> = {
  channel?: string;
  keysFromPayload?: (payload: string) => K[] | 'all';
  /**
   * Drops the whole cache at most once per this many milliseconds: the first notification drops
   * it at once, those that follow within the window drop it once more at the window's end. A burst
   * of writes (an import commits a batch every few hundred milliseconds) then empties a listing
   * cache once per window instead of once per batch, and what it shows is at most that late.
   * Only for caches allowed to be that late (decision 013); dropping named keys stays immediate.
   */
  coalesceMs?: number;
};

/** A cache's size and lifetime (CACHES=off and the clock come from the registry). */
export type CacheSize = Pick<CacheOptions, 'ttlMs' | 'maxEntries' | 'weigh'>;

export type CacheRegistry = {
  /** False when CACHES=off: every cache then loads every time (benchmarks without caches). */
  readonly enabled: boolean;
  register<K>(
    name: string,
    cache: Droppable<K> & { stats?: () => CacheStats },
    options?: CacheFollowing<K>,
  ): void;
  /** A new cache of this app (off with CACHES=off), registered under `name`. */
  ttl<V>(name: string, size: CacheSize, options?: CacheFollowing<string>): TtlCache<V>;
  /** The same for a cache of many small values read together (see BatchTtlCache). */
  batch<K extends string | number, V>(
    name: string,
    size: CacheSize,
    options?: CacheFollowing<K>,
  ): BatchTtlCache<K, V>;
  /** Hits and misses per registered cache. */
  stats(): Record<string, CacheStats>;
  /** Forgets the drops a window still holds back (the app is closing). */
  close(): void;
  /**
   * Makes the drops a window still holds back now and ends the windows, so the next notification
   * drops at once: a test counting misses starts from a settled registry, not from a drop that an
   * earlier write left pending.
   */
  settle(): void;
};

export type ChangeFeed = {
  /** Whether notifications flow now (PGlite: always, once started). */
  isLive(): boolean;
  /** Calls `onMessage` with each payload sent on `channel`. */
  subscribe(channel: string, onMessage: (payload: string) => void): void;
  /** Called with true when the feed becomes live and false when it breaks. */
  onLiveChange(listener: (live: boolean) => void): void;
  /** Called before the subscribers of any channel, for every notification (read-replica fences). */
  onAnyNotification(listener: () => void): void;
  /**
   * Notifies `channel` with `payload` (empty: subscribers drop everything they keep) for every
   * process, AFTER the caller's transaction committed: for writers that tell their trigger not to
   * notify (see createPublisher). This process's subscribers get it at once, so its next read
   * already misses what changed; others a moment later. Returns at once.
   */
  publish(channel: string, payload?: string): void;
  /**
   * Declares that writers of this process announce `channel` after commit: when the process starts
   * it publishes `dropAll` there, so what an earlier process committed but did not live to announce
   * (a crash between the two) is dropped everywhere.
   */
  announcesAfterCommit(channel: string, dropAll: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
    caches: CacheRegistry;
  }
}

const RELISTEN_DELAY_MS = 1000;

/** The feed's state and its subscribers, independent of how notifications arrive (exported for tests). */
export function createFeedState() {
  const subscribers = new Map<string, Array<(payload: string) => void>>();
  const liveListeners: Array<(live: boolean) => void> = [];
  const anyListeners: Array<() => void> = [];
  let live = false;
  return {
    subscribers,
    isLive: () => live,
    setLive(next: boolean) {
      if (next === live) return;
      live = next;
      for (const listener of liveListeners) listener(next);
    },
    deliver(channel: string, payload: string) {
      for (const listener of anyListeners) listener();
      for (const onMessage of subscribers.get(channel) ?? []) onMessage(payload);
    },
    onLiveChange: (listener: (live: boolean) => void) => void liveListeners.push(listener),
    onAnyNotification: (listener: () => void) => void anyListeners.push(listener),
  };
}

/**
 * LISTEN on every subscribed channel over ONE dedicated node-postgres connection (a pooled one would
 * be handed to queries), reopened a second after it breaks. Connecting runs one attempt at a time.
 */
function postgresConnection(
  url: string,
  feed: ReturnType<typeof createFeedState>,
  onError: (error: Error) => void,
) {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let connecting: Promise<void> | undefined;

  const scheduleReconnect = () => {
    clearTimeout(retry);
    if (closed) return;
    retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
    retry.unref();
  };

  const open = async (): Promise<void> => {
    if (client || closed) return;
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => feed.deliver(msg.channel, msg.payload ?? ''));
    const broken = (error?: Error) => {
      if (client !== c) return;
      client = undefined;
      feed.setLive(false);
      if (error) onError(error);
      c.end().catch(() => undefined);
      scheduleReconnect();
    };
    c.on('error', broken);
    c.on('end', () => broken());
    client = c;
    try {
      await c.connect();
      for (const channel of feed.subscribers.keys())
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      broken(error as Error);
      return;
    }
    feed.setLive(true);
  };
  const connect = () => (connecting ??= open().finally(() => (connecting = undefined)));

  return {
    connect,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      feed.setLive(false);
      await c?.end().catch(() => undefined);
    },
  };
}

/**
 * At most one notification of a channel per this many ms: under a burst of status changes
 * (8 staff connections, ~700 a second) the feed sent one notification every other change, a
 * statement of its own each (a third of a change's statements) and a wake-up of every listening
 * process. The writing process has already dropped its own cache, so the others hear of a burst
 * up to this much later.
 */
export const NOTIFY_GAP_MS = 25;
const afterNotifyGap = () => new Promise<void>((resolve) => setTimeout(resolve, NOTIFY_GAP_MS));

/**
 * Notifications sent after commit, in a statement of their own whose commit does not wait for the
 * disk. NOTE: PostgreSQL serialises the commits of all transactions that NOTIFY (a lock held from
 * before the commit record is written until it is on disk), so a trigger's NOTIFY inside busy
 * writes queues every commit behind the previous one's flush: with 8 staff status changes at
 * once, about half of them were waiting on that lock at any moment, and placed orders committed
 * one flush at a time. A notification-only transaction may skip the flush (synchronous_commit off
 * for it alone): the change it announces is already durable, and a lost notification only costs a
 * cache entry its remaining time to live. The first publish is sent at once; what is published
 * while a statement is in flight and during the `gap` after it waits and goes out in ONE next
 * statement, each distinct channel and payload once.
 */
export function createPublisher(
  db: Pick<Database, 'execute'>,
  onError: (error: Error) => void,
  gap: () => Promise<void> = afterNotifyGap,
) {
  let waiting = new Map<string, Set<string>>();
  let inFlight: Promise<void> | undefined;
  const send = () => {
    const batch = JSON.stringify(
      [...waiting].flatMap(([channel, payloads]) => [...payloads].map((p) => [channel, p])),
    );
    waiting = new Map();
    inFlight = db
      .execute(
        sql`select set_config('synchronous_commit', 'off', true), pg_notify(n->>0, n->>1)
            from jsonb_array_elements(${batch}::jsonb) as n`,
      )
      .then(
        () => undefined,
        (error: Error) => onError(error),
      )
      .then(gap)
      .finally(() => {
        inFlight = undefined;
        if (waiting.size) send();
      });
  };
  return {
    publish(channel: string, payload: string) {
      const payloads = waiting.get(channel);
      if (payloads) payloads.add(payload);
      else waiting.set(channel, new Set([payload]));
      if (!inFlight) send();
    },
    /** Waits for the notifications in flight (before the database closes). */
    async settle() {
      while (inFlight) await inFlight;
    },
  };
}

export function createCacheRegistry(enabled: boolean, feed: ReturnType<typeof createFeedState>) {
  const registrations: Registration[] = [];
  const followed = new Set<string>();
  const drop = (channel: string, payload: string) => {
    for (const r of registrations) {
      if (r.channel !== channel) continue;
      const keys = r.keysFromPayload ? r.keysFromPayload(payload) : 'all';
      if (keys === 'all') r.clearAll();
      else for (const key of keys) r.cache.delete(key);
    }
  };
  // Whatever was cached may have missed changes while nobody listened: dropped at once.
  feed.onLiveChange(() => {
    for (const r of registrations)
      if (r.channel) {
        r.clearAll.cancel?.();
        r.cache.clear();
      }
  });
  const registry: CacheRegistry = {
    enabled,
    register(name, cache, options = {}) {
      if (registrations.some((r) => r.name === name))
        throw new Error(`A cache named ${name} is already registered`);
      const clear = () => cache.clear();
      registrations.push({
        name,
        cache: cache as Registration['cache'],
        channel: options.channel,
        keysFromPayload: options.keysFromPayload as Registration['keysFromPayload'],
        clearAll: options.coalesceMs
          ? throttle(clear, options.coalesceMs, { leading: true, trailing: true })
          : clear,
      });
      const channel = options.channel;
      if (channel && !followed.has(channel)) {
        followed.add(channel);
        const list = feed.subscribers.get(channel) ?? [];
        list.push((payload) => drop(channel, payload));
        feed.subscribers.set(channel, list);
      }
    },
    ttl<V>(name: string, size: CacheSize, options?: CacheFollowing<string>) {
      const cache = new TtlCache<V>({ ...size, enabled });
      registry.register(name, cache, options);
      return cache;
    },
    batch<K extends string | number, V>(
      name: string,
      size: CacheSize,
      options?: CacheFollowing<K>,
    ) {
      const cache = new BatchTtlCache<K, V>({ ...size, enabled });
      registry.register(name, cache, options);
      return cache;
    },
    close() {
      for (const r of registrations) r.clearAll.cancel?.();
    },
    settle() {
      for (const r of registrations) r.clearAll.flush?.();
    },
    stats() {
      return Object.fromEntries(
        registrations.map((r) => [r.name, r.cache.stats?.() ?? { hits: 0, misses: 0, size: 0 }]),
      );
    },
  };
  return registry;
}

/**
 * Decorates the app with `changeFeed` and `caches`. Modules subscribe and register while they are
 * registered; the LISTEN connection opens once the app is ready, so it listens on every channel.
 */
export const changeFeedPlugin = fp(
  async (app: FastifyInstance, opts: { handle: DatabaseHandle; cachesEnabled: boolean }) => {
    const feed = createFeedState();
    const publisher = createPublisher(opts.handle.db, (error) =>
      app.log.warn(`[change-feed] notification not sent: ${error.message}`),
    );
    app.addHook('onClose', () => publisher.settle());
    const startAnnouncements = new Map<string, string>();
    app.addHook('onReady', () => {
      for (const [channel, dropAll] of startAnnouncements) publisher.publish(channel, dropAll);
    });
    app.decorate('changeFeed', {
      publish(channel, payload = '') {
        feed.deliver(channel, payload);
        publisher.publish(channel, payload);
      },
      announcesAfterCommit(channel, dropAll) {
        startAnnouncements.set(channel, dropAll);
      },
      isLive: feed.isLive,
      subscribe(channel, onMessage) {
        const list = feed.subscribers.get(channel) ?? [];
        list.push(onMessage);
        feed.subscribers.set(channel, list);
      },
      onLiveChange: feed.onLiveChange,
      onAnyNotification: feed.onAnyNotification,
    } satisfies ChangeFeed);
    const caches = createCacheRegistry(opts.cachesEnabled, feed);
    app.decorate('caches', caches);
    app.addHook('onClose', async () => caches.close());

    const { handle } = opts;
    // Catalogue reads may use the replica only while the feed can tell them what changed.
    const router = handle.replica?.router;
    if (router) {
      feed.onAnyNotification(router.fence);
      feed.onLiveChange(router.setFeedLive);
    }
    if (handle.kind === 'postgres' && handle.url) {
      const connection = postgresConnection(handle.url, feed, (error) =>
        app.log.warn(`[change-feed] LISTEN connection lost: ${error.message}`),
      );
      app.addHook('onReady', () => connection.connect());
      app.addHook('onClose', () => connection.close());
    } else if (handle.pglite) {
      const pglite = handle.pglite;
      // In-process: notifications cannot be lost.
      const unlisten: Array<() => Promise<void>> = [];
      app.addHook('onReady', async () => {
        for (const channel of feed.subscribers.keys())
          unlisten.push(await pglite.listen(channel, (payload) => feed.deliver(channel, payload)));
        feed.setLive(true);
      });
      app.addHook('onClose', async () => {
        feed.setLive(false);
        await Promise.all(unlisten.map((u) => u()));
      });
    }
  },
  { name: 'change-feed' },
);
