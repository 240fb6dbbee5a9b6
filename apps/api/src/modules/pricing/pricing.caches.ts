import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  currencyOfCountry,
  priceFor,
  shopToday,
  type Country,
  type CustomerPrice,
  type PricedProduct,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { TtlCache } from '../../lib/ttl-cache';
import type { CacheSize } from '../../plugins/change-feed';
import { dayNumber, keepList, keptEntriesFor, type KeptList } from './pricing.kept-lists';
import { selectGivenLists, selectListForKeeping, type GivenList } from './pricing.queries';
import { customerPrices, type PricedCustomer } from './pricing.service';

/**
 * Price list changes (migrations 0042, 0048): 'c:' customer ids whose given lists changed, 'l:' list
 * ids turned on or off, given another currency or deleted, 'e:' list ids whose entries or name
 * changed; '*' for all of a kind.
 */
export const PRICING_CHANNEL = 'ws_pricing';

/**
 * Backstop only: while the change feed is live what is kept is dropped at the commit of any change
 * to what it was read from; while it is not, nothing is kept at all.
 */
const KEPT_MS = 10 * 60_000;
/** A few list ids per customer: a few MB for every customer of a large store. */
const GIVEN_MAX = 200_000;
/**
 * Entries kept across all lists (~25 bytes each: ~50 MB), the least recently used lists going
 * first; a list larger than PER_LIST_MAX is not kept (its customers are priced by statement).
 */
const KEPT_ENTRIES_MAX = 2_000_000;
const PER_LIST_MAX = 500_000;

/** The customers whose given lists a ws_pricing notification drops: those it names, none, or all. */
export function customersFromPayload(payload: string): string[] | 'all' {
  const [kind, list] = payload.split(':', 2);
  if (kind === 'e') return [];
  if (kind !== 'c' || !list || list === '*') return 'all';
  return list.split(',');
}

/** The kept lists a ws_pricing notification drops: the lists it names, none (customers), or all. */
export function listsFromPayload(payload: string): string[] | 'all' {
  const [kind, list] = payload.split(':', 2);
  if (kind === 'c') return [];
  if (!list || list === '*') return 'all';
  return list.split(',');
}

type KeptOrNot = KeptList | { tooLarge: true } | null;

/**
 * The pricing module's caches of one app (docs/conventions.md #12), so that a priced page costs
 * lookups in memory and no statement (docs/decisions/041-kept-price-lists.md): the lists given to
 * each customer (none for most: a customer without a list costs the catalogue one Map lookup), and
 * each list's entries. Keyed by customer and by list, never by what another customer sees.
 */
export type PricingCaches = {
  db: Database;
  /** Given lists by customer id. */
  given: TtlCache<GivenList[]>;
  /** Kept lists by list id. */
  lists: TtlCache<KeptOrNot>;
  /** Whether the change feed is live: the caches are trusted only then. */
  followed: boolean;
  /** A list holding more entries than this is not kept: its customers are priced by statement. */
  perListMax: number;
  /** The shop's day of the last minute asked, and its dayNumber (see shopDayAt). */
  day: { minute: number; day: string; dayNo: number };
};

declare module 'fastify' {
  interface FastifyInstance {
    pricing: PricingCaches;
  }
}

/**
 * A cache of the pricing module, registered with the ws_pricing channel. NOTE: on whatever CACHES
 * says (decision 043): it holds rows of the price-list tables kept fresh by the feed, as the search
 * index holds the search documents, not answers; KEPT_PRICE_LISTS=off turns it off.
 */
function keptByFeed<V>(
  app: FastifyInstance,
  name: string,
  size: CacheSize,
  keysFromPayload: (payload: string) => string[] | 'all',
): TtlCache<V> {
  const cache = new TtlCache<V>({ ...size, enabled: app.config.keptPriceListsEnabled });
  app.caches.register(name, cache, { channel: PRICING_CHANNEL, keysFromPayload });
  return cache;
}

/** Decorates the app with `pricing`, its caches registered with the ws_pricing channel. */
export const pricingPlugin = fp(
  async (app: FastifyInstance) => {
    const given = keptByFeed<GivenList[]>(
      app,
      'pricing.given-lists',
      { ttlMs: KEPT_MS, maxEntries: GIVEN_MAX },
      customersFromPayload,
    );
    const lists = keptByFeed<KeptOrNot>(
      app,
      'pricing.kept-lists',
      {
        ttlMs: KEPT_MS,
        maxEntries: 10_000,
        weigh: {
          maxSize: KEPT_ENTRIES_MAX,
          sizeOf: (kept: KeptOrNot) => (kept && 'size' in kept ? kept.size : 1),
        },
      },
      listsFromPayload,
    );
    const pricing: PricingCaches = {
      db: app.db,
      given,
      lists,
      followed: false,
      perListMax: PER_LIST_MAX,
      day: { minute: Number.NaN, day: '', dayNo: Number.NaN },
    };
    if (app.config.keptPriceListsEnabled)
      app.changeFeed.onLiveChange((live) => (pricing.followed = live));
    app.decorate('pricing', pricing);
  },
  { name: 'pricing', dependencies: ['change-feed'] },
);

/**
 * The lists given to the customer (kept per customer while the feed is live). `tx`: the caller's
 * transaction, to read in on a miss (a read on the app's database beside an open transaction waits
 * for it on PGlite's one connection).
 */
