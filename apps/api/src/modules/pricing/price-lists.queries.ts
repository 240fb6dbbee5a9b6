import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PriceListCurrency } from '@wholesale/contract';
import { textArray } from '../../db/array-params';
import type { Tx } from '../../db/client';
import { priceListAssignments, priceListEntries, priceLists } from '../../db/schema';

/*
 * Queries of the price list screens and the ERP's upsert (price-lists.service.ts,
 * price-entries.upsert.ts). NOTE: entries name their target by id, staff by code: these queries read
 * products, brands, categories and customers to translate one into the other, read-only, as the
 * receivables queries read users; nothing here writes another module's table.
 */

/** `text` inside a LIKE pattern, its metacharacters escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type PriceListRow = typeof priceLists.$inferSelect;

/** Every list with its entry count, by name. */
export async function selectPriceListsWithCounts(tx: Tx) {
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    currency: PriceListCurrency;
    active: boolean;
    entries: number;
    created_at: string;
    updated_at: string;
  }>(sql`
    SELECT l.id, l.name, l.currency, l.active, l.created_at::text, l.updated_at::text,
      (SELECT count(*) FROM price_list_entries e WHERE e.list_id = l.id)::int AS entries
    FROM price_lists l ORDER BY lower(l.name), l.id`);
  return rows;
}

export type AssignmentRow = {
  id: number;
  list_id: number;
  customer_id: number | null;
  group_id: number | null;
  label: string;
};

/** Who each list (or `listId` only) is given to, with the customer's code and company or the group's name. */
export async function selectAssignments(tx: Tx, listId?: number) {
  const only = listId === undefined ? sql`` : sql`WHERE a.list_id = ${listId}`;
  const { rows } = await tx.execute<AssignmentRow>(sql`
    SELECT a.id, a.list_id, a.customer_id, a.group_id,
      coalesce(g.name, concat_ws(' — ', u.customer_code,
        coalesce(nullif(u.company_name, ''), nullif(u.owner_name, ''), u.email))) AS label
    FROM price_list_assignments a
    LEFT JOIN users u ON u.id = a.customer_id
    LEFT JOIN customer_groups g ON g.id = a.group_id
    ${only}
    ORDER BY a.group_id IS NULL, label, a.id`);
  return rows;
}

export async function selectPriceList(tx: Tx, id: number, forUpdate = false) {
  const query = tx.select().from(priceLists).where(eq(priceLists.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function countEntries(tx: Tx, listId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM price_list_entries WHERE list_id = ${listId}`,
  );
  return rows[0]?.n ?? 0;
}

/** What an entry's row says of its price: from how many packs, what price, and when. */
export type EntryTermsRow = {
  min_packs: number;
  kind: 'fixed' | 'percent_off';
  unit_cents: number | null;
  basis_points: number | null;
  starts_on: string | null;
  ends_on: string | null;
};

/** An entry with its target as staff name it: SKU, brand name or cat_code, and a label. */
export type EntryRow = EntryTermsRow & {
  id: number;
  target: 'product' | 'brand' | 'category';
  code: string;
  label: string | null;
};

const ENTRY_COLUMNS = sql`e.id,
  CASE WHEN e.product_id IS NOT NULL THEN 'product' WHEN e.brand IS NOT NULL THEN 'brand' ELSE 'category' END AS target,
  coalesce(p.product_id, e.brand, c.cat_code) AS code,
  coalesce((SELECT t.name FROM product_translations t WHERE t.product_id = p.id AND t.lang = 'en'),
    e.brand, c.name_en) AS label,
  e.min_packs, e.kind, e.unit_cents, e.basis_points, e.starts_on::text, e.ends_on::text`;
const ENTRY_FROM = sql`price_list_entries e
  LEFT JOIN products p ON p.id = e.product_id
  LEFT JOIN categories c ON c.id = e.category_id`;

/** One page of a list's entries (products, then brands, then categories, by code), `q` in the code. */
export async function selectEntriesPage(
  tx: Tx,
  listId: number,
  page: { q?: string; limit: number; offset: number },
) {
  const where: SQL[] = [sql`e.list_id = ${listId}`];
  if (page.q)
    where.push(sql`coalesce(p.product_id, e.brand, c.cat_code) ILIKE ${`%${escapeLike(page.q)}%`}`);
  const condition = sql.join(where, sql` AND `);
  const [{ rows }, counted] = await Promise.all([
    tx.execute<EntryRow>(sql`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE ${condition}
      ORDER BY target DESC, code, e.min_packs, e.starts_on NULLS FIRST, e.id
      LIMIT ${page.limit} OFFSET ${page.offset}`),
    tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${ENTRY_FROM} WHERE ${condition}`),
  ]);
  return { rows, total: counted.rows[0]?.n ?? 0 };
}

