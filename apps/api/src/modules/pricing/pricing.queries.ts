import { sql } from 'drizzle-orm';
import type {
  PriceAssignee,
  PriceEntry,
  PriceListCurrency,
  PriceTarget,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { intArray, textArray } from '../../db/array-params';
import { executeNamed } from '../../db/prepared';
import type { EntryTermsRow } from './price-lists.queries';
import { ruleOf, type KeptEntryRow } from './pricing.kept-lists';

/** Which entries a read asks for: those of these products, brands and categories. */
export type PriceEntryScope = {
  customerId: number;
  currency: PriceListCurrency;
  productIds: readonly number[];
  brands: readonly string[];
  categoryIds: readonly number[];
  /** The day (YYYY-MM-DD) the prices are for: entries out of date are left out. */
  day: string;
};

type EntryRow = EntryTermsRow & {
  list_id: number;
  list_name: string;
  assignee: PriceAssignee;
  product_id: number | null;
  brand: string | null;
  category_id: number | null;
};

function targetOf(row: EntryRow): PriceTarget {
  if (row.product_id !== null) return { kind: 'product', productId: row.product_id };
  if (row.brand !== null) return { kind: 'brand', brand: row.brand };
  return { kind: 'category', categoryId: Number(row.category_id) };
}

/**
 * The price list entries that apply to a customer for some products, in one statement: entries of
 * the active lists of the customer's currency given to the customer or to a group they belong to,
 * in date on the day, pricing one of the products, brands or categories asked. A list given both
 * ways counts as the customer's own (more specific, docs/decisions/038-customer-prices.md).
 * NOTE: per list, three index branches (0040's (product_id, list_id), (brand, list_id) and
 * (category_id, list_id)), each with both columns in its index condition: the one statement with an
 * OR of the three over the lists' entries read every entry of each list (~5,000) through the unique
 * index and ANDed it with a bitmap of every list's entries for the products (~1 ms at 1,000,000
 * entries); this reads ~170 buffers for a page of 25 products and 2 lists (~0.1 ms), and keeps that
 * plan when PostgreSQL settles on a generic one for the named statement.
 * NOTE: the given lists are read here, not passed in: with the list ids as an array parameter
 * (a per-customer cache of them was tried) PostgreSQL never took the generic plan (a custom plan
 * knowing the array's length always looked cheaper) and planned the statement on every call.
 */
export async function selectCustomerPriceEntries(
  tx: Tx,
  scope: PriceEntryScope,
): Promise<PriceEntry[]> {
  if (scope.productIds.length + scope.brands.length + scope.categoryIds.length === 0) return [];
  const columns = sql`e.id, e.list_id, e.product_id, e.brand, e.category_id, e.min_packs, e.kind,
           e.unit_cents, e.basis_points, e.starts_on, e.ends_on from price_list_entries e`;
  // NOTE: a named statement (one text per shape: the arrays are single parameters), planned once
  // per connection: planning took ~1 ms, several times its execution, on every priced page.
  const result = await executeNamed<EntryRow>(
    tx,
    sql`
    with mine as (
      select list_id, min(assignee) as assignee from (
        select a.list_id, 'customer' as assignee
          from price_list_assignments a where a.customer_id = ${scope.customerId}
        union all
        select a.list_id, 'group' as assignee
          from customer_group_members m join price_list_assignments a on a.group_id = m.group_id
         where m.customer_id = ${scope.customerId}
      ) given group by list_id
    )
    select e.list_id, l.name as list_name, mine.assignee, e.product_id, e.brand, e.category_id,
           e.min_packs, e.kind, e.unit_cents, e.basis_points, e.starts_on::text as starts_on, e.ends_on::text as ends_on
      from mine
      join price_lists l on l.id = mine.list_id and l.active and l.currency = ${scope.currency}
      cross join lateral (
        select ${columns} where e.list_id = l.id and e.product_id = any(${intArray(scope.productIds)}::int[])
        union all
        select ${columns} where e.list_id = l.id and e.brand = any(${textArray(scope.brands)}::text[])
        union all
        select ${columns} where e.list_id = l.id and e.category_id = any(${intArray(scope.categoryIds)}::int[])
      ) e
     where (e.starts_on is null or e.starts_on <= ${scope.day}::date)
       and (e.ends_on is null or e.ends_on >= ${scope.day}::date)
     order by e.id`,
  );
  return result.rows.map((row) => ({
    listId: Number(row.list_id),
    listName: row.list_name,
    assignee: row.assignee,
    target: targetOf(row),
    minPacks: Number(row.min_packs),
    rule: ruleOf(row),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
  }));
}

/** An active list given to a customer, directly or through a group, and how (the customer's own wins). */
export type GivenList = { listId: number; assignee: PriceAssignee; currency: PriceListCurrency };

/** The active lists given to the customer or to one of their groups, by list id. */
export async function selectGivenLists(tx: Tx, customerId: number): Promise<GivenList[]> {
  const result = await executeNamed<{
    list_id: number;
    assignee: PriceAssignee;
    currency: PriceListCurrency;
  }>(
    tx,
    sql`
    select given.list_id, min(given.assignee) as assignee, l.currency from (
      select a.list_id, 'customer' as assignee
        from price_list_assignments a where a.customer_id = ${customerId}
      union all
      select a.list_id, 'group' as assignee
        from customer_group_members m join price_list_assignments a on a.group_id = m.group_id
       where m.customer_id = ${customerId}
    ) given join price_lists l on l.id = given.list_id and l.active
    group by given.list_id, l.currency order by given.list_id`,
  );
  return result.rows.map((row) => ({
    listId: Number(row.list_id),
    assignee: row.assignee,
    currency: row.currency,
  }));
}

/** True when some active list is given to the customer or to one of their groups. */
export async function customerHasPriceLists(tx: Tx, customerId: number): Promise<boolean> {
  return (await selectGivenLists(tx, customerId)).length > 0;
}

/**
 * A list's name and entries for keeping (pricing.kept-lists.ts), all of them, or none and
 * `tooLarge` when it holds more than `maxEntries`: such a list is priced by statement.
 */
export async function selectListForKeeping(
  tx: Tx,
  listId: number,
  maxEntries: number,
): Promise<{ name: string; rows: KeptEntryRow[] } | { tooLarge: true } | null> {
  const list = await tx.execute<{ name: string }>(
    sql`select name from price_lists where id = ${listId}`,
  );
  const name = list.rows[0]?.name;
  if (name === undefined) return null;
  const { rows } = await tx.execute<KeptEntryRow>(sql`
    select product_id, brand, category_id, min_packs, kind, unit_cents, basis_points,
           starts_on::text as starts_on, ends_on::text as ends_on
      from price_list_entries where list_id = ${listId} limit ${maxEntries + 1}`);
  return rows.length > maxEntries ? { tooLarge: true } : { name, rows };
}
