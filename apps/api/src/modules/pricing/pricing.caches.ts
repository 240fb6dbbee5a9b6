import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  shopToday,
  type Country,
  type CustomerPrice,
  type PricedProduct,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import type { TtlCache } from '../../lib/ttl-cache';
import { customerHasPriceLists } from './pricing.queries';
import { customerPrices } from './pricing.service';

/** Who has a price list changed (migration 0042): 'c:' customer ids, 'l:' list ids, '*' for all. */
export const PRICING_CHANNEL = 'ws_pricing';

/**
 * Backstop only: while the change feed is live an answer is dropped at the commit of any change to
 * the customer's assignments, groups or lists; while it is not, the answer is not kept at all.
 */
const HAS_LISTS_MS = 10 * 60_000;
/** A boolean per customer: a few MB for every customer of a large store. */
const HAS_LISTS_MAX = 200_000;

/** The has-lists keys a ws_pricing notification drops: the customers it names, else all. */
export function customersFromPayload(payload: string): string[] | 'all' {
  const [kind, list] = payload.split(':', 2);
  if (kind !== 'c' || !list || list === '*') return 'all';
  return list.split(',');
}

/**
 * The pricing module's caches of one app (docs/conventions.md #12): whether each customer has a
 * price list, so that a customer without one (most of them) costs the catalogue a lookup in a Map
 * and no statement. Keyed by customer id, never shared between customers.
 */
export type PricingCaches = {
  db: Database;
  /** Has-lists answers by customer id; trusted only while `followed` (the change feed is live). */
  hasLists: TtlCache<boolean> & { followed: boolean };
};

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PricingCaches;
  }
}

/** Decorates the app with `pricing`, its has-lists cache registered with the ws_pricing channel. */
export const pricingPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = app.caches.ttl<boolean>(
      'pricing.has-lists',
      { ttlMs: HAS_LISTS_MS, maxEntries: HAS_LISTS_MAX },
      { channel: PRICING_CHANNEL, keysFromPayload: customersFromPayload },
    );
    const hasLists = Object.assign(cache, { followed: false });
    if (app.caches.enabled) app.changeFeed.onLiveChange((live) => (hasLists.followed = live));
    app.decorate('pricing', { db: app.db, hasLists } satisfies PricingCaches);
  },
  { name: 'pricing', dependencies: ['change-feed'] },
);

/**
 * Whether the customer has any active price list (kept per customer while the feed is live). `tx`:
 * the caller's transaction, to read in on a miss (a read on the app's database beside an open
 * transaction waits for it on PGlite's one connection).
 */
export function hasPriceListsKept(
  pricing: PricingCaches,
  customerId: number,
  tx: Tx = pricing.db,
): Promise<boolean> {
  const read = () => customerHasPriceLists(tx, customerId);
  return pricing.hasLists.followed ? pricing.hasLists.get(String(customerId), read) : read();
}

/**
 * What the catalogue asks for the caller's own prices (its Viewer.customerPrices): for a signed-in
 * customer, whether they have a list (kept per customer), then their prices for one pack on the
 * shop's day; none for guests and staff.
 */
export function customerPricesOf(
  pricing: PricingCaches,
  user: { id: number; role: 'customer' | 'staff'; country: Country } | null,
  now: () => Date,
):
  | {
      hasLists: () => Promise<boolean>;
      prices: (products: PricedProduct[]) => Promise<Map<number, CustomerPrice>>;
    }
  | undefined {
  if (!user || user.role !== 'customer') return undefined;
  const customer = { customerId: user.id, country: user.country };
  return {
    hasLists: () => hasPriceListsKept(pricing, user.id),
    prices: (products) => customerPrices(pricing.db, customer, products, shopToday(now())),
  };
}
