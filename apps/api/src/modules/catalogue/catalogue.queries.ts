import { asc, sql, type SQL } from 'drizzle-orm';
import { SPECIAL_CLASS_CODES, type Country, type Lang } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { executeNamed, prepared } from '../../db/prepared';
import {
  categories,
  classCodes,
  productPrices,
  products,
  productTranslations,
} from '../../db/schema';
import { intArray, parseIntArrayText, textArray } from '../../db/array-params';

/**
 * Runs a read as a named prepared statement, so PostgreSQL plans each distinct catalogue query once
 * per connection instead of on every request (planning these joins costs more than executing them).
 */
const run = executeNamed;

export type CategoryRow = typeof categories.$inferSelect;
export type ClassCodeRow = typeof classCodes.$inferSelect;

/** Every category, ordered for display. The tree has three levels, so one read is enough. */
export function selectAllCategories(tx: Tx): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.nameEn));
}

/** Counts of special-class products (F, R, Y, N) per top-level category, for one country. */
export async function selectSpecialClassCounts(
  tx: Tx,
  country: Country,
): Promise<Array<{ rootId: number; classCode: string; count: number }>> {
  const result = await run<{ root_id: number; class_code: string; count: string }>(
    tx,
    sql`
    with recursive tree as (
      select id, id as root_id from categories where parent_id is null
      union all
      select c.id, t.root_id from categories c join tree t on c.parent_id = t.id
    )
    select tree.root_id, p.class_code, count(*) as count
    from products p
    join tree on tree.id = p.category_id
    join product_prices pp on pp.product_id = p.id and pp.country = ${country}
    where p.active and p.class_code in ${[...SPECIAL_CLASS_CODES]}
    group by tree.root_id, p.class_code`,
  );
  return result.rows.map((r) => ({
    rootId: Number(r.root_id),
    classCode: r.class_code,
    count: Number(r.count),
  }));
}

export function selectClassCodes(tx: Tx): Promise<ClassCodeRow[]> {
  return tx.select().from(classCodes).orderBy(asc(classCodes.code));
}

/** A product card as read from the database: product, translation in one language, one country's price row. */
export type CardRow = {
  id: number;
  product_id: string;
  class_code: string;
  ship_pack: number;
  brand: string | null;
  /** The product's category: the pricing engine matches category entries by it and its parents. */
  category_id: number;
  colour: string | null;
  type: string | null;
  size: string | null;
  content_types: string;
  name: string | null;
  retail_price_cents: number;
  selling_price_cents: number;
  selling_price_2_cents: number | null;
  available: number;
};

/** Listing filters as the queries see them (values already split and trimmed). */
export type ListingScope = {
  country: Country;
  /** Category ids (a category and its descendants); null means the whole catalogue. */
  categoryIds: number[] | null;
  classCodes: string[];
  brand: string[];
  colour: string[];
  type: string[];
  size: string[];
};

// NOTE: the language is always one of LANGS (validated by LangParam), so it is safe to inline; a literal
// lets the planner pick the per-language partial indexes of migration 0002.
function langLiteral(lang: Lang): SQL {
  return sql.raw(`'${lang === 'fr' ? 'fr' : lang === 'es' ? 'es' : 'en'}'`);
}

/** The columns of a card, given `p` (products), `pp` (prices) and `t` (translation, left-joined). */
function cardColumns(): SQL {
  return sql`p.id, p.product_id, p.class_code, p.ship_pack, p.brand, p.category_id, p.colour, p.type, p.size, p.content_types,
    coalesce(t.name, (select te.name from product_translations te where te.product_id = p.id and te.lang = 'en')) as name,
    pp.retail_price_cents, pp.selling_price_cents, pp.selling_price_2_cents, pp.available`;
}

/** `p.sold_ca` / `p.sold_us`: maintained by triggers on product_prices (migration 0006). */
function soldIn(country: Country): SQL {
  return sql.raw(country === 'us' ? 'p.sold_us' : 'p.sold_ca');
}

