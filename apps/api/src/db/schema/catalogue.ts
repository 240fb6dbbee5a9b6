import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  createdAt,
  updatedAt,
  rowId,
  counter,
  blankText,
  position,
  country,
  language,
  extensionOf,
  flag,
  tsvector,
} from './columns';

/** Category tree: category → sub category → sub-sub category, each with its cat_code. */
export const categories = pgTable(
  'categories',
  {
    id: rowId(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'cascade',
    }),
    level: integer('level').notNull(),
    catCode: text('cat_code').notNull(),
    // English name doubles as the URL key (docs/product/catalogue.md /products/{name}/{category}/{cat_code}).
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEs: text('name_es').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    hidden: flag('hidden', false),
  },
  (t) => [
    uniqueIndex('categories_cat_code_uq').on(t.catCode),
    index('categories_parent_idx').on(t.parentId),
  ],
);

/** Product class codes with their badge (F new, R clearance, Y on sale, N coming soon, and regular ones). */
export const classCodes = pgTable('class_codes', {
  code: text('code').primaryKey(),
  labelEn: text('label_en').notNull(),
  labelFr: text('label_fr').notNull(),
  labelEs: text('label_es').notNull(),
  color: text('color').notNull().default('#666666'),
  /** Staff uploaded the badge picture (migration 0029); otherwise it is drawn from `color`. */
  badgeUploaded: flag('badge_uploaded', false),
});

/**
 * The brands staff keep (migration 0029, docs/decisions/033-catalogue-structure.md): a code and the
 * name products carry in `products.brand` (the storefront's brand filter reads that name).
 */
export const brands = pgTable(
  'brands',
  {
    id: rowId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_code_uq').on(t.code), uniqueIndex('brands_name_uq').on(t.name)],
);

/** A product (SKU). Names and descriptions live in product_translations, prices in product_prices. */
export const products = pgTable(
  'products',
  {
    id: rowId(),
    productId: text('product_id').notNull(),
    classCode: text('class_code')
      .notNull()
      .references(() => classCodes.code),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    shipPack: integer('ship_pack').notNull().default(1),
    brand: text('brand'),
    colour: text('colour'),
    colourHex: text('colour_hex'),
    type: text('type'),
    size: text('size'),
    contentTypes: blankText('content_types'),
    barcode: text('barcode'),
    active: flag('active', true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_product_id_uq').on(t.productId),
    index('products_category_idx').on(t.categoryId, t.productId),
    index('products_class_idx').on(t.classCode),
    index('products_barcode_idx').on(t.barcode),
  ],
);

/** Names (limited HTML, sanitised on write) and descriptions per language. */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: belongsTo('product_id', () => products.id),
    lang: language(),
    name: text('name').notNull(),
    description: blankText('description'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lang] })],
);

/** A product's pictures in order (migration 0021, docs/decisions/022-product-images.md). */
export const productImages = pgTable(
  'product_images',
  {
    id: rowId(),
    productId: belongsTo('product_id', () => products.id),
    position: position(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/**
 * One search document per product, in all three languages (migration 0016, docs/product/search.md).
 * NOTE: written only by database triggers on product_translations and products.brand; never write it.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: extensionOf('product_id', () => products.id),
    doc: tsvector('doc').notNull(),
  },
  (t) => [index('product_search_doc_idx').using('gin', t.doc)],
);

/**
 * Products whose search document an import queued instead of building it in its batch (migration
 * 0023); the import worker builds them beside the import. Written only by triggers and that worker.
 */
export const productSearchPending = pgTable('product_search_pending', {
  productId: extensionOf('product_id', () => products.id),
});

/** Normalised words of every name and brand: the list typo correction compares against (trigram GIN). */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** Prices in integer cents and stock in ship packs, per country. No row: not sold in that country. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: belongsTo('product_id', () => products.id),
    country: country(),
    retailPriceCents: integer('retail_price_cents').notNull(),
    sellingPriceCents: integer('selling_price_cents').notNull(),
    sellingPrice2Cents: integer('selling_price_2_cents'),
    available: counter('available'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.country] })],
);

/** Curated product groups (docs/product/catalogue.md product group page). */
export const productGroups = pgTable('product_groups', {
  id: rowId(),
  titleEn: text('title_en').notNull(),
  titleFr: text('title_fr').notNull(),
  titleEs: text('title_es').notNull(),
  createdAt: createdAt(),
});

export const productGroupItems = pgTable(
  'product_group_items',
  {
    groupId: belongsTo('group_id', () => productGroups.id),
    productId: belongsTo('product_id', () => products.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.productId] }),
    index('product_group_items_product_idx').on(t.productId),
  ],
);
