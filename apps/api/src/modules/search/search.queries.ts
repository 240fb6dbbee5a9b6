import { sql, type SQL } from 'drizzle-orm';
import type { Country, Lang } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { intArray, textArray } from '../../db/array-params';

/*
 * The search's statements: the whole search in PostgreSQL (when the in-process index is not ready),
 * a token's tsquery, and the rows the index is built from. They read the catalogue's tables
 * (products, product_search, search_words), which the catalogue module writes.
 */

/** Runs a read as a named prepared statement (planned once per connection, as catalogue.queries.ts does). */
const run = executeNamed;

/** `p.sold_ca` / `p.sold_us`: maintained by triggers on product_prices (migration 0006). */
function soldIn(country: Country): SQL {
  return sql.raw(country === 'us' ? 'p.sold_us' : 'p.sold_ca');
}

/** Escapes LIKE metacharacters (backslash is the default escape character). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type SearchInput = {
  /** Interface language: its names rank first (every language's text is searched). */
  lang: Lang;
  country: Country;
  /** Trimmed raw text (for exact SKU / barcode equality). */
  raw: string;
  /** Letter/digit tokens of the text joined by spaces ('' when none): safe for to_tsquery one by one. */
  tokens: string;
  /** Whether the last token is a prefix (typing in progress, or a search box submitted as typed). */
  prefixLast: boolean;
  /** Whether the text may be a SKU or barcode (one token). */
  codeLike: boolean;
  /** Most rows the SKU/barcode prefix branches contribute (suggestions ask for fewer). */
  cap?: number;
  /** Most full-text matches ranked (undefined: every match). */
  textCap?: number;
};

/** A ranked hit: products.id and its score (the list is in display order). */
export type SearchHit = { id: number; score: number };

/** Most rows a SKU or barcode prefix contributes (a prefix of one letter matches a whole category). */
export const SEARCH_BRANCH_CAP = 1000;

/**
 * Most full-text matches the search in PostgreSQL reads and ranks (the fallback while the in-process
 * index builds, is over its budget or off). A broad word at a million products matches ~100,000
 * documents: reading and ranking each took 1.4 s ("button", docs/decisions/039); the first 2,000
 * the text index hands out take ~150 ms. Past it the best of those are shown and the total counts
 * only them (a lower bound: the page count stops there). The in-process index ranks every match.
 */
export const FALLBACK_TEXT_CAP = 2000;

/**
 * ts_rank weights {D, C, B, A} per interface language: names are A (en), B (fr), C (es), brand and
 * descriptions D (migration 0016). The interface language's name weighs 1, the others 0.4, so a
 * match in the buyer's language ranks above the same match in another language.
 */
export const RANK_WEIGHTS: Record<Lang, string> = {
  en: '{0.1,0.4,0.4,1}',
  fr: '{0.1,0.4,1,0.4}',
  es: '{0.1,1,0.4,0.4}',
};

/**
 * The search in one statement, answering every hit in display order (ids and scores, which the
 * service caches and pages through): exact SKU/barcode (score 100), SKU/barcode prefix (50), full
 * text over the three-language document (10 + rank; typos corrected inside ws_search_query), at
 * most `textCap` matches of it ranked (FALLBACK_TEXT_CAP). Every branch reads an index; the best
 * score per product wins; ties go by SKU.
 */
