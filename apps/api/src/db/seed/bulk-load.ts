import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

/*
 * Loading a big generated catalogue (100,000 to 1,000,000 products) the way pg_restore loads a dump:
 * the rows first, then everything derived from them in one pass each. Row by row, the catalogue
 * tables' triggers (migrations 0006, 0008, 0016, 0019, 0023), foreign-key checks and secondary
 * indexes cost more than the rows themselves; built once over the loaded rows they cost a fraction.
 */

/**
 * The catalogue tables a bulk seed writes, and those derived from them (search documents and words),
 * which are built after the load with their indexes deferred too.
 */
export const BULK_TABLES = [
  'products',
  'product_translations',
  'product_prices',
  'product_search',
  'search_words',
] as const;

type ForeignKey = { table: string; name: string; definition: string };
type Deferred = { indexes: string[]; foreignKeys: ForeignKey[] };

/**
 * Makes `tables` cheap to load in this transaction: drops their non-unique indexes and the foreign
 * keys they declare, and disables their own triggers (change feed, sold flags, search documents).
 * Answers what `finishBulkLoad` puts back. Unique and primary-key indexes stay (they guard the
 * load). NOTE: disabling triggers takes the tables' exclusive lock until the transaction ends: for
 * a seed of a fresh database only.
 */
export async function startBulkLoad(tx: Tx, tables: readonly string[]): Promise<Deferred> {
  const names = sql.join(
    tables.map((name) => sql`${name}`),
    sql`, `,
  );
  const indexes = await tx.execute<{ name: string; definition: string }>(sql`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and t.relname in (${names})
      and not x.indisunique and not x.indisprimary`);
  const foreignKeys = await tx.execute<ForeignKey>(sql`
    select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public' and c.contype = 'f' and t.relname in (${names})
    order by t.relname, c.conname`);
  for (const row of indexes.rows) await tx.execute(sql.raw(`drop index "${row.name}"`));
  for (const row of foreignKeys.rows)
    await tx.execute(sql.raw(`alter table "${row.table}" drop constraint "${row.name}"`));
  for (const table of tables)
    await tx.execute(sql.raw(`alter table "${table}" disable trigger user`));
  return {
    indexes: indexes.rows.map((row) => row.definition),
    foreignKeys: foreignKeys.rows,
  };
}

/**
 * What the triggers of the loaded catalogue would have written, set-based: every product's search
 * document (ws_refresh_product_search of migrations 0019 and 0051) and the words of every name and
 * brand.
 * NOTE: a generated catalogue repeats its texts (tens of thousands of distinct names and a few
 * hundred descriptions for a million products), so each distinct text goes through to_tsvector once
 * and the documents are concatenated from those parts: the same documents, several times cheaper.
 */
export async function buildSearchData(tx: Tx): Promise<void> {
  // Room for the joins below to hash a million rows in memory instead of in batches on disk.
  await tx.execute(sql`set local work_mem = '256MB'`);
  // Each distinct text with its part of the document, weighted as ws_refresh_product_search does.
  await tx.execute(sql`
    create temporary table seed_search_parts on commit drop as
    select lang, 'name' as part, text,
           setweight(to_tsvector(('ws_' || lang)::regconfig, coalesce(ws_strip_html(text), '')),
                     case lang when 'en' then 'A' when 'fr' then 'B' else 'C' end::"char") as doc
      from (select distinct lang, name as text from product_translations) s
    union all
    select lang, 'description', text,
           setweight(to_tsvector(('ws_' || lang)::regconfig, left(coalesce(ws_strip_html(text), ''), 2000)), 'D')
      from (select distinct lang, description as text from product_translations where description is not null) s
    union all
    select 'en', 'brand', text, setweight(to_tsvector('ws_en'::regconfig, text), 'D')
      from (select distinct brand as text from products where brand is not null) s`);
  await tx.execute(sql`analyze seed_search_parts`);
  await tx.execute(sql`
    insert into product_search (product_id, doc)
    select p.id,
           coalesce(en_n.doc, ''::tsvector) || coalesce(fr_n.doc, ''::tsvector) || coalesce(es_n.doc, ''::tsvector)
        || coalesce(b.doc, ''::tsvector)
        || coalesce(en_d.doc, ''::tsvector) || coalesce(fr_d.doc, ''::tsvector) || coalesce(es_d.doc, ''::tsvector)
      from products p
      left join product_translations en on en.product_id = p.id and en.lang = 'en'
      left join product_translations fr on fr.product_id = p.id and fr.lang = 'fr'
      left join product_translations es on es.product_id = p.id and es.lang = 'es'
      left join seed_search_parts en_n on en_n.part = 'name' and en_n.lang = 'en' and en_n.text = en.name
      left join seed_search_parts fr_n on fr_n.part = 'name' and fr_n.lang = 'fr' and fr_n.text = fr.name
      left join seed_search_parts es_n on es_n.part = 'name' and es_n.lang = 'es' and es_n.text = es.name
      left join seed_search_parts b on b.part = 'brand' and b.text = p.brand
      left join seed_search_parts en_d on en_d.part = 'description' and en_d.lang = 'en' and en_d.text = en.description
      left join seed_search_parts fr_d on fr_d.part = 'description' and fr_d.lang = 'fr' and fr_d.text = fr.description
      left join seed_search_parts es_d on es_d.part = 'description' and es_d.lang = 'es' and es_d.text = es.description
    on conflict (product_id) do update set doc = excluded.doc`);
  await tx.execute(sql`
    insert into search_words (word)
    select distinct w
      from (select text from seed_search_parts where part in ('name', 'brand')) s,
           regexp_split_to_table(ws_norm(s.text), '[^[:alnum:]]+') as w
     where length(w) >= 3 and w !~ '^[0-9]+$'
    on conflict do nothing`);
}

/**
 * Puts back what `startBulkLoad` took away: the indexes (built once, with room to sort in memory),
 * the foreign keys (each checked by one join over the loaded rows) and the triggers.
 */
export async function finishBulkLoad(
  tx: Tx,
  tables: readonly string[],
  deferred: Deferred,
): Promise<void> {
  await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
  for (const definition of deferred.indexes) await tx.execute(sql.raw(definition));
  for (const { table, name, definition } of deferred.foreignKeys)
    await tx.execute(sql.raw(`alter table "${table}" add constraint "${name}" ${definition}`));
  for (const table of tables)
    await tx.execute(sql.raw(`alter table "${table}" enable trigger user`));
}