function scopeWhere(scope: ListingScope): SQL {
  // NOTE: `active and sold_xx` is the predicate of the partial listing indexes (migration 0006).
  const parts: SQL[] = [sql`p.active and ${soldIn(scope.country)}`];
  if (scope.categoryIds)
    parts.push(sql`p.category_id = any(${intArray(scope.categoryIds)}::int[])`);
  // NOTE: one value is compared with `=`, not `= any(...)`: PostgreSQL 15 keeps the index order of
  // (category_id, brand, product_id) only when at most the leading column uses an array.
  const oneOf = (column: string, values: string[]) => {
    if (!values.length) return;
    const col = sql.raw(column);
    parts.push(
      values.length === 1
        ? sql`${col} = ${values[0]}`
        : sql`${col} = any(${textArray(values)}::text[])`,
    );
  };
  oneOf('p.class_code', scope.classCodes);
  oneOf('p.brand', scope.brand);
  oneOf('p.colour', scope.colour);
  oneOf('p.type', scope.type);
  oneOf('p.size', scope.size);
  return sql.join(parts, sql` and `);
}

/**
 * Every product id of a listing in display order (category, then SKU), in one index-only scan of
 * the partial (category_id, [brand,] product_id) INCLUDE (id) index of the country: the service
 * caches the list per scope, and a page is then a slice of it whose cards come from the card
 * cache (shared by every page, size, filter and category that shows the product).
 * NOTE: the ids are aggregated from an ordered subquery, not with `array_agg(id order by …)`:
 * that form sorts every row again (and spills to disk for the whole catalogue), while the scan
 * already reads them in order and a plain aggregate keeps it. The array comes back as text, read
 * by parseIntArrayText (node-postgres's array parser cost more than the statement).
 */
export async function selectListingIds(tx: Tx, scope: ListingScope): Promise<Int32Array> {
  const result = await run<{ ids: string | null }>(
    tx,
    sql`
    select array_agg(s.id)::text as ids from (
      select p.id
        from products p
       where ${scopeWhere(scope)}
       order by p.category_id, p.product_id
    ) s`,
  );
  return parseIntArrayText(result.rows[0]?.ids ?? null);
}

/**
 * The ids of a listing scope per category of `scope.categoryIds`, each in display order (SKU), in
 * the same scan as selectListingIds: the service puts a category and its descendants together from
 * these, so a top-level category's listing reuses what its sub-categories' listings read. A
 * category without products in the scope is left out.
 * NOTE: grouped over the ordered subquery, not aggregated with `order by`: each group keeps the
 * order the index scan reads (see selectListingIds).
 */
export async function selectListingIdsByCategory(
  tx: Tx,
  scope: ListingScope,
): Promise<Map<number, Int32Array>> {
  const result = await run<{ category_id: number; ids: string }>(
    tx,
    sql`
    select s.category_id, array_agg(s.id)::text as ids from (
      select p.category_id, p.id
        from products p
       where ${scopeWhere(scope)}
       order by p.category_id, p.product_id
    ) s
    group by s.category_id`,
  );
  return new Map(result.rows.map((r) => [Number(r.category_id), parseIntArrayText(r.ids)]));
}

/**
 * Cards by id, one named statement per language, built once: every search and suggestion reads
 * its page this way, so neither Drizzle nor PostgreSQL builds or plans it per request.
 */
function cardsByIdsStatement(lang: Lang) {
  return prepared<CardRow & { ord: number }, { ids: string; country: Country }>(
    `catalogue_cards_by_ids_${lang}`,
    sql`
    select ${cardColumns()}, ids.ord
    from unnest(${sql.placeholder('ids')}::int[]) with ordinality as ids(id, ord)
    join products p on p.id = ids.id and p.active
    join product_prices pp on pp.product_id = p.id and pp.country = ${sql.placeholder('country')}
    left join product_translations t on t.product_id = p.id and t.lang = ${langLiteral(lang)}
    order by ids.ord`,
  );
}
const cardsByIds = {
  en: cardsByIdsStatement('en'),
  fr: cardsByIdsStatement('fr'),
  es: cardsByIdsStatement('es'),
} as const;

/** Cards by numeric id, sold in the country, in the order of `ids`. */
export async function selectCardsByIds(
  tx: Tx,
  ids: number[],
  country: Country,
  lang: Lang,
): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return (cardsByIds[lang] ?? cardsByIds.en)(tx, { ids: intArray(ids), country });
}

export type DetailRow = CardRow & {
  barcode: string | null;
  description: string | null;
  /** The product's pictures in order (migration 0021). */
  image_ids: number[] | null;
};

