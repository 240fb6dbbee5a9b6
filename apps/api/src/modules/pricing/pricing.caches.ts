import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { shopToday, type Country, type CustomerPrice, type PricedProduct } from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import type { TtlCache } from '../../lib/ttl-cache';
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
 * Whether the customer has an active price list, given by name or through a group: one small
 * indexed statement (price_list_assignments and customer_group_members by customer).
 */
async function selectHasPriceLists(tx: Tx, customerId: number): Promise<boolean> {
  const result = await tx.execute<{ has: boolean }>(sql`
    select exists (
      select 1
        from price_list_assignments a
        join price_lists l on l.id = a.list_id and l.active
       where a.customer_id = ${customerId}
          or a.group_id in (select m.group_id from customer_group_members m where m.customer_id = ${customerId})
    ) as has`);
  return result.rows[0]?.has === true;
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

/** Whether the customer has any active price list (cached per customer while the feed is live). */
export function customerHasPriceLists(pricing: PricingCaches, customerId: number): Promise<boolean> {
  const read = () => selectHasPriceLists(pricing.db, customerId);
  return pricing.hasLists.followed ? pricing.hasLists.get(String(customerId), read) : read();
}

/**
 * The customer's prices of these products (one statement for their entries), or null when the
 * customer has no price list at all: the catalogue's own prices are then theirs, and nothing is
 * asked of the database. What listings, search and product pages overlay on their shared answers.
 */
export async function pricesForCustomer(
  pricing: PricingCaches,
  customer: { customerId: number; country: Country },
  products: PricedProduct[],
  day: string,
): Promise<Map<number, CustomerPrice> | null> {
  if (!(await customerHasPriceLists(pricing, customer.customerId))) return null;
  return customerPrices(pricing.db, customer, products, day);
}

/**
 * What the catalogue asks for the caller's own prices (its Viewer.customerPrices): for a signed-in
 * customer their prices on the shop's day, none for guests and staff.
 */
export function customerPricesOf(
  pricing: PricingCaches,
  user: { id: number; role: 'customer' | 'staff'; country: Country } | null,
  now: () => Date,
): ((products: PricedProduct[]) => Promise<Map<number, CustomerPrice> | null>) | undefined {
  if (!user || user.role !== 'customer') return undefined;
  const customer = { customerId: user.id, country: user.country };
  return (products) => pricesForCustomer(pricing, customer, products, shopToday(now()));
}
