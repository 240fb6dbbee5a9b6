import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';
import type { Config } from '../config';
import { systemResolver, type HostResolver } from '../lib/outbound-address';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    config: Config;
    /** The time rules run on (sign-in throttle); tests replace `now` to move time on. */
    clock: { now: () => Date };
    /** The DNS resolver outgoing calls to URLs staff give (webhooks) are checked with; tests replace `lookup`. */
    hostResolver: { lookup: HostResolver };
  }
}

/** Makes the database and configuration available to every module. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { handle: DatabaseHandle; config: Config }) => {
    app.decorate('db', opts.handle.db);
    app.decorate('dbHandle', opts.handle);
    app.decorate('config', opts.config);
    app.decorate('clock', { now: () => new Date() });
    app.decorate('hostResolver', { lookup: systemResolver });
  },
);
