import { and, asc, eq, inArray, max, min, sql, type SQL } from 'drizzle-orm';
import type { ContentKind, Lang } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { contentItems, contentTranslations } from '../../db/schema';

export type ContentItemRow = typeof contentItems.$inferSelect;
export type ContentTranslationRow = Omit<typeof contentTranslations.$inferSelect, 'search'>;
export type ItemWithTranslations = ContentItemRow & {
  translations: Partial<Record<Lang, ContentTranslationRow>>;
};

const translationColumns = {
  itemId: contentTranslations.itemId,
  lang: contentTranslations.lang,
  title: contentTranslations.title,
  body: contentTranslations.body,
  fileKey: contentTranslations.fileKey,
  fileSize: contentTranslations.fileSize,
};

/** Every item of some kinds (or one item) with all its translations, in display order. */
export async function selectItems(
  tx: Tx,
  kinds: ContentKind[],
  id?: number,
): Promise<ItemWithTranslations[]> {
  const where = and(
    inArray(contentItems.kind, kinds),
    id === undefined ? undefined : eq(contentItems.id, id),
  );
  const items = await tx
    .select()
    .from(contentItems)
    .where(where)
    .orderBy(asc(contentItems.sortOrder), asc(contentItems.id));
  if (!items.length) return [];
  const translations = await tx
    .select(translationColumns)
    .from(contentTranslations)
    .where(
      inArray(
        contentTranslations.itemId,
        items.map((i) => i.id),
      ),
    );
  const byItem = new Map<number, Partial<Record<Lang, ContentTranslationRow>>>();
  for (const t of translations) {
    const entry = byItem.get(t.itemId) ?? {};
    entry[t.lang] = t;
    byItem.set(t.itemId, entry);
  }
  return items.map((item) => ({ ...item, translations: byItem.get(item.id) ?? {} }));
}

/** The lowest and highest sort positions of a kind (null when it has no item). */
export async function selectSortBounds(
  tx: Tx,
  kind: ContentKind,
): Promise<{ low: number | null; high: number | null }> {
  const [row] = await tx
    .select({ low: min(contentItems.sortOrder), high: max(contentItems.sortOrder) })
    .from(contentItems)
    .where(eq(contentItems.kind, kind));
  return { low: row?.low ?? null, high: row?.high ?? null };
}

export async function insertItem(
  tx: Tx,
  values: typeof contentItems.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(contentItems).values(values).returning({ id: contentItems.id });
  return row.id;
}

export async function insertTranslations(
  tx: Tx,
  rows: (typeof contentTranslations.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(contentTranslations).values(rows);
}

export async function updateItem(
  tx: Tx,
  id: number,
  values: Partial<typeof contentItems.$inferInsert>,
): Promise<void> {
  await tx
    .update(contentItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contentItems.id, id));
}

export async function updateTranslation(
  tx: Tx,
  itemId: number,
  lang: Lang,
  values: Partial<Pick<ContentTranslationRow, 'title' | 'body' | 'fileKey' | 'fileSize'>>,
): Promise<void> {
  await tx
    .update(contentTranslations)
    .set(values)
    .where(and(eq(contentTranslations.itemId, itemId), eq(contentTranslations.lang, lang)));
}

export async function deleteItem(tx: Tx, id: number): Promise<void> {
  await tx.delete(contentItems).where(eq(contentItems.id, id));
}

/** Sets each item's position to its index in `ids`. */
export async function setSortOrders(tx: Tx, ids: number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(contentItems)
      .set({ sortOrder: index, updatedAt: new Date() })
      .where(eq(contentItems.id, id));
  }
}

export async function countItems(tx: Tx): Promise<number> {
  const result = await tx.execute<{ n: string }>(sql`select count(*) as n from content_items`);
  return Number(result.rows[0]?.n ?? 0);
}

const CONFIG: Record<Lang, string> = { en: 'english', fr: 'french', es: 'spanish' };

/**
 * For each word of a question, the closest word of the FAQ/article vocabulary in that language
 * (trigram similarity on unaccented text), so "shiping" searches as "shipping".
 */
export async function selectClosestWords(
  tx: Tx,
  lang: Lang,
  words: string[],
): Promise<Map<string, string>> {
  if (!words.length) return new Map();
  const result = await tx.execute<{ word: string; match: string }>(sql`
    with vocab as (
      select distinct w from (
        select regexp_split_to_table(lower(unaccent(t.title || ' ' || t.body)), '[^[:alnum:]]+') as w
        from content_translations t join content_items i on i.id = t.item_id
        where i.kind in ('faq', 'support_article') and t.lang = ${lang}
      ) s where length(w) > 2
    )
    select q.word, best.w as match
    from unnest(${sql.raw(`ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`)}) as q(word)
    cross join lateral (
      select v.w from vocab v
      where similarity(v.w, lower(unaccent(q.word))) >= 0.34
      order by similarity(v.w, lower(unaccent(q.word))) desc, v.w
      limit 1
    ) best`);
  return new Map(result.rows.map((r) => [r.word, r.match]));
}

export type SupportRow = {
  id: number;
  kind: 'faq' | 'support_article';
  title: string;
  body: string;
  title_hl: string;
  body_hl: string;
  score: number;
};

export const HL_START = '⟦';
export const HL_STOP = '⟧';

/**
 * Full-text search over FAQs and support articles in one language, in that language's configuration,
 * with a trigram fallback on the title; ranked, with ts_headline snippets whose matches sit between
 * HL_START and HL_STOP (escaped and turned into marks by the service — never raw HTML).
 */
export async function searchSupportRows(
  tx: Tx,
  lang: Lang,
  terms: string[],
  question: string,
): Promise<SupportRow[]> {
  const config = sql.raw(`'${CONFIG[lang]}'::regconfig`);
  const parts: SQL[] = terms.map((term) => sql`plainto_tsquery(${config}, ${term})`);
  const tsquery = parts.length ? sql.join(parts, sql` || `) : sql`''::tsquery`;
  const options = `StartSel=${HL_START}, StopSel=${HL_STOP}, MaxWords=35, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
  const result = await tx.execute<SupportRow>(sql`
    with q as (select (${tsquery}) as query)
    select i.id, i.kind, t.title, t.body,
      ts_headline(${config}, t.title, q.query, ${'HighlightAll=true, StartSel=' + HL_START + ', StopSel=' + HL_STOP}) as title_hl,
      ts_headline(${config}, t.body, q.query, ${options}) as body_hl,
      (ts_rank_cd(t.search, q.query) + word_similarity(lower(unaccent(${question})), lower(unaccent(t.title))) * 0.5)::float8 as score
    from content_translations t
    join content_items i on i.id = t.item_id
    cross join q
    where i.kind in ('faq', 'support_article') and t.lang = ${lang}
      and (t.search @@ q.query or word_similarity(lower(unaccent(${question})), lower(unaccent(t.title))) >= 0.45)
    order by score desc, i.sort_order, i.id
    limit 10`);
  return result.rows.map((r) => ({ ...r, score: Number(r.score) }));
}
