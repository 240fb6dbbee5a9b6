import { hash } from '@node-rs/argon2';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { OPENING_ORDER_MINIMUM_CENTS, formatCustomerCode, toUpcA } from '@wholesale/contract';
import type { Database, Tx } from '../client';
import {
  categories,
  classCodes,
  customerAddresses,
  productGroupItems,
  productGroups,
  productPrices,
  products,
  productTranslations,
  users,
  storeIdentity,
} from '../schema';
import {
  BRAND_PREFIX,
  CATALOGUE,
  CLASS_CODES,
  COLOURS,
  CONTENT_TYPES,
  PRODUCT_GROUPS,
  localSize,
  type SubSpec,
  type T3,
  type TopSpec,
} from './catalogue-data';
import { BULK_TABLES, buildSearchData, finishBulkLoad, startBulkLoad } from './bulk-load';
import { catalogueLookup } from './catalogue-lookup';
import { DEMO_IDENTITY } from './demo-identity';
import { Random } from './random';
import { getCheckoutAccount, toShipTo } from '../../modules/accounts';
import { checkoutCredit } from '../../modules/receivables';
import { orderTaxes } from '../../workflows/place-order';
import { demoDesk, demoSteps, type DemoSettlement } from './demo-desk';
import {
  demoAccountOpenedAt,
  demoOrderLine,
  insertPlacedOrder,
  openDemoAccounts,
  seedDemoTrade,
  withPacksAbove,
  type DemoTradeSummary,
} from './demo-trade';

export type SeedOptions = {
  products?: number;
  seed?: number;
  /** The seed's clock: every demo date counts back from it (the same clock, the same rows). */
  now?: Date;
  /** Progress lines (the CLI prints them). */
  log?: (message: string) => void;
  /** Bulk-load the catalogue (bulk-load.ts); by default from BULK_THRESHOLD products on. */
  bulk?: boolean;
};
export type SeedSummary = {
  /** The demo trade accounts' documents (demo-trade.ts). */
  trade?: DemoTradeSummary;
  products: number;
  categories: number;
  users: number;
  productGroups: number;
  orders: number;
  ms: number;
};

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'wholesale-demo';

/**
 * Gives customers without a code theirs (formatCustomerCode: country prefix and the user id, the
 * rule approval follows), in one statement.
 */
async function assignCustomerCodes(tx: Tx, customers: { id: number; country: string }[]) {
  if (!customers.length) return;
  const ids = customers.map((c) => c.id);
  const codes = customers.map((c) => formatCustomerCode(c.country === 'ca' ? 'ca' : 'us', c.id));
  await tx.execute(sql`
    update users set customer_code = v.code
    from unnest(${`{${ids.join(',')}}`}::int[], ${`{${codes.join(',')}}`}::text[]) as v(id, code)
    where users.id = v.id and users.customer_code is null`);
}

/** The demo accounts, exactly as the README lists them (customers' codes follow their ids). */
export const DEMO_USERS = [
  {
    email: 'buyer.ca@example.com',
    role: 'customer',
    ownerName: 'Marie Tremblay',
    companyName: 'Atelier Tremblay',
    country: 'ca',
    lang: 'en',
  },
  {
    email: 'buyer2.ca@example.com',
    role: 'customer',
    ownerName: 'Julien Gagnon',
    companyName: 'Mercerie Gagnon',
    country: 'ca',
    lang: 'fr',
  },
  {
    email: 'buyer.us@example.com',
    role: 'customer',
    ownerName: 'Emily Carter',
    companyName: 'Carter Quilt Supply',
    country: 'us',
    lang: 'en',
  },
  {
    email: 'admin@example.com',
    role: 'staff',
    staffRoles: ['admin'],
    ownerName: 'Sophie Lavoie',
    companyName: null,
    country: 'ca',
    lang: 'en',
  },
  {
    email: 'credit@example.com',
    role: 'staff',
    staffRoles: ['credit'],
    ownerName: 'Luc Bouchard',
    companyName: null,
    country: 'ca',
    lang: 'fr',
  },
  {
    email: 'orders@example.com',
    role: 'staff',
    staffRoles: ['orders'],
    ownerName: 'Ana García',
    companyName: null,
    country: 'ca',
    lang: 'es',
  },
  {
    email: 'content@example.com',
    role: 'staff',
    staffRoles: ['content'],
    ownerName: 'Chloé Martin',
    companyName: null,
    country: 'ca',
    lang: 'en',
  },
] as const;