/**
 * One product by its SKU code, in one country and language, with its related products as cards
 * (null and no related products when it is not sold there): other members of the product's groups
 * first (by position), then its category (by SKU); active and sold in the country; at most
 * RELATED_LIMIT. One statement: a detail miss is one round trip and one statement in PostgreSQL
 * (the related cards come back as a JSON array, whose values parse to what a row's would).
 * NOTE: the category's first rows are taken before they are numbered, with the category as a
 * scalar: an index-only scan of the country's listing index that stops after RELATED_LIMIT rows.
 * Numbered first (or joined to `me`), every product of the category was read from the heap and
 * sorted (~900 buffers for a 1,000-product category), most of a detail miss's database time.
 */
export async function selectProductDetail(
  tx: Tx,
  productId: string,
  country: Country,
  lang: Lang,
): Promise<{ detail: DetailRow | null; related: CardRow[] }> {
  const statement = (productDetails[country] ?? productDetails.ca)[lang] ?? productDetails.ca.en;
  const [row] = await statement(tx, { productId });
  if (!row) return { detail: null, related: [] };
  const { related, ...detail } = row;
  return { detail, related: related ?? [] };
}

/** At most this many related products on a detail. */
const RELATED_LIMIT = 10;

/**
 * The detail statement of one country and language, built once (a named statement, as the cards'):
 * Drizzle built its text, and the driver hashed it for a name, on every detail miss.
 * NOTE: the related limit is written into the text, not a parameter: with `limit $2` the generic
 * plan's estimate (a tenth of the rows) never beat a custom plan's, so PostgreSQL planned the
 * statement on every execution (~1 ms at a million products, three times its execution).
 */
function productDetailStatement(country: Country, lang: Lang) {
  const productId = sql.placeholder('productId');
  const relatedLimit = sql.raw(String(RELATED_LIMIT));
  const countryLiteral = sql.raw(country === 'us' ? "'us'" : "'ca'");
  return prepared<DetailRow & { related: CardRow[] | null }, { productId: string }>(
    `catalogue_product_detail_${country}_${lang}`,
    sql`
    with me as (select id, category_id from products where product_id = ${productId}),
    candidates as (
      (select gi2.product_id as id, 0 as rank, gi2.position as pos
         from me
         join product_group_items gi on gi.product_id = me.id
         join product_group_items gi2 on gi2.group_id = gi.group_id and gi2.product_id <> me.id
         join products p on p.id = gi2.product_id and p.active and ${soldIn(country)}
        order by gi2.position
        limit ${relatedLimit})
      union all
      (select c.id, 1, row_number() over (order by c.product_id)
         from (select p.id, p.product_id
                 from products p
                where p.category_id = (select category_id from me) and p.active and ${soldIn(country)}
                  and p.id <> (select id from me)
                order by p.product_id
                limit ${relatedLimit}) c)
    ),
    ranked as (
      select id, min(rank) as rank, min(pos) as pos from candidates group by id order by 2, 3 limit ${relatedLimit}
    ),
    related as (
      select ${cardColumns()}, ranked.rank as related_rank, ranked.pos as related_pos
        from ranked
        join products p on p.id = ranked.id
        join product_prices pp on pp.product_id = p.id and pp.country = ${countryLiteral}
        left join product_translations t on t.product_id = p.id and t.lang = ${langLiteral(lang)}
    )
    select ${cardColumns()}, p.barcode,
      coalesce(t.description, (select te.description from product_translations te where te.product_id = p.id and te.lang = 'en')) as description,
      (select json_agg(pi.id order by pi.position, pi.id) from product_images pi where pi.product_id = p.id) as image_ids,
      (select json_agg(r order by r.related_rank, r.related_pos) from related r) as related
    from products p
    join product_prices pp on pp.product_id = p.id and pp.country = ${countryLiteral}
    left join product_translations t on t.product_id = p.id and t.lang = ${langLiteral(lang)}
    where p.product_id = ${productId} and p.active
    limit 1`,
  );
}
const productDetails = {
  ca: {
    en: productDetailStatement('ca', 'en'),
    fr: productDetailStatement('ca', 'fr'),
    es: productDetailStatement('ca', 'es'),
  },
  us: {
    en: productDetailStatement('us', 'en'),
    fr: productDetailStatement('us', 'fr'),
    es: productDetailStatement('us', 'es'),
  },
} as const;