export async function searchProducts(
  tx: Tx,
  input: SearchInput,
  textCap = FALLBACK_TEXT_CAP,
): Promise<SearchHit[]> {
  const cap = input.cap ?? SEARCH_BRANCH_CAP;
  const lower = input.raw.toLowerCase();
  const branches: SQL[] = [];
  if (input.codeLike) {
    branches.push(
      sql`select p.id, 100::float8 as score from products p where lower(p.product_id) = ${lower}`,
    );
    branches.push(sql`select p.id, 100::float8 from products p where p.barcode = ${input.raw}`);
    branches.push(
      sql`(select p.id, 50::float8 from products p where lower(p.product_id) like ${`${escapeLike(lower)}%`} limit ${cap})`,
    );
    branches.push(
      sql`(select p.id, 50::float8 from products p where p.barcode like ${`${escapeLike(input.raw)}%`} and p.barcode is not null limit ${cap})`,
    );
  }
  if (input.tokens) {
    const weights = sql.raw(`'${RANK_WEIGHTS[input.lang] ?? RANK_WEIGHTS.en}'::float4[]`);
    const limit = Math.min(input.textCap ?? textCap, textCap);
    branches.push(sql`(select s.product_id, (10 + ts_rank(${weights}, s.doc, q.tsq))::float8
        from product_search s, q
       where s.doc @@ q.tsq limit ${limit})`);
  }
  if (branches.length === 0) return [];
  // NOTE: materialized, so the query is built once; inlined, PostgreSQL re-evaluated the (STABLE)
  // function on every candidate row (1 s instead of milliseconds for a 4,000-match search).
  const queryCte = input.tokens
    ? sql`q as materialized (select ws_search_query(string_to_array(${input.tokens}, ' '), ${input.prefixLast}) as tsq)`
    : sql`q as (select null::tsquery as tsq)`;
  const result = await run<{ id: number; score: number }>(
    tx,
    sql`
    with ${queryCte},
    hits(id, score) as (${sql.join(branches, sql` union all `)}),
    best as (select id, max(score) as score from hits group by id)
    select best.id, best.score
      from best
      join products p on p.id = best.id and p.active and ${soldIn(input.country)}
     order by best.score desc, p.product_id`,
  );
  return result.rows.map((r) => ({ id: Number(r.id), score: Number(r.score) }));
}

/**
 * What ws_search_query makes of one token: its tsquery text (null for a stop word), and whether
 * that can never change. It can when the token is corrected as a typo (4+ letters, not a number,
 * no known word equal to it or, as a prefix, starting with it): words are added to search_words
 * with the products that use them, so a later product may bring a closer word.
 */
export type TokenQuery = { tsquery: string | null; stable: boolean };

/**
 * ws_search_query of each token on its own (`prefix`: the 1-based position of the one read as a
 * prefix, 0 for none), in one statement. A search's tsquery is its tokens' ones joined by AND, as
 * ws_search_query joins them.
 */
export async function selectTokenQueries(
  tx: Tx,
  tokens: string[],
  prefix: number,
): Promise<TokenQuery[]> {
  // NOTE: `stable` repeats ws_search_query's test for a typo lookup (migration 0016).
  const result = await run<{ q: (string | null)[]; stable: boolean[] }>(
    tx,
    sql`select array_agg(ws_search_query(array[t.token], t.prefix)::text order by t.ord) as q,
      array_agg(length(t.norm) < 4 or t.norm ~ '^[0-9]+$' or exists (
          select 1 from search_words w
           where w.word = t.norm or (t.prefix and length(t.token) >= 3 and w.word like t.norm || '%'))
        order by t.ord) as stable
      from (select u.token, u.ord, u.ord = ${prefix} as prefix, lower(ws_unaccent(u.token)) as norm
              from unnest(${textArray(tokens)}::text[]) with ordinality as u(token, ord)) t`,
  );
  const row = result.rows[0];
  return (row?.q ?? []).map((tsquery, i) => ({ tsquery, stable: row.stable[i] }));
}

/** What the in-process search index keeps of a product: its codes, flags and search document. */
export type SearchRow = {
  id: number;
  sku: string;
  barcode: string | null;
  active: boolean;
  soldCa: boolean;
  soldUs: boolean;
  /** product_search.doc as text ('lexeme':1A,2 …), null before its first refresh. */
  doc: string | null;
};

/**
 * The given products for the search index (a refresh after an 'f:' notification; a build reads
 * the whole catalogue in ranges: search.index-source.ts).
 */
export async function selectSearchRows(tx: Tx, ids: number[]): Promise<SearchRow[]> {
  const result = await tx.execute(sql`
    select p.id, p.product_id as sku, p.barcode, p.active, p.sold_ca as "soldCa",
           p.sold_us as "soldUs", s.doc::text as doc
      from products p
      left join product_search s on s.product_id = p.id
     where p.id = any(${intArray(ids)}::int[])
     order by p.id`);
  return (result.rows as SearchRow[]).map((r) => ({ ...r, id: Number(r.id) }));
}