/** Ship-to addresses of the demo buyers (two for the Canadian one: Québec and Ontario taxes differ). */
const DEMO_ADDRESSES: Record<
  string,
  Array<Omit<typeof customerAddresses.$inferInsert, 'userId'>>
> = {
  'buyer.ca@example.com': [
    {
      label: 'Boutique',
      company: 'Atelier Tremblay',
      line1: '1234 rue Saint-Denis',
      city: 'Montréal',
      region: 'QC',
      postalCode: 'H2X 3J8',
      country: 'ca',
      isDefault: true,
    },
    {
      label: 'Entrepôt Ottawa',
      company: 'Atelier Tremblay',
      line1: '55 Bank Street',
      line2: 'Unit 4',
      city: 'Ottawa',
      region: 'ON',
      postalCode: 'K1P 5N2',
      country: 'ca',
    },
  ],
  'buyer2.ca@example.com': [
    {
      label: 'Magasin',
      company: 'Mercerie Gagnon',
      line1: '88 rue Racine Est',
      city: 'Chicoutimi',
      region: 'QC',
      postalCode: 'G7H 1R9',
      country: 'ca',
      isDefault: true,
    },
  ],
  'buyer.us@example.com': [
    {
      label: 'Store',
      company: 'Carter Quilt Supply',
      line1: '410 Main Street',
      city: 'Burlington',
      region: 'VT',
      postalCode: '05401',
      country: 'us',
      isDefault: true,
    },
    {
      label: 'Warehouse',
      company: 'Carter Quilt Supply',
      line1: '12 Industrial Parkway',
      city: 'Albany',
      region: 'NY',
      postalCode: '12205',
      country: 'us',
    },
  ],
};

const BATCH = 1000;
const UNNEST_BATCH = 5000;
const LANGS = ['en', 'fr', 'es'] as const;
/** US dollar prices are the Canadian ones at roughly this exchange rate. */
const USD_PER_CAD = 0.74;

type ProductRow = typeof products.$inferInsert & { id: number; categoryId: number };
type TranslationRow = typeof productTranslations.$inferInsert;
type PriceRow = typeof productPrices.$inferInsert;
type CategoryRow = typeof categories.$inferInsert & { id: number };

