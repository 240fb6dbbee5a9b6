import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PriceEntry, PriceListCurrency } from '@wholesale/contract';
import type { Database, Tx } from '../db/client';
import {
  customerGroupMembers,
  customerGroups,
  priceListAssignments,
  priceListEntries,
  priceLists,
} from '../db/schema';

/*
 * Price lists written straight into the tables, for tests of every path that shows or charges a
 * customer price (listings, search, detail, cart, orders, documents): no staff route is needed, and
 * the rows are exactly what a test states. Tests only; nothing in the app imports this file.
 */

/** One entry: exactly one target, and a fixed unit price (cents) or a share off (basis points). */
export type EntrySpec = (
  | { productId: number; brand?: never; categoryId?: never }
  | { brand: string; productId?: never; categoryId?: never }
  | { categoryId: number; productId?: never; brand?: never }
) &
  ({ unitCents: number; basisPoints?: never } | { basisPoints: number; unitCents?: never }) & {
    minPacks?: number;
    startsOn?: string | null;
    endsOn?: string | null;
  };

/** The fixture's row for an entry as the pricing engine states it. */
export function entrySpecOf(
  entry: Pick<PriceEntry, 'target' | 'rule' | 'minPacks' | 'startsOn' | 'endsOn'>,
): EntrySpec {
  const target =
    entry.target.kind === 'product'
      ? { productId: entry.target.productId }
      : entry.target.kind === 'brand'
        ? { brand: entry.target.brand }
        : { categoryId: entry.target.categoryId };
  const rule =
    entry.rule.kind === 'fixed'
      ? { unitCents: entry.rule.unitCents }
      : { basisPoints: entry.rule.basisPoints };
  const { minPacks, startsOn, endsOn } = entry;
  return { ...target, ...rule, minPacks, startsOn, endsOn };
}

export type PriceListSpec = {
  name: string;
  currency?: PriceListCurrency;
  active?: boolean;
  entries?: EntrySpec[];
  /** Customers (users.id) the list is given to by name. */
  customers?: number[];
  /** Customer groups (customer_groups.id) the list is given to. */
  groups?: number[];
};

/** Writes a price list with its entries and assignments in one transaction; returns its id. */
export async function insertPriceList(db: Database, spec: PriceListSpec): Promise<number> {
  return db.transaction(async (tx) => {
    const [list] = await tx
      .insert(priceLists)
      .values({ name: spec.name, currency: spec.currency ?? 'CAD', active: spec.active ?? true })
      .returning({ id: priceLists.id });
    await insertPriceEntries(tx, list.id, spec.entries ?? []);
    await assignPriceList(tx, list.id, spec);
    return list.id;
  });
}

/** Adds entries to an existing list. */
export async function insertPriceEntries(
  db: Tx,
  listId: number,
  entries: readonly EntrySpec[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(priceListEntries).values(
    entries.map((e) => ({
      listId,
      productId: e.productId ?? null,
      brand: e.brand ?? null,
      categoryId: e.categoryId ?? null,
      minPacks: e.minPacks ?? 1,
      kind: e.unitCents !== undefined ? ('fixed' as const) : ('percent_off' as const),
      unitCents: e.unitCents ?? null,
      basisPoints: e.basisPoints ?? null,
      startsOn: e.startsOn ?? null,
      endsOn: e.endsOn ?? null,
    })),
  );
}

/** Gives an existing list to more customers or groups. */
export async function assignPriceList(
  db: Tx,
  listId: number,
  to: Pick<PriceListSpec, 'customers' | 'groups'>,
): Promise<void> {
  const rows = [
    ...(to.customers ?? []).map((customerId) => ({ listId, customerId, groupId: null })),
    ...(to.groups ?? []).map((groupId) => ({ listId, customerId: null, groupId })),
  ];
  if (rows.length) await db.insert(priceListAssignments).values(rows);
}

/** Writes a customer group with these members; returns its id. */
export async function insertCustomerGroup(
  db: Tx,
  name: string,
  customerIds: number[] = [],
): Promise<number> {
  const [group] = await db
    .insert(customerGroups)
    .values({ name })
    .returning({ id: customerGroups.id });
  if (customerIds.length)
    await db
      .insert(customerGroupMembers)
      .values(customerIds.map((customerId) => ({ groupId: group.id, customerId })));
  return group.id;
}

/**
 * Resolves once the app has handled every price list change committed before the call. A marker
 * sent on ws_pricing after the caller's writes arrives after their notifications (one LISTEN
 * connection delivers in commit order), so when it is seen the kept lists they drop are dropped.
 */
export async function pricingFeedCaughtUp(app: FastifyInstance, db: Database): Promise<void> {
  const marker = `c:-${randomUUID()}`;
  const seen = new Promise<void>((resolve) =>
    app.changeFeed.subscribe('ws_pricing', (payload) => payload === marker && resolve()),
  );
  await db.execute(sql`select pg_notify('ws_pricing', ${marker})`);
  await seen;
}
