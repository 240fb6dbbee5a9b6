import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import {
  belongsTo,
  createdAt,
  updatedAt,
  rowId,
  blankText,
  language,
  calendarDay,
  tsvector,
} from './columns';
import { CONTENT_KINDS } from '@wholesale/contract';

/**
 * One carousel slide, newsletter issue, catalogue, free pattern, FAQ or support article.
 * NOTE: one item table with a `kind` column instead of six identical tables — every kind has the
 * same life cycle (ordered list, three translations, optional file per language); see
 * docs/decisions/ content-model record. A kind that grows columns of its own can move to its own table.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: rowId(),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Free patterns only: knitting, crochet, sewing, quilting, embroidery… (filter on /free-patterns). */
    craft: text('craft'),
    /** Carousel only: the site path a slide links to (internal paths only, e.g. /catalogues). */
    linkPath: text('link_path'),
    /** Newsletters only: the issue date shown under the image. */
    issueDate: calendarDay('issue_date'),
    /** Catalogues only: the cover image (language-neutral), a FileStore key. */
    coverKey: text('cover_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('content_items_kind_order_idx').on(t.kind, t.sortOrder),
    check(
      'content_items_kind_ck',
      sql`${t.kind} in ('carousel','newsletter','catalogue','pattern','faq','support_article')`,
    ),
  ],
);

/**
 * Text and file of an item in one language. FAQ: title = question, body = answer. A file (PDF or image,
 * a FileStore key) may differ per language; fr/es fall back to the English file when they have none.
 * `search` is the full-text vector in the language's own configuration (docs/decisions/020-search-design.md).
 */
export const contentTranslations = pgTable(
  'content_translations',
  {
    itemId: belongsTo('item_id', () => contentItems.id),
    lang: language(),
    title: text('title').notNull(),
    body: blankText('body'),
    fileKey: text('file_key'),
    fileSize: integer('file_size'),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector(case "lang" when 'fr' then 'french'::regconfig when 'es' then 'spanish'::regconfig else 'english'::regconfig end, coalesce("title", '') || ' ' || coalesce("body", ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.lang] }),
    index('content_translations_search_idx').using('gin', t.search),
    index('content_translations_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);