/** Generated catalogue, in memory: the same seed always gives the same rows. */
export type GeneratedCatalogue = {
  categories: CategoryRow[];
  products: ProductRow[];
  translations: TranslationRow[];
  prices: PriceRow[];
  groups: Array<typeof productGroups.$inferInsert & { id: number }>;
  groupItems: Array<typeof productGroupItems.$inferInsert>;
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function buildCategories(): {
  rows: CategoryRow[];
  leaves: Map<string, Array<{ id: number; sub: SubSpec; size?: string | T3; variant?: number }>>;
} {
  const rows: CategoryRow[] = [];
  const leaves = new Map<
    string,
    Array<{ id: number; sub: SubSpec; size?: string | T3; variant?: number }>
  >();
  let id = 0;
  /** Adds a category under `parentId` and answers its id (ids follow the tree, depth first). */
  const add = (
    spec: { code: string; name: T3 },
    parentId: number | null,
    level: number,
    sortOrder: number,
    hidden?: boolean,
  ): number => {
    const row: CategoryRow = {
      id: ++id,
      parentId,
      level,
      catCode: spec.code,
      nameEn: spec.name.en,
      nameFr: spec.name.fr,
      nameEs: spec.name.es,
      sortOrder,
    };
    if (hidden !== undefined) row.hidden = hidden;
    rows.push(row);
    return id;
  };
  CATALOGUE.forEach((top, topIndex) => {
    // NOTE: the menu sorts Promotions last (docs/product/catalogue.md).
    const topId = add(top, null, 1, top.code === 'PR' ? 999 : topIndex, top.hidden ?? false);
    const topLeaves: Array<{ id: number; sub: SubSpec; size?: string | T3; variant?: number }> = [];
    top.subs.forEach((sub, subIndex) => {
      const subId = add(sub, topId, 2, subIndex);
      if (!sub.subs?.length) {
        topLeaves.push({ id: subId, sub });
        return;
      }
      sub.subs.forEach((leaf, leafIndex) => {
        const leafId = add(leaf, subId, 3, leafIndex);
        topLeaves.push({ id: leafId, sub, size: leaf.size, variant: leaf.variant });
      });
    });
    leaves.set(top.code, topLeaves);
  });
  return { rows, leaves };
}

/** A price ending in .x9 or .x5, as a wholesaler would set it. */
function roundPrice(cents: number): number {
  if (cents < 100) return Math.max(9, Math.round(cents / 5) * 5 - 1);
  return Math.floor(cents / 10) * 10 + 9;
}

function stock(rng: Random, classCode: string): number {
  if (classCode === 'N') return 0;
  const r = rng.next();
  if (r < 0.1) return 0;
  if (r < 0.2) return rng.int(1, 4);
  return rng.int(5, r < 0.9 ? 250 : 1200);
}

/** Generates the demo catalogue in memory (no database), deterministically from the seed. */
export function generateCatalogue(options: { products: number; seed: number }): GeneratedCatalogue {
  const rng = new Random(options.seed);
  const { rows: categoryRows, leaves } = buildCategories();
  const topWeights = CATALOGUE.map((top) => [top, top.weight] as const);
  const classWeights = CLASS_CODES.map((cc) => [cc.code, cc.weight] as const);
  const counters = new Map<string, number>(CATALOGUE.map((top) => [top.code, 10000]));

  const productRows: ProductRow[] = [];
  const translations: TranslationRow[] = [];
  const prices: PriceRow[] = [];

  for (let i = 0; i < options.products; i += 1) {
    const id = i + 1;
    const top: TopSpec = rng.weighted(topWeights);
    const leaf = rng.pick(leaves.get(top.code)!);
    const sub = leaf.sub;
    const variant = sub.variants[leaf.variant ?? rng.int(0, sub.variants.length - 1)]!;
    const size = leaf.size ?? rng.pick(sub.sizes);
    const colour = rng.pick(COLOURS);
    const brand = rng.pick(top.brands);
    const pack = rng.pick(top.packs);
    const classCode: string = rng.weighted(classWeights);
    const counter = counters.get(top.code)! + rng.int(1, 3);
    counters.set(top.code, counter);
    const productId = `${top.code}-${counter}`;

    const names = {
      en:
        cap(
          [variant.en, lowerFirst(sub.item.en), localSize(size, 'en')].filter(Boolean).join(' '),
        ) + `, ${colour.en.toLowerCase()}`,
      fr:
        [sub.item.fr, variant.fr, localSize(size, 'fr')].filter(Boolean).join(' ') +
        `, ${colour.fr}`,
      es:
        [sub.item.es, variant.es, localSize(size, 'es')].filter(Boolean).join(' ') +
        `, ${colour.es}`,
    };
    const packText = {
      en: pack === 1 ? 'Sold individually.' : `Sold in ship packs of ${pack}.`,
      fr: pack === 1 ? "Vendu à l'unité." : `Vendu par lots de ${pack}.`,
      es: pack === 1 ? 'Se vende por unidad.' : `Se vende en lotes de ${pack}.`,
    };
    const brandText = { en: `By ${brand}.`, fr: `Par ${brand}.`, es: `De ${brand}.` };
    for (const lang of LANGS) {
      translations.push({
        productId: id,
        lang,
        name: names[lang],
        description: `${top.use[lang]} ${packText[lang]} ${brandText[lang]}`,
      });
    }

    const contentTypes = rng.chance(0.6) ? [] : CONTENT_TYPES.filter(() => rng.chance(0.45));
    const barcode = toUpcA(
      `${BRAND_PREFIX[brand] ?? '060000'}${String(id % 100000).padStart(5, '0')}`,
    );
    productRows.push({
      id,
      productId,
      classCode,
      categoryId: leaf.id,
      shipPack: pack,
      brand,
      colour: colour.en,
      colourHex: colour.hex,
      type: variant.en ? cap(variant.en) : (sub.type ?? sub.name.en),
      size: localSize(size, 'en'),
      contentTypes: contentTypes.join(','),
      barcode,
      active: true,
    });

    // Prices: CAD selling within the category's range; retail 60–100 % higher; Y (on sale) and
    // R (clearance) carry a lower second selling price (~15 % of products).
    const sellingCad = roundPrice(rng.int(top.price[0], top.price[1]));
    const markup = 1.6 + rng.next() * 0.4;
    const discounted = classCode === 'Y' || classCode === 'R';
    const discount = 0.65 + rng.next() * 0.25;
    const only = rng.next();
    const countries: Array<'ca' | 'us'> =
      only < 0.03 ? ['ca'] : only < 0.05 ? ['us'] : ['ca', 'us'];
    for (const country of countries) {
      const rate = country === 'ca' ? 1 : USD_PER_CAD;
      const selling = roundPrice(sellingCad * rate);
      const retail = Math.max(selling + 50, roundPrice(selling * markup));
      const selling2 = discounted ? Math.min(selling - 10, roundPrice(selling * discount)) : null;
      prices.push({
        productId: id,
        country,
        retailPriceCents: retail,
        sellingPriceCents: selling,
        sellingPrice2Cents: selling2 !== null && selling2 > 0 ? selling2 : null,
        available: stock(rng, classCode),
      });
    }
  }

  const groups = PRODUCT_GROUPS.map((g, index) => ({
    id: index + 1,
    titleEn: g.title.en,
    titleFr: g.title.fr,
    titleEs: g.title.es,
  }));
  const groupItems: Array<typeof productGroupItems.$inferInsert> = [];
  PRODUCT_GROUPS.forEach((g, index) => {
    const candidates = productRows.filter((p) =>
      g.from.some((code) => p.productId.startsWith(`${code}-`)),
    );
    const pool = candidates.length >= g.size ? candidates : productRows;
    rng
      .sample(pool, g.size)
      .forEach((p, position) => groupItems.push({ groupId: index + 1, productId: p.id, position }));
  });

  return {
    categories: categoryRows,
    products: productRows,
    translations,
    prices,
    groups,
    groupItems,
  };
}

/** Multi-row inserts of BATCH rows each (small tables, through Drizzle). */
async function insertBatched(tx: Tx, table: PgTable, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

const SET_BY_DATABASE: ReadonlySet<string> = new Set(['created_at', 'updated_at']);

type UnnestColumn<R> = { name: string; type: string; get: (row: R) => unknown };

/**
 * The sold flags of products (migration 0006: a price row in the country), written with the rows
 * when a bulk load leaves the price trigger that keeps them off.
 */
function soldFlagColumns(catalogue: GeneratedCatalogue): Array<UnnestColumn<ProductRow>> {
  const size = catalogue.products.length + 1;
  const sold = { ca: new Uint8Array(size), us: new Uint8Array(size) };
  for (const price of catalogue.prices) sold[price.country][price.productId] = 1;
  return (['ca', 'us'] as const).map((country) => ({
    name: `sold_${country}`,
    type: 'boolean',
    get: (row: ProductRow) => sold[country][row.id] === 1,
  }));
}

/**
 * Bulk insert for the big tables: one `insert … select * from unnest($1::integer[], $2::text[], …)`
 * per UNNEST_BATCH rows, so a batch costs one parameter per column instead of one per value (several
 * times faster than a multi-row VALUES list on both PGlite and PostgreSQL). Every column of the
 * table is written but its creation and change times, which the database sets.
 */
async function insertUnnest<R extends object>(
  tx: Tx,
  table: PgTable,
  rows: R[],
  /** Columns the Drizzle schema does not declare (set by triggers elsewhere), with their values. */
  extra: Array<UnnestColumn<R>> = [],
): Promise<void> {
  const columns: Array<UnnestColumn<R>> = [
    ...Object.entries(getTableColumns(table))
      .filter(([, column]) => !SET_BY_DATABASE.has(column.name))
      .map(([key, column]) => ({
        name: column.name,
        // A serial id is written as the integer it is.
        type: column.columnType === 'PgSerial' ? 'integer' : column.getSQLType(),
        get: (row: R) => (row as Record<string, unknown>)[key],
      })),
    ...extra,
  ];
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  // NOTE: each batch's arrays are written out while the database inserts the batch before (the
  // statement is sent before that work starts): the seed's JavaScript and PostgreSQL then use the
  // machine's two cores at once instead of taking turns.
  let previous: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < rows.length; i += UNNEST_BATCH) {
    const chunk = rows.slice(i, i + UNNEST_BATCH);
    const arrays = columns.map((c) => sql`${arrayLiteral(chunk.map(c.get))}::${sql.raw(c.type)}[]`);
    await previous;
    // NOTE: Drizzle runs a query each time its result is awaited: one real promise, awaited twice.
    previous = Promise.resolve(
      tx.execute(
        sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`,
      ),
    );
    // Reported when awaited; this only keeps a failure from counting as unhandled meanwhile.
    previous.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await previous;
}

/** PostgreSQL's text form of an array of strings, numbers, booleans and nulls ('{"a",1,NULL}'). */
function arrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value !== 'string') return String(value);
    return /["\\]/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : `"${value}"`;
  });
  return `{${items.join(',')}}`;
}

/** From this many products on, the catalogue is bulk-loaded (bulk-load.ts). */
const BULK_THRESHOLD = 10_000;

/** Moves a serial column's sequence past the explicit ids the seed wrote. */
async function syncSequence(tx: Tx, table: string): Promise<void> {
  await tx.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    ),
  );
}

// eslint-disable-next-line no-restricted-syntax -- a memo of a constant's hash
let passwordHash: Promise<string> | undefined;
/** The demo password's argon2id hash, computed once per process. */
export function demoPasswordHash(): Promise<string> {
  passwordHash ??= hash(DEMO_PASSWORD);
  return passwordHash;
}

/**
 * Loads the deterministic demo catalogue, class codes, product groups, demo accounts and their
 * past orders, in one transaction. Expects empty catalogue tables (the CLI's --reset empties them).
 */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const seed = options.seed ?? 42;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  let t0 = Date.now();
  const catalogue = generateCatalogue({ products: options.products ?? 2000, seed });
  log(`generated the catalogue in memory in ${Date.now() - t0} ms`);
  t0 = Date.now();
  const pwHash = await demoPasswordHash();
  log(`hashed the demo password in ${Date.now() - t0} ms`);

  let orderCount = 0;
  let trade: DemoTradeSummary | undefined;
  await db.transaction(async (tx) => {
    await tx
      .insert(classCodes)
      .values(CLASS_CODES.map(({ weight: _w, ...cc }) => cc))
      .onConflictDoNothing();
    await insertBatched(tx, categories, catalogue.categories);
    const bulk = options.bulk ?? catalogue.products.length >= BULK_THRESHOLD;
    const deferred = bulk ? await startBulkLoad(tx, BULK_TABLES) : null;
    let t = Date.now();
    await insertUnnest(tx, products, catalogue.products, bulk ? soldFlagColumns(catalogue) : []);
    log(`inserted ${catalogue.products.length} products in ${Date.now() - t} ms`);
    t = Date.now();
    await insertUnnest(tx, productTranslations, catalogue.translations);
    log(`inserted ${catalogue.translations.length} translations in ${Date.now() - t} ms`);
    t = Date.now();
    await insertUnnest(tx, productPrices, catalogue.prices);
    log(`inserted ${catalogue.prices.length} prices in ${Date.now() - t} ms`);
    if (deferred) {
      t = Date.now();
      await buildSearchData(tx);
      log(`built the search documents and words in ${Date.now() - t} ms`);
      t = Date.now();
      await finishBulkLoad(tx, BULK_TABLES, deferred);
      log(
        `rebuilt ${deferred.indexes.length} indexes and ${deferred.foreignKeys.length} foreign keys in ${Date.now() - t} ms`,
      );
    }
    await insertBatched(tx, productGroups, catalogue.groups);
    await insertBatched(tx, productGroupItems, catalogue.groupItems);
    for (const table of ['categories', 'products', 'product_groups']) await syncSequence(tx, table);

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          ...u,
          staffRoles: 'staffRoles' in u ? [...u.staffRoles] : [],
          passwordHash: pwHash,
          createdAt: demoAccountOpenedAt(u.email, now),
        })),
      )
      .returning({
        id: users.id,
        email: users.email,
        country: users.country,
        role: users.role,
        lang: users.lang,
      });
    await assignCustomerCodes(
      tx,
      userRows.filter((u) => u.role === 'customer'),
    );
    await tx
      .insert(customerAddresses)
      .values(
        userRows.flatMap((u) =>
          (DEMO_ADDRESSES[u.email] ?? []).map((a) => ({ ...a, userId: u.id })),
        ),
      );
    // The demo store's name, addresses and phones (a fresh store has no identity row); before
    // the orders, as the invoices print its registration numbers.
    await tx.insert(storeIdentity).values({ id: 1, settings: DEMO_IDENTITY }).onConflictDoNothing();
    t = Date.now();
    const buyers = userRows.filter((u) => u.role === 'customer');
    const staffId = (email: string) => userRows.find((u) => u.email === email)?.id ?? null;
    const creditId = staffId('credit@example.com');
    const creditAccounts = await openDemoAccounts(tx, buyers, { creditId }, now);
    // The orders staff walk the demo orders through the workflow (demo-desk.ts).
    const desk = demoDesk(tx, {
      staff: { id: staffId('orders@example.com')!, email: 'orders@example.com' },
      creditId,
      now,
      seed,
    });
    // How long the desk took over each order comes from its own sequence (seed + 4), so the
    // orders' contents stay what the seed always gave.
    orderCount = await seedDemoOrders(tx, catalogue, buyers, new Random(seed + 1), {
      now,
      desk,
      pace: new Random(seed + 4),
    });
    // The demo buyers' trade accounts: invoices, a payment, a return, an overdue balance…
    trade = {
      creditAccounts,
      ...(await seedDemoTrade(tx, catalogue, buyers, { creditId }, { now, seed, desk })),
    };
    // Whatever the trade accounts left unwalked (none unless a buyer is missing).
    await desk.walk();
    log(`seeded the demo buyers' orders and trade accounts in ${Date.now() - t} ms`);
  });

  return {
    products: catalogue.products.length,
    categories: catalogue.categories.length,
    users: DEMO_USERS.length,
    productGroups: catalogue.groups.length,
    orders: orderCount,
    trade,
    ms: Date.now() - started,
  };
}

/** What became of the buyers' past orders: most shipped, a few cancelled at the customer's request. */
const ORDER_OUTCOMES = [
  ['shipped', 9],
  ['cancelled', 1],
] as const;

/** How the buyer pays its invoices: the US account by the card on file, the others by cheque. */
const SETTLEMENT: Record<'ca' | 'us', DemoSettlement> = { ca: 'before_due', us: 'card_on_file' };

const DAY_SECONDS = 86_400;

/**
 * How long before the clock each of a buyer's `count` past orders was placed, in seconds: the
 * first 100 to 120 days ago (before every trade order of demo-trade.ts, so it is the
 * account's opening order), the newest within the last day and a half (the desk may not have
 * reached it yet), the others in between.
 */
function pastOrderAges(rng: Random, count: number): number[] {
  return Array.from({ length: count }, (_, o) =>
    o === 0
      ? rng.int(100 * DAY_SECONDS, 120 * DAY_SECONDS)
      : o === count - 1
        ? rng.int(600, 1.5 * DAY_SECONDS)
        : rng.int(DAY_SECONDS, 100 * DAY_SECONDS),
  );
}

/**
 * A few past orders per established demo buyer over the last 120 days, prices frozen on the lines,
 * each written as the checkout writes it (the default ship-to address, the account's terms, the
 * estimated taxes less the buyer's certificates, the first history step) and walked by the demo
 * desk as far as the clock allows (demo-desk.ts): a shipped one has its parcel and invoice, paid
 * when it fell due. The oldest is the account's opening order, at least the opening minimum and
 * shipped. A new account (its opening deposit still owed on its first order) has no past orders:
 * its first order is the opening order demo-trade.ts places.
 */
async function seedDemoOrders(
  tx: Tx,
  catalogue: GeneratedCatalogue,
  buyers: Array<{ id: number; country: 'ca' | 'us'; lang: 'en' | 'fr' | 'es' }>,
  rng: Random,
  clock: { now: Date; desk: ReturnType<typeof demoDesk>; pace: Random },
): Promise<number> {
  const { now, desk, pace } = clock;
  const lookup = catalogueLookup(catalogue);
  let count = 0;
  for (const buyer of buyers) {
    const sellable = lookup.sellable(buyer.country);
    if (sellable.length === 0) continue;
    // A new account has no order before its opening order (demo-trade.ts places it).
    if ((await checkoutCredit(tx, buyer.id))?.openingDepositRequired) continue;
    const { addresses, paymentTerms } = await getCheckoutAccount(tx, buyer.id);
    const address = addresses.find((a) => a.is_default) ?? addresses[0];
    const shipTo = address ? toShipTo(address) : null;
    const ages = pastOrderAges(rng, rng.int(4, 6));
    for (const [o, age] of ages.entries()) {
      const createdAt = new Date(now.getTime() - age * 1000);
      let lines = rng.sample(sellable, rng.int(2, 9)).map((price) => {
        const product = lookup.product(price.productId);
        const quantity = rng.int(1, 5);
        const name = lookup.name(product.id, buyer.lang);
        return demoOrderLine(product, price, quantity, name, (price.available ?? 0) < quantity);
      });
      const outcome = o === 0 ? 'shipped' : rng.weighted(ORDER_OUTCOMES);
      if (o === 0) lines = withPacksAbove(lines, OPENING_ORDER_MINIMUM_CENTS[buyer.country] - 1);
      const totalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
      const taxes = await orderTaxes(tx, buyer.id, shipTo, totalCents, createdAt);
      const order = await insertPlacedOrder(tx, buyer, createdAt, lines, {
        poNumber: rng.chance(0.6) ? `PO-${rng.int(1000, 9999)}` : null,
        comment: rng.chance(0.3) ? 'Please ship with the next delivery.' : null,
        totalCents,
        shipTo,
        shipToAddressId: address?.id ?? null,
        paymentTerms,
        taxes: taxes.lines,
        taxCents: taxes.totalCents,
        taxExemptions: taxes.exempted,
      });
      desk.plan(order.id, demoSteps(outcome, createdAt, now, pace), SETTLEMENT[buyer.country]);
      count += 1;
    }
  }
  return count;
}

export type BenchCustomerOptions = {
  customers?: number;
  cartLines?: number;
  orders?: number;
  linesPerOrder?: number;
};

/**
 * Load-test data in bulk SQL: `customers` Canadian customers (password wholesale-demo), each with a
 * cart of `cartLines` lines, and `orders` past orders spread over them. Needs the catalogue first.
 */
export async function seedBenchCustomers(
  db: Database,
  options: BenchCustomerOptions = {},
): Promise<{ customers: number; cartLines: number; orders: number; orderLines: number }> {
  const customers = options.customers ?? 1000;
  const lines = options.cartLines ?? 50;
  const orderTotal = options.orders ?? 100_000;
  const perOrder = options.linesPerOrder ?? 3;
  const pwHash = await demoPasswordHash();
  const counts = { customers: 0, cartLines: 0, orders: 0, orderLines: 0 };
  const n = (r: { rows: Array<Record<string, unknown>> }) => Number(r.rows[0]?.n ?? 0);

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, password_hash, role, owner_name, company_name, country, lang)
      select 'bench' || g || '@example.com', ${pwHash}, 'customer', 'Bench Buyer ' || g, 'Bench Shop ' || g,
             'ca', 'en'
      from generate_series(1, ${customers}::int) g
      on conflict do nothing`);
    const uncoded = await tx.execute(
      sql`select id, country from users where email like 'bench%@example.com' and customer_code is null`,
    );
    await assignCustomerCodes(tx, uncoded.rows as { id: number; country: string }[]);
    // Their trade accounts: a limit far above what the bench's orders add up to, no opening
    // deposit, so the order bench measures the credit check in every order without holding any.
    await tx.execute(sql`
      insert into credit_accounts (user_id, credit_limit_cents, net_days, opening_deposit_required)
      select id, 2000000000, 30, false from users where email like 'bench%@example.com'
      on conflict (user_id) do update set credit_limit_cents = excluded.credit_limit_cents,
        opening_deposit_required = false`);
    counts.customers = n(
      await tx.execute(sql`select count(*) as n from users where email like 'bench%@example.com'`),
    );

    // Canadian products numbered 0..k-1, so each (customer, line) maps to one product by arithmetic.
    await tx.execute(sql`
      create temporary table bench_ca on commit drop as
      select row_number() over (order by pp.product_id) - 1 as rn, pp.product_id, p.product_id as code, p.class_code,
             p.ship_pack, pp.selling_price_cents, coalesce(t.name, '') as name
      from product_prices pp
      join products p on p.id = pp.product_id
      left join product_translations t on t.product_id = p.id and t.lang = 'en'
      where pp.country = 'ca'`);
    await tx.execute(sql`create index on bench_ca (rn)`);
    await tx.execute(sql`analyze bench_ca`);
    const k = n(await tx.execute(sql`select count(*) as n from bench_ca`));
    if (k === 0) throw new Error('seedBenchCustomers: load the catalogue first');

    await tx.execute(sql`
      create temporary table bench_users on commit drop as
      select row_number() over (order by id) - 1 as un, id from users where email like 'bench%@example.com'`);

    await tx.execute(sql`
      insert into cart_lines (user_id, product_id, country, quantity)
      select u.id, b.product_id, 'ca', 1 + ((u.un + l) % 5)
      from bench_users u
      cross join generate_series(0, ${lines - 1}::int) l
      join bench_ca b on b.rn = (u.un * 7919 + l * 104729) % ${k}::int
      on conflict do nothing`);
    counts.cartLines = n(
      await tx.execute(
        sql`select count(*) as n from cart_lines c join bench_users u on u.id = c.user_id`,
      ),
    );

    // Orders first (totals filled in afterwards from their lines).
    await tx.execute(sql`
      insert into orders (user_id, country, status, po_number, total_cents, created_at)
      select u.id, 'ca', (array['shipped','shipped','accepted','placed','cancelled'])[1 + g % 5],
             'PO-' || g, 0, now() - ((g % 365) || ' days')::interval - ((g % 86400) || ' seconds')::interval
      from generate_series(0, ${orderTotal - 1}::int) g
      join bench_users u on u.un = g % ${Math.max(counts.customers, 1)}::int`);
    counts.orders = orderTotal;

    await tx.execute(sql`
      insert into order_lines (order_id, product_id, product_code, name, class_code, quantity, ship_pack, unit_price_cents, line_total_cents)
      select o.id, b.product_id, b.code, b.name, b.class_code, 1 + (o.id + l) % 4, b.ship_pack, b.selling_price_cents,
             b.selling_price_cents * (1 + (o.id + l) % 4) * b.ship_pack
      from orders o
      join bench_users u on u.id = o.user_id
      cross join generate_series(0, ${perOrder - 1}::int) l
      join bench_ca b on b.rn = (o.id * 31 + l * 7919) % ${k}::int
      where o.po_number like 'PO-%' and o.total_cents = 0`);
    counts.orderLines = n(
      await tx.execute(
        sql`select count(*) as n from order_lines l join orders o on o.id = l.order_id join bench_users u on u.id = o.user_id`,
      ),
    );
    await tx.execute(sql`
      update orders o set total_cents = s.total
      from (select order_id, sum(line_total_cents) as total from order_lines group by order_id) s
      where s.order_id = o.id and o.total_cents = 0`);
  });
  return counts;
}