export async function selectEntry(tx: Tx, listId: number, entryId: number) {
  const { rows } = await tx.execute<EntryRow>(
    sql`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE e.list_id = ${listId} AND e.id = ${entryId}`,
  );
  return rows[0] ?? null;
}

/** Every entry of a list in the file's order (the export), `limit` at a time after `afterId`. */
export async function selectEntriesAfter(tx: Tx, listId: number, afterId: number, limit: number) {
  const { rows } = await tx.execute<EntryRow>(sql`SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM}
    WHERE e.list_id = ${listId} AND e.id > ${afterId} ORDER BY e.id LIMIT ${limit}`);
  return rows;
}

export async function deleteEntry(tx: Tx, listId: number, entryId: number): Promise<boolean> {
  const deleted = await tx
    .delete(priceListEntries)
    .where(and(eq(priceListEntries.listId, listId), eq(priceListEntries.id, entryId)))
    .returning({ id: priceListEntries.id });
  return deleted.length > 0;
}

// --- Targets by code --------------------------------------------------------------------------

/** products.id by SKU, for the SKUs that exist. */
export async function productIdsBySku(tx: Tx, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const { rows } = await tx.execute<{ sku: string; id: number }>(sql`
    SELECT p.product_id AS sku, p.id FROM products p
    WHERE p.product_id = any(${textArray(skus)}::text[])`);
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/**
 * Every brand name an entry may name, by what staff may type: the brand table's names and codes
 * (case-insensitive), and any brand a product carries that the table lacks (products.brand is free
 * text, docs/decisions/033). Keys are upper case; values the name products carry.
 */
export async function brandNamesByKey(tx: Tx): Promise<Map<string, string>> {
  const { rows } = await tx.execute<{ key: string; name: string }>(sql`
    SELECT upper(code) AS key, name, 1 AS rank FROM brands
    UNION ALL SELECT upper(name), name, 2 FROM brands
    UNION ALL SELECT DISTINCT upper(brand), brand, 3 FROM products
      WHERE brand IS NOT NULL AND brand <> '' AND upper(brand) NOT IN (SELECT upper(name) FROM brands)
    ORDER BY rank, key, name`);
  const byKey = new Map<string, string>();
  // A brand's code wins over another brand's name spelt the same (the first row of a key is kept).
  for (const row of rows) if (!byKey.has(row.key)) byKey.set(row.key, row.name);
  return byKey;
}

/** categories.id by cat_code (upper case). */
export async function categoryIdsByCode(tx: Tx): Promise<Map<string, number>> {
  const { rows } = await tx.execute<{ code: string; id: number }>(
    sql`SELECT upper(cat_code) AS code, id FROM categories WHERE cat_code IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.code, r.id]));
}

// --- Assignments --------------------------------------------------------------------------------

export async function insertAssignment(
  tx: Tx,
  listId: number,
  assignee: { customerId: number } | { groupId: number },
) {
  const [row] = await tx
    .insert(priceListAssignments)
    .values({
      listId,
      customerId: 'customerId' in assignee ? assignee.customerId : null,
      groupId: 'groupId' in assignee ? assignee.groupId : null,
    })
    .onConflictDoNothing()
    .returning({ id: priceListAssignments.id });
  return row ?? null;
}

export async function deleteAssignment(tx: Tx, listId: number, assignmentId: number) {
  const [row] = await tx
    .delete(priceListAssignments)
    .where(and(eq(priceListAssignments.listId, listId), eq(priceListAssignments.id, assignmentId)))
    .returning();
  return row ?? null;
}

/** A customer by code (trimmed, any case), with what the screens show of them. */
export async function selectCustomerByCode(tx: Tx, code: string) {
  const { rows } = await tx.execute<PricingCustomerRow>(sql`${CUSTOMER_SELECT}
    WHERE u.role = 'customer' AND upper(u.customer_code) = upper(${code.trim()}) LIMIT 1`);
  return rows[0] ?? null;
}

export type PricingCustomerRow = {
  id: number;
  customer_code: string | null;
  company_name: string | null;
  owner_name: string | null;
  email: string;
  country: string;
};
export const CUSTOMER_SELECT = sql`SELECT u.id, u.customer_code, u.company_name, u.owner_name, u.email,
  u.country FROM users u`;

/** Customers whose code, company, owner or e-mail holds `q`: codes that start with it first. */
export async function searchCustomers(tx: Tx, q: string, limit = 20) {
  const like = `%${escapeLike(q.trim())}%`;
  const { rows } = await tx.execute<PricingCustomerRow>(sql`${CUSTOMER_SELECT}
    WHERE u.role = 'customer' AND (u.customer_code ILIKE ${like} OR u.company_name ILIKE ${like}
      OR u.owner_name ILIKE ${like} OR u.email ILIKE ${like})
    ORDER BY (upper(u.customer_code) LIKE upper(${`${escapeLike(q.trim())}%`})) DESC,
      u.customer_code NULLS LAST, u.id
    LIMIT ${limit}`);
  return rows;
}