/** The newest products of a class in a country (best-seller fallback). */
export async function selectNewestIdsOfClass(
  tx: Tx,
  classCode: string,
  country: Country,
  limit: number,
): Promise<number[]> {
  const result = await run<{ id: number }>(
    tx,
    sql`
    select p.id from products p
    join product_prices pp on pp.product_id = p.id and pp.country = ${country}
    where p.active and p.class_code = ${classCode}
    order by p.created_at desc, p.id desc
    limit ${limit}`,
  );
  return result.rows.map((r) => Number(r.id));
}

/** Values of the four filters present in a scope, with product counts. */
export async function selectFilterOptions(
  tx: Tx,
  scope: ListingScope,
): Promise<Array<{ kind: 'brand' | 'colour' | 'type' | 'size'; value: string; count: number }>> {
  const result = await run<{
    kind: 'brand' | 'colour' | 'type' | 'size';
    value: string;
    n: string;
  }>(
    tx,
    sql`
    with scoped as (
      select p.brand, p.colour, p.type, p.size
      from products p
      where ${scopeWhere(scope)}
    )
    select 'brand' as kind, brand as value, count(*) as n from scoped where brand is not null and brand <> '' group by brand
    union all
    select 'colour', colour, count(*) from scoped where colour is not null and colour <> '' group by colour
    union all
    select 'type', type, count(*) from scoped where type is not null and type <> '' group by type
    union all
    select 'size', size, count(*) from scoped where size is not null and size <> '' group by size`,
  );
  return result.rows.map((r) => ({ kind: r.kind, value: r.value, count: Number(r.n) }));
}

export type GroupRow = { id: number; title_en: string; title_fr: string; title_es: string };

export async function selectGroup(tx: Tx, id: number): Promise<GroupRow | null> {
  const result = await run<GroupRow>(
    tx,
    sql`select id, title_en, title_fr, title_es from product_groups where id = ${id}`,
  );
  return result.rows[0] ?? null;
}

/** One page of a product group, in position order, only products sold in the country. */
export async function selectGroupPage(
  tx: Tx,
  groupId: number,
  country: Country,
  lang: Lang,
  limit: number,
  offset: number,
): Promise<CardRow[]> {
  const result = await run<CardRow>(
    tx,
    sql`
    select ${cardColumns()}
    from product_group_items gi
    join products p on p.id = gi.product_id and p.active
    join product_prices pp on pp.product_id = p.id and pp.country = ${country}
    left join product_translations t on t.product_id = p.id and t.lang = ${langLiteral(lang)}
    where gi.group_id = ${groupId}
    order by gi.position, p.product_id
    limit ${limit} offset ${offset}`,
  );
  return result.rows;
}

export async function countGroup(tx: Tx, groupId: number, country: Country): Promise<number> {
  const result = await run<{ n: string }>(
    tx,
    sql`
    select count(*) as n
    from product_group_items gi
    join products p on p.id = gi.product_id and p.active
    join product_prices pp on pp.product_id = p.id and pp.country = ${country}
    where gi.group_id = ${groupId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Inserts a product with its three translations and its prices (the caller's transaction). */
export async function insertDevProduct(
  tx: Tx,
  input: {
    productId: string;
    classCode: string;
    categoryId: number;
    shipPack: number;
    names: { en: string; fr: string; es: string };
    prices: Array<{
      country: Country;
      retailPriceCents: number;
      sellingPriceCents: number;
      sellingPrice2Cents: number | null;
      available: number;
    }>;
  },
): Promise<number> {
  const [row] = await tx
    .insert(products)
    .values({
      productId: input.productId,
      classCode: input.classCode,
      categoryId: input.categoryId,
      shipPack: input.shipPack,
    })
    .returning({ id: products.id });
  await tx.insert(productTranslations).values(
    (['en', 'fr', 'es'] as const).map((lang) => ({
      productId: row.id,
      lang,
      name: input.names[lang],
      description: '',
    })),
  );
  if (input.prices.length)
    await tx.insert(productPrices).values(input.prices.map((p) => ({ productId: row.id, ...p })));
  return row.id;
}