function givenListsKept(
  pricing: PricingCaches,
  customerId: number,
  tx: Tx = pricing.db,
): Promise<GivenList[]> {
  const read = () => selectGivenLists(tx, customerId);
  return pricing.followed ? pricing.given.get(String(customerId), read) : read();
}

/**
 * Whether the customer has any active price list, of any currency (kept while the feed is live):
 * at once when kept (no promise on most pages).
 */
function hasPriceListsKept(
  pricing: PricingCaches,
  customerId: number,
  tx: Tx = pricing.db,
): boolean | Promise<boolean> {
  const kept = pricing.followed ? pricing.given.kept(String(customerId)) : undefined;
  if (kept) return kept.length > 0;
  return givenListsKept(pricing, customerId, tx).then((given) => given.length > 0);
}

type KeptGiven = Array<{ kept: KeptList; assignee: GivenList['assignee'] }>;

/**
 * The customer's lists of their currency as kept, at once (no promise): undefined when the given
 * lists or one of the lists is not kept now (pricesReadingLists reads them), or a list is too large
 * to keep.
 */
function keptListsNow(pricing: PricingCaches, customer: PricedCustomer): KeptGiven | undefined {
  if (!pricing.followed) return undefined;
  const given = pricing.given.kept(String(customer.customerId));
  if (given === undefined) return undefined;
  const currency = currencyOfCountry(customer.country);
  const lists: KeptGiven = [];
  for (const { listId, assignee, currency: listCurrency } of given) {
    if (listCurrency !== currency) continue;
    const kept = pricing.lists.kept(String(listId));
    if (kept === undefined || (kept !== null && 'tooLarge' in kept)) return undefined;
    if (kept !== null) lists.push({ kept, assignee });
  }
  return lists;
}

/** Each product's price from the lists kept (the same answer as customerPrices' statement). */
function pricesFromKept(
  pricing: PricingCaches,
  lists: KeptGiven,
  products: readonly PricedProduct[],
  day: string,
  packs?: readonly number[],
): Map<number, CustomerPrice> {
  const dayNo = day === pricing.day.day ? pricing.day.dayNo : dayNumber(day);
  const prices = new Map<number, CustomerPrice>();
  for (let i = 0; i < products.length; i += 1) {
    const product = products[i] as PricedProduct;
    const entries = keptEntriesFor(lists, product, day, dayNo);
    prices.set(product.id, priceFor(product, entries, packs?.[i] ?? 1, day));
  }
  return prices;
}

/**
 * Each product's price for the customer on `day`, from the kept lists while the change feed is
 * live: the same answer as customerPrices' statement (a property test holds them to it), without
 * the statement, and at once when every list is kept (no promise on most pages). Read by statement
 * when the feed is not live or a list is too large to keep.
 */
export function customerPricesKept(
  pricing: PricingCaches,
  customer: PricedCustomer,
  products: readonly PricedProduct[],
  day: string,
  packs?: readonly number[],
  tx: Tx = pricing.db,
): Map<number, CustomerPrice> | Promise<Map<number, CustomerPrice>> {
  if (!pricing.followed || products.length === 0)
    return customerPrices(tx, customer, products, day, packs);
  const now = keptListsNow(pricing, customer);
  if (now) return pricesFromKept(pricing, now, products, day, packs);
  return pricesReadingLists(pricing, customer, products, day, packs, tx);
}

/** customerPricesKept when a list is not kept yet: reads what is missing, keeps it, prices. */
async function pricesReadingLists(
  pricing: PricingCaches,
  customer: PricedCustomer,
  products: readonly PricedProduct[],
  day: string,
  packs: readonly number[] | undefined,
  tx: Tx,
): Promise<Map<number, CustomerPrice>> {
  const currency = currencyOfCountry(customer.country);
  const given = (await givenListsKept(pricing, customer.customerId, tx)).filter(
    (g) => g.currency === currency,
  );
  const lists: KeptGiven = [];
  for (const { listId, assignee } of given) {
    const kept = await pricing.lists.get(String(listId), () =>
      readListToKeep(tx, listId, pricing.perListMax),
    );
    if (kept === null) continue;
    if ('tooLarge' in kept) return customerPrices(tx, customer, products, day, packs);
    lists.push({ kept, assignee });
  }
  return pricesFromKept(pricing, lists, products, day, packs);
}

async function readListToKeep(tx: Tx, listId: number, perListMax: number): Promise<KeptOrNot> {
  const read = await selectListForKeeping(tx, listId, perListMax);
  if (read === null || 'tooLarge' in read) return read;
  return keepList(listId, read.name, read.rows);
}

/**
 * shopToday, worked out once a minute: the shop's day changes on a whole minute (its time zone is
 * whole hours off UTC), and formatting it was as costly as pricing a product page (so was parsing
 * it again into the kept lists' day number on every page).
 */
export function shopDayAt(pricing: PricingCaches, now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (pricing.day.minute !== minute) {
    const day = shopToday(now);
    pricing.day = { minute, day, dayNo: dayNumber(day) };
  }
  return pricing.day.day;
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
      hasLists: () => boolean | Promise<boolean>;
      prices: (
        products: PricedProduct[],
      ) => Map<number, CustomerPrice> | Promise<Map<number, CustomerPrice>>;
    }
  | undefined {
  if (!user || user.role !== 'customer') return undefined;
  const customer = { customerId: user.id, country: user.country };
  return {
    hasLists: () => hasPriceListsKept(pricing, user.id),
    prices: (products) =>
      customerPricesKept(pricing, customer, products, shopDayAt(pricing, now())),
  };
}
